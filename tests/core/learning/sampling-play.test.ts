/**
 * A trained policy played by sampling: its draws are keyed by the run's seed (same seed, same
 * trace, byte for byte but wall-clock; another seed, other draws), and every decision is logged in
 * full, so that the policy's own probabilities recomputed offline from the logged features are the
 * ones that acted: evaluated as its own target, every run weighs exactly 1.
 */
import { describe, expect, it } from 'vitest';
import { armName, banditArms, banditPolicy, makeBandit } from '../../../src/core/learning/bandit-policy';
import { evaluateOffPolicy } from '../../../src/core/learning/off-policy-evaluate';
import { behaviourOf, loggedRun } from '../../../src/core/learning/off-policy-logs';
import { banditTarget, fixedTarget, parlTarget } from '../../../src/core/learning/off-policy-targets';
import {
  initParams,
  type ParlParams,
  PLANS,
  parlPolicy,
  SINGLE_PRIOR,
} from '../../../src/core/learning/parl';
import { type Policy, planChooser } from '../../../src/core/policy/types';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { withoutWallClock } from '../../../src/core/trace/jsonl';
import { createRng } from '../../../src/core/util/rng';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();
const spec = loadSpec('wide-search', 'wide-search');

async function run(policy: Policy, seed: number) {
  const prepared = prepareRun({
    scenario: { type: 'task', spec },
    seed,
    size: 12,
    plan: planChooser(policy),
    profiles,
  });
  return runPrepared(prepared, { policy, provider: simulatedProviderFor(profiles), keepEvents: true });
}

/** Weights spread over every head, so that sampling has choices to make. */
function spreadParams(): ParlParams {
  const params = initParams();
  const rng = createRng(7);
  // The control head keeps its prior against finishing, so runs go on past their first decision.
  for (const key of ['width', 'profile', 'retry', 'vote'] as const)
    for (let i = 0; i < params[key].length; i++) params[key][i] = (rng.next() - 0.5) * 2;
  params.plan[PLANS.indexOf('single') * (params.plan.length / PLANS.length)] = -SINGLE_PRIOR;
  return params;
}

const sampling = (params: ParlParams) => parlPolicy({ params, mode: 'sample', log: true, name: 'parl:test' });

describe('a trained policy played by sampling', () => {
  it('draws from streams keyed by the run seed: the same seed gives the same trace, other seeds other draws', async () => {
    const params = spreadParams();
    const a = await run(sampling(params), 4);
    // A fresh policy object and a run of another seed in between: nothing carries over.
    const policy = sampling(params);
    await run(policy, 9);
    const b = await run(policy, 4);
    expect(JSON.stringify(b.header)).toBe(JSON.stringify(a.header));
    expect(withoutWallClock(b.events)).toEqual(withoutWallClock(a.events));
    expect(a.header.play).toBe('sample');
    const choicesOf = (r: typeof a) =>
      JSON.stringify(r.events.flatMap((e) => (e.type === 'orchestrator.step' ? [e.choices] : [])));
    const others = await Promise.all([5, 6, 7, 8].map((s) => run(sampling(params), s)));
    expect(new Set([a, ...others].map(choicesOf)).size).toBeGreaterThan(1);
  });

  it('logs each decision in full: the choice is among the options acting alike, its probability is the logged one', async () => {
    const result = await run(sampling(spreadParams()), 4);
    const header = result.header;
    expect(header.decisionOptions?.plan).toEqual([...PLANS]);
    const plan = header.planDecision;
    expect(plan?.features).toHaveLength(16);
    const chosen = PLANS.indexOf(header.planChoices?.[0]?.option as (typeof PLANS)[number]);
    expect(plan?.same).toContain(chosen);
    expect(plan?.heads.plan?.[chosen]).toBe(header.planChoices?.[0]?.probability);
    const steps = result.events.flatMap((e) => (e.type === 'orchestrator.step' && e.decision ? [e] : []));
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      const d = step.decision as NonNullable<typeof step.decision>;
      expect(d.features).toHaveLength(34);
      expect(Object.keys(d.heads)).toEqual(['width', 'profile', 'control', 'retry', 'vote']);
      for (const p of Object.values(d.heads)) expect(p.reduce((s, q) => s + q, 0)).toBeCloseTo(1, 12);
      // Every choice logged on the step has the probability its head's distribution gives it.
      for (const c of step.choices ?? []) {
        const options = header.decisionOptions?.[c.head] as readonly string[];
        expect(d.heads[c.head]?.[options.indexOf(c.option)]).toBe(c.probability);
      }
      // The options acting alike hold at least the choice, and their mass is at least its own.
      const own = (step.choices ?? []).reduce((s, c) => s * c.probability, 1);
      expect(behaviourOf('step', d)).toBeGreaterThanOrEqual(own * (1 - 1e-12));
    }
  });

  it('evaluated as its own target, every run weighs 1; greedy play is marked greedy and refused as logs', async () => {
    const params = spreadParams();
    const runs = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = await run(sampling(params), seed);
      runs.push(loggedRun(r.header, r.events));
    }
    const self = parlTarget('parl:test', params, 'sample', undefined);
    for (const r of runs) {
      const w = r.decisions.reduce((acc, d) => acc * (self.probability(d) / d.behaviour), 1);
      expect(w).toBeCloseTo(1, 9);
    }
    const report = evaluateOffPolicy(runs, self, { resamples: 200 });
    expect(report.effectiveSampleSize).toBeCloseTo(5, 9);
    const mean = runs.reduce((s, r) => s + r.reward, 0) / runs.length;
    expect(report.is.estimate).toBeCloseTo(mean, 9);
    expect(report.wis.estimate).toBeCloseTo(mean, 9);
    // A cascade decides from the run's history, which none of PARL's logged decisions holds.
    expect(() => fixedTarget('all/large/cascade', 'plan')).toThrow(
      /history[\s\S]*accepted: fixed settings without the cascade/,
    );
    const greedy = await run(parlPolicy({ params, mode: 'greedy', log: true }), 1);
    expect(greedy.header.play).toBe('greedy');
    expect(() => loggedRun(greedy.header, greedy.events)).toThrow(
      /played greedily, so the behaviour probability of each choice was 1/,
    );
  });

  it('weighs runs for another sampling target with weights whose mean is 1, as importance weights must', async () => {
    const params = spreadParams();
    // A target near the behaviour: light-tailed weights, so their mean over 60 runs is near 1.
    // Each option's bias moved its own way: the distributions shift, their support stays.
    const shifted = (w: Float64Array) =>
      Float64Array.from(w, (x, k) => (k % 34 === 0 ? x + ((k / 34) % 2 ? 0.5 : -0.5) : x));
    const near: ParlParams = {
      ...params,
      width: shifted(params.width),
      profile: shifted(params.profile),
      retry: shifted(params.retry),
      vote: shifted(params.vote),
    };
    const target = parlTarget('parl:near', near, 'sample', undefined);
    const weights: number[] = [];
    for (let seed = 1; seed <= 60; seed++) {
      const r = await run(sampling(params), seed);
      const logged = loggedRun(r.header, r.events);
      weights.push(logged.decisions.reduce((acc, d) => acc * (target.probability(d) / d.behaviour), 1));
    }
    const mean = weights.reduce((a, b) => a + b, 0) / weights.length;
    const sd = Math.sqrt(weights.reduce((a, w) => a + (w - mean) ** 2, 0) / (weights.length - 1));
    expect(new Set(weights.map((w) => w.toFixed(6))).size).toBeGreaterThan(10);
    // Within four standard errors of 1 (a wrong behaviour probability moves it by far more).
    expect(Math.abs(mean - 1)).toBeLessThan((4 * sd) / Math.sqrt(weights.length));
  });

  it('the bandit samples its arm from a softmax of its estimates, keyed by the seed, and logs the arms acting alike', async () => {
    const arms = banditArms();
    const bandit = makeBandit('linucb', arms.length, 1);
    // Teach it a little, so its estimates differ.
    const x = new Float64Array(16).fill(0.5);
    for (let a = 0; a < arms.length; a++) bandit.update(a, x, (a % 7) / 7);
    const play = () => banditPolicy(bandit, arms, undefined, 'bandit:test', { mode: 'sample', log: true });
    const a = await run(play(), 4);
    const b = await run(play(), 4);
    expect(JSON.stringify(b.header)).toBe(JSON.stringify(a.header));
    const d = a.header.planDecision as NonNullable<typeof a.header.planDecision>;
    const chosen = arms.map(armName).indexOf(a.header.planChoices?.[0]?.option as string);
    expect(d.same).toContain(chosen);
    expect(d.heads.arm?.[chosen]).toBe(a.header.planChoices?.[0]?.probability);
    expect(a.header.decisionOptions?.arm).toEqual(arms.map(armName));
    const logged = loggedRun(a.header, a.events);
    expect(logged.decisions).toHaveLength(1);
    const names = arms.map(armName);
    // As its own sampling target the run weighs 1; a fixed arm weighs 1 where it acts as the
    // logged one did (a cascade arm too: on a bandit's logs it is one whole-run choice).
    const self = banditTarget('bandit:test', bandit, arms, 'sample', names);
    const d0 = logged.decisions[0] as (typeof logged.decisions)[number];
    expect(self.probability(d0) / d0.behaviour).toBeCloseTo(1, 12);
    const chosenName = a.header.planChoices?.[0]?.option as string;
    expect(fixedTarget(chosenName, 'arm', names).probability(d0)).toBe(1);
    const other = names.find((n) => !d0.log.same.includes(names.indexOf(n))) as string;
    expect(fixedTarget(other, 'arm', names).probability(d0)).toBe(0);
    expect(() => fixedTarget('all/large/escalate', 'arm', names)).toThrow(
      /not among the logged bandit's arms/,
    );
  });
});
