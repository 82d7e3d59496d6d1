/**
 * What a swarm's cut changes in real runs (docs/simulator.md, "Shards and replicas"): the
 * runtime, the simulated provider and the scenario players, with only the cut changed.
 */
import { describe, expect, it } from 'vitest';
import { fixedPolicy } from '../../../src/core/learning/fixed-policy';
import { planChooser } from '../../../src/core/policy/types';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import type { TaskScenarioSpec } from '../../../src/core/scenarios/registry';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

/** Mean metrics of a fixed setting over the seeds. */
async function mean(spec: TaskScenarioSpec, setting: string, size: number) {
  const policy = fixedPolicy(setting);
  const sums: Record<string, number> = {};
  for (const seed of SEEDS) {
    const prepared = prepareRun({
      scenario: { type: 'task', spec },
      seed,
      size,
      plan: planChooser(policy),
      profiles,
    });
    const { metrics } = await runPrepared(prepared, { policy, provider: simulatedProviderFor(profiles) });
    for (const [k, v] of Object.entries(metrics)) sums[k] = (sums[k] ?? 0) + v / SEEDS.length;
  }
  return sums as Record<'itemF1' | 'criticalSteps' | 'cost', number>;
}

describe('a swarm’s cut', () => {
  it('replicas that vote: three small agents per hop answer more deep-search questions right, at three times the work', async () => {
    const deep = loadSpec('deep-search', 'deep-search');
    const once = await mean(deep, 'all/small', 3);
    const voted = await mean(deep, 'all/small/vote3', 3);
    expect(voted.itemF1).toBeGreaterThan(once.itemF1 + 0.1);
    expect(voted.cost).toBeGreaterThan(2.5 * once.cost);
  });

  it('shard size: small shards finish sooner, large ones reread more and brief less, and too large drowns in context', async () => {
    const wide = loadSpec('wide-search', 'wide-search');
    const [two, six, twelve] = [
      await mean(wide, 'all/medium/shard2', 24),
      await mean(wide, 'all/medium/shard6', 24),
      await mean(wide, 'all/medium/shard12', 24),
    ] as const;
    expect(two.criticalSteps).toBeLessThan(six.criticalSteps);
    expect(six.criticalSteps).toBeLessThan(twelve.criticalSteps);
    // Twelve briefs of two rows cost more than four of six; two of twelve reread long contexts.
    expect(six.cost).toBeLessThan(two.cost);
    expect(six.cost).toBeLessThan(twelve.cost);
    expect(twelve.itemF1).toBeLessThan(two.itemF1);
  });
});
