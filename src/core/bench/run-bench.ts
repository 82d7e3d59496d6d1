/**
 * The comparison behind `swarm bench`: every policy on the same instances (one per seed), every
 * metric of docs/metrics.md summarised over seeds, and each swarm policy's means divided by the single
 * agent's. Pure: the caller passes the provider, the sandbox and the clock, and gets each run back
 * (to write its trace) as it finishes. One run is bench-run.ts, the report bench-aggregate.ts: a
 * sweep across machines (docs/scale-out.md) runs the first on workers and folds with the second.
 */

import { benchReport } from './bench-aggregate';
import { benchInstance, runBenchOne } from './bench-run';
import type { BenchOptions, BenchReport, BenchRunRecord } from './bench-types';

export type {
  BenchMetrics,
  BenchOptions,
  BenchReport,
  BenchRunRecord,
  BenchScenario,
  MetricSummary,
} from './bench-types';

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const { policies, seeds } = options;
  const runs: BenchRunRecord[] = [];
  const total = policies.length * seeds.length;
  let index = 0;
  for (const seed of seeds) {
    // One instance per seed, shared by every policy: they face the same task and the same world.
    const instance = benchInstance(options, seed);
    for (const policy of policies) {
      if (options.signal?.aborted) throw new Error('the bench was aborted');
      const { record, result } = await runBenchOne(options, policy, seed, instance);
      runs.push(record);
      options.onRun?.({ policy: policy.name, seed, index: index++, total, result });
    }
  }
  return benchReport(options, runs);
}
