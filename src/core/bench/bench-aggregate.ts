/**
 * The bench's report from its runs: every metric summarised over seeds per policy (and per mix
 * component), each swarm policy's means divided by the single agent's, and each policy paired
 * with the baseline instance by instance. One fold for the local loop and for a sweep gathered
 * from many machines, so both print the same report when given the same runs in the same order.
 */

import type { Policy } from '../policy/types';
import { type PairedDifference, pairedBootstrap } from '../stats/paired';
import { type Summary, summarize } from '../stats/summary';
import { hashString } from '../util/rng';
import type { BenchMetrics, BenchOptions, BenchReport, BenchRunRecord, MetricSummary } from './bench-types';

/**
 * The report of `runs`, which must come seed by seed in `options.seeds`' order and, within a
 * seed, policy by policy in `options.policies`' order: the order fixes each summary's `values`
 * (the pairing) and the order of the report's keys.
 */
export function benchReport(
  options: Pick<BenchOptions, 'scenario' | 'seeds' | 'baseline' | 'split'> & {
    readonly policies: readonly Pick<Policy, 'name' | 'plan'>[];
  },
  runs: readonly BenchRunRecord[],
): BenchReport {
  const { scenario, policies, seeds } = options;
  const perPolicy = new Map<string, BenchMetrics[]>(policies.map((p) => [p.name, []]));
  const perComponent = new Map<string, Map<string, BenchMetrics[]>>();
  let size: number | null = null;
  for (const run of runs) {
    perPolicy.get(run.policy)?.push(run.metrics);
    if (run.size !== undefined) size = run.size;
    if (run.component !== undefined) {
      const byPolicy = perComponent.get(run.component) ?? new Map<string, BenchMetrics[]>();
      perComponent.set(run.component, byPolicy);
      byPolicy.set(run.policy, [...(byPolicy.get(run.policy) ?? []), run.metrics]);
    }
  }

  const summaries = summarizeRuns(perPolicy);
  const singles = policies.filter((p) => p.plan === 'single');
  const single = singles.length === 1 ? (singles[0] as Policy).name : null;
  const ratios: Record<string, Record<string, number | null>> = {};
  if (single !== null) {
    const base = summaries[single] as Record<string, Summary>;
    for (const p of policies) {
      if (p.name === single) continue;
      const own = summaries[p.name] as Record<string, Summary>;
      ratios[p.name] = Object.fromEntries(
        Object.keys(own).map((k) => {
          const denominator = base[k]?.mean ?? 0;
          return [k, denominator === 0 ? null : (own[k] as Summary).mean / denominator];
        }),
      );
    }
  }
  const baseline = options.baseline ?? (policies[0] as Policy).name;
  if (!summaries[baseline]) throw new Error(`--baseline "${baseline}" is not among the policies run`);
  const paired: Record<string, Record<string, PairedDifference>> = {};
  const base = summaries[baseline] as Record<string, MetricSummary>;
  for (const p of policies) {
    if (p.name === baseline) continue;
    const own = summaries[p.name] as Record<string, MetricSummary>;
    paired[p.name] = Object.fromEntries(
      Object.keys(own).map((k) => [
        k,
        pairedBootstrap((base[k] as MetricSummary).values, (own[k] as MetricSummary).values, {
          seed: hashString(k),
        }),
      ]),
    );
  }
  return {
    scenario:
      scenario.type === 'task'
        ? scenario.spec.id
        : scenario.type === 'mix'
          ? scenario.mix.id
          : scenario.graph.id,
    kind: scenario.type === 'task' ? scenario.spec.kind : scenario.type,
    size,
    seeds: seeds.length,
    ...(options.split ? { split: options.split } : {}),
    policies: summaries,
    baseline,
    paired,
    ratios,
    single,
    ...(scenario.type === 'mix'
      ? { components: Object.fromEntries([...perComponent].map(([id, runs]) => [id, summarizeRuns(runs)])) }
      : {}),
  };
}

function summarizeRuns(
  perPolicy: ReadonlyMap<string, BenchMetrics[]>,
): Record<string, Record<keyof BenchMetrics, MetricSummary>> {
  const summaries: Record<string, Record<keyof BenchMetrics, MetricSummary>> = {};
  for (const [name, runs] of perPolicy) {
    const keys = Object.keys(runs[0] ?? {}) as (keyof BenchMetrics)[];
    summaries[name] = Object.fromEntries(
      keys.map((k) => {
        const values = runs.map((m) => m[k]);
        return [k, { ...summarize(values), values }];
      }),
    ) as unknown as Record<keyof BenchMetrics, MetricSummary>;
  }
  return summaries;
}
