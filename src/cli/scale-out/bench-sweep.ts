/**
 * `swarm bench --redis URL` (and `swarm grid --redis`): the bench's runs made by the workers of
 * a sweep (sweep-launcher.ts), folded with the bench's own fold (core/bench/bench-aggregate.ts)
 * in the local loop's order, so the report is the local one, wall-clock figures apart.
 */

import { benchReport } from '../../core/bench/bench-aggregate';
import type { BenchReport, BenchRunRecord } from '../../core/bench/bench-types';
import type { Policy } from '../../core/policy/types';
import { type BenchSweepSpec, benchScenarioOf } from './bench-sweep-spec';
import { runSweep, type SweepLaunch } from './sweep-launcher';

export async function runBenchSweep(
  spec: BenchSweepSpec,
  policies: readonly Pick<Policy, 'name' | 'plan'>[],
  launch: SweepLaunch,
): Promise<BenchReport> {
  // A worker names a run by the policy it resolved (`spec.policies`); the report by the launcher's
  // names, which differ where the launcher's policy is in memory (an experiment's arm, `parl:ARM`).
  const renamed = new Map(spec.policies.map((name, i) => [name, policies[i]?.name ?? name]));
  const runs = ((await runSweep(spec, launch)) as BenchRunRecord[]).map((run) =>
    renamed.get(run.policy) === run.policy ? run : { ...run, policy: renamed.get(run.policy) ?? run.policy },
  );
  return benchReport(
    {
      scenario: benchScenarioOf(spec.scenario),
      policies,
      seeds: spec.seeds,
      ...(spec.baseline !== undefined ? { baseline: spec.baseline } : {}),
      ...(spec.split ? { split: spec.split } : {}),
    },
    runs,
  );
}
