/**
 * The comparison behind `swarm bench`: every policy on the same instances (one per seed), every
 * metric of docs/metrics.md summarised over seeds, and each swarm policy's means divided by the single
 * agent's. Pure: the caller passes the provider, the sandbox and the clock, and gets each run back
 * (to write its trace) as it finishes.
 */

import type { ContextStrategyName } from '../agents/context/registry';
import type { TaskGraph } from '../graph/types';
import type { AttemptHooks } from '../healing/hooks';
import { componentSpec, drawBenchTask, type MixSpec } from '../learning/mix';
import { type Policy, planChooser } from '../policy/types';
import type { Provider } from '../providers/types';
import { runInputOf } from '../request/run-input';
import type { RunRequest } from '../request/run-request';
import { type PreparedTaskRun, prepareRun } from '../run/prepare';
import { modelWallOf, runPrepared } from '../run/run';
import type { Clock } from '../runtime/ports';
import type { SimulateResult } from '../runtime/simulate';
import type { TaskScenarioSpec } from '../scenarios/registry';
import { scenarioKinds } from '../scenarios/registry';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { Split } from '../scenarios/splits';
import type { ScenarioPorts } from '../scenarios/types';
import { type PairedDifference, pairedBootstrap } from '../stats/paired';
import { type Summary, summarize } from '../stats/summary';
import type { Metrics } from '../trace/metrics';
import { hashString } from '../util/rng';

/**
 * A run's metrics as the bench reports them: docs/metrics.md's, plus `modelWallMs`, the latency
 * model's wall clock along the realized critical path (trace/model-time).
 */
export type BenchMetrics = Metrics & { readonly modelWallMs: number };

/** A metric over the seeds: mean, 95% interval, and each instance's value in seed order (for pairing). */
export type MetricSummary = Summary & { readonly values: readonly number[] };

export type BenchScenario =
  | { readonly type: 'task'; readonly spec: TaskScenarioSpec }
  | { readonly type: 'graph'; readonly graph: TaskGraph; readonly workers?: number }
  /** The mixed distribution: seed k runs component k mod n, at a size and under budgets of the mix. */
  | {
      readonly type: 'mix';
      readonly mix: MixSpec;
      readonly specs: Readonly<Record<string, TaskScenarioSpec>>;
    };

export interface BenchOptions {
  readonly scenario: BenchScenario;
  readonly policies: readonly Policy[];
  readonly seeds: readonly number[];
  /** Rows, hops or functions; the scenario's default when absent. */
  readonly size?: number;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  readonly provider: Provider;
  readonly ports?: ScenarioPorts;
  /** Every agent's context strategy; the scenario's when absent. */
  readonly context?: ContextStrategyName;
  readonly profile?: string;
  readonly clock?: Clock;
  readonly signal?: AbortSignal;
  /**
   * The hooks each task run's attempts run under (the self-healing loop, healing/): made afresh
   * per run, as the loop's knowledge of the swarm is the run's own.
   */
  readonly hooks?: (run: PreparedTaskRun) => AttemptHooks | undefined;
  /** Each policy is paired with this one, instance by instance (paired bootstrap); default: the first. */
  readonly baseline?: string;
  /** Which split the seeds were drawn from, for the report. */
  readonly split?: Split;
  /** Called after each run, in order (policy-major within a seed). */
  readonly onRun?: (run: {
    policy: string;
    seed: number;
    index: number;
    total: number;
    result: SimulateResult;
  }) => void;
}

export interface BenchReport {
  readonly scenario: string;
  readonly kind: string;
  readonly size: number | null;
  readonly seeds: number;
  /** The split the seeds come from (scenarios/splits.ts), when one was asked for. */
  readonly split?: Split;
  readonly policies: Readonly<Record<string, Readonly<Record<keyof BenchMetrics, MetricSummary>>>>;
  /** The policy every other one is paired with. */
  readonly baseline: string;
  /**
   * For every other policy, each metric's paired difference (policy − baseline) over the same
   * instances, with its 95% paired-bootstrap interval.
   */
  readonly paired: Readonly<Record<string, Readonly<Record<string, PairedDifference>>>>;
  /**
   * For each swarm policy, each metric's mean divided by the single-agent policy's (present when
   * exactly one policy plans `single`); null where the single agent's mean is 0.
   */
  readonly ratios: Readonly<Record<string, Readonly<Record<string, number | null>>>>;
  readonly single: string | null;
  /** Mix only: the same summaries per component scenario. */
  readonly components?: Readonly<
    Record<string, Readonly<Record<string, Readonly<Record<keyof BenchMetrics, MetricSummary>>>>>
  >;
}

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const { scenario, policies, seeds } = options;
  const perPolicy = new Map<string, BenchMetrics[]>(policies.map((p) => [p.name, []]));
  const perComponent = new Map<string, Map<string, BenchMetrics[]>>();
  const total = policies.length * seeds.length;
  let index = 0;
  let size: number | null = null;
  for (const seed of seeds) {
    // One instance per seed, shared by every policy: they face the same task and the same world.
    let spec: TaskScenarioSpec | undefined;
    let instanceSize: number | undefined;
    if (scenario.type === 'task') {
      spec = scenario.spec;
      instanceSize = options.size ?? spec.size.default;
    } else if (scenario.type === 'mix') {
      const draw = drawBenchTask(scenario.mix, seed);
      const base = scenario.specs[draw.component.scenario] as TaskScenarioSpec;
      spec = componentSpec(base, draw.component);
      instanceSize = draw.size;
    }
    const instance =
      spec && instanceSize !== undefined
        ? scenarioKinds[spec.kind].generate(spec as never, seed, instanceSize)
        : undefined;
    if (instance && scenario.type === 'task') size = instance.size;
    for (const policy of policies) {
      if (options.signal?.aborted) throw new Error('the bench was aborted');
      // Each run is a run request, composed as the page's, the API's and `swarm run`'s are
      // (request/run-input.ts); the seed's one instance is lent to every policy's.
      const graph = scenario.type === 'graph' ? scenario.graph : undefined;
      const request: RunRequest = {
        scenario: spec ? spec.id : (graph as TaskGraph).id,
        seed,
        policy: policy.name,
        ...(options.context ? { context: options.context } : {}),
        ...(options.profile ? { profile: options.profile } : {}),
        ...(scenario.type === 'graph' && scenario.workers
          ? { budgets: { subagents: scenario.workers } }
          : {}),
      };
      const run = prepareRun(
        runInputOf(
          request,
          spec && instance
            ? { type: 'task', spec }
            : { type: 'graph', id: (graph as TaskGraph).id, graph: () => graph as TaskGraph },
          { profiles: options.profiles, plan: planChooser(policy), ...(instance ? { instance } : {}) },
        ),
      );
      const hooks = run.type === 'task' ? options.hooks?.(run) : undefined;
      const result = await runPrepared(run, {
        policy,
        provider: options.provider,
        ...(hooks ? { hooks } : {}),
        ...(options.ports ? { ports: options.ports } : {}),
        ...(options.clock ? { clock: options.clock } : {}),
        ...(run.type === 'task' && options.signal ? { signal: options.signal } : {}),
      });
      // The latency model's wall clock along the realized critical path, next to the measured one.
      const metrics: BenchMetrics = { ...result.metrics, modelWallMs: modelWallOf(run, result.events) };
      perPolicy.get(policy.name)?.push(metrics);
      if (scenario.type === 'mix' && spec) {
        const byPolicy = perComponent.get(spec.id) ?? new Map<string, BenchMetrics[]>();
        perComponent.set(spec.id, byPolicy);
        byPolicy.set(policy.name, [...(byPolicy.get(policy.name) ?? []), metrics]);
      }
      options.onRun?.({ policy: policy.name, seed, index: index++, total, result });
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
