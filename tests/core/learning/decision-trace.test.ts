/**
 * A learned policy's decisions are in its run's trace with the probability it gave each: the plan
 * in the header, every decision's width, profile and control on its orchestrator.step, the
 * bandit's arm in the header. Off-policy evaluation reads them from there.
 */
import { describe, expect, it } from 'vitest';
import { armName, banditArms, banditPolicy, makeBandit } from '../../../src/core/learning/bandit-policy';
import { CUT_PRIOR, initParams, PLANS, parlPolicy, SINGLE_PRIOR } from '../../../src/core/learning/parl';
import { type Policy, planChooser } from '../../../src/core/policy/types';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();
const spec = loadSpec('wide-search', 'wide-search');

async function run(policy: Policy) {
  const prepared = prepareRun({
    scenario: { type: 'task', spec },
    seed: 4,
    size: 12,
    plan: planChooser(policy),
    profiles,
  });
  return runPrepared(prepared, { policy, provider: simulatedProviderFor(profiles), keepEvents: true });
}

describe('a learned policy’s decisions in the trace', () => {
  it('PARL: the plan in the header, each decision’s three choices on its step, with their probabilities', async () => {
    const params = initParams();
    // Spawn this time, so there are decisions with widths to record.
    params.plan[PLANS.indexOf('single') * (params.plan.length / PLANS.length)] = -SINGLE_PRIOR;
    const result = await run(parlPolicy({ params, mode: 'greedy' }));
    // Wide search allows every cut, each CUT_PRIOR below spawn.
    const others = Math.exp(-SINGLE_PRIOR) + 3 * Math.exp(CUT_PRIOR);
    expect(result.header.planChoices).toHaveLength(1);
    expect(result.header.planChoices?.[0]).toMatchObject({ head: 'plan', option: 'swarm' });
    expect(result.header.planChoices?.[0]?.probability).toBeCloseTo(1 / (1 + others), 12);
    const steps = result.events.filter((e) => e.type === 'orchestrator.step' && e.choices);
    expect(steps.length).toBeGreaterThan(0);
    const first = steps[0] as Extract<(typeof steps)[number], { type: 'orchestrator.step' }>;
    expect(first.choices?.map((c) => c.head)).toEqual(['width', 'profile', 'control']);
    // Untrained heads are uniform: 1 of 5 widths, 1 of 3 profiles; finishing starts unlikely.
    expect(first.choices?.[0]?.probability).toBeCloseTo(0.2, 12);
    expect(first.choices?.[1]?.probability).toBeCloseTo(1 / 3, 12);
    expect(first.choices?.[2]).toMatchObject({ option: 'go' });
  });

  it('the bandit: its arm in the header, chosen deterministically', async () => {
    const arms = banditArms();
    const result = await run(banditPolicy(makeBandit('linucb', arms.length, 1), arms));
    expect(result.header.planChoices).toHaveLength(1);
    expect(result.header.planChoices?.[0]).toMatchObject({ head: 'arm', probability: 1 });
    expect(arms.map(armName)).toContain(result.header.planChoices?.[0]?.option);
  });

  it('a hand-written policy records none', async () => {
    const { heuristicPolicy } = await import('../../../src/core/policy/heuristic');
    const result = await run(heuristicPolicy);
    expect(result.header.planChoices).toBeUndefined();
    expect(result.events.some((e) => e.type === 'orchestrator.step' && e.choices)).toBe(false);
  });
});
