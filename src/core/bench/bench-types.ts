/**
 * The bench's types: what a comparison is asked (BenchOptions), what one policy × seed run gives
 * (BenchRunRecord: the unit a sweep across machines moves, docs/scale-out.md) and the report
 * those runs make. Apart from the code so that running one run (bench-run.ts), folding runs into
 * a report (bench-aggregate.ts) and the loop over both (run-bench.ts) share them without a cycle.
 */

import type { ContextStrategyName } from '../agents/context/registry';
import type { TaskGraph } from '../graph/types';
import type { AttemptHooks } from '../healing/hooks';
import type { MixSpec } from '../learning/mix';
import type { Policy } from '../policy/types';
import type { Provider } from '../providers/types';
import type { PreparedTaskRun } from '../run/prepare';
import type { Clock } from '../runtime/ports';
import type { SimulateResult } from '../runtime/run-options';
import type { TaskScenarioSpec } from '../scenarios/registry';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { Split } from '../scenarios/splits';
import type { ScenarioPorts } from '../scenarios/types';
import type { PairedDifference } from '../stats/paired';
import type { Summary } from '../stats/summary';
import type { WrittenMetrics } from '../trace/cost-alias';
import type { Preference } from '../trace/preference';

/**
 * A run's metrics as the bench reports them: docs/metrics.md's as the run wrote them (with the old
 * name of `cost`, trace/cost-alias), plus `modelWallMs`, the latency model's wall clock along the
 * realized critical path (trace/model-time).
 */
export type BenchMetrics = WrittenMetrics & { readonly modelWallMs: number };

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
  /** The cost and time preference every run is played and scored under (trace/preference.ts). */
  readonly preference?: Preference;
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

/**
 * One policy's run on one seed's instance, as the report folds it: its metrics, and what the
 * report says of its instance (the component of a mix, the size of a task scenario's instance).
 */
export interface BenchRunRecord {
  readonly policy: string;
  readonly seed: number;
  readonly metrics: BenchMetrics;
  /** Mix only: the component scenario the seed drew. */
  readonly component?: string;
  /** Task scenarios only: the instance's size. */
  readonly size?: number;
}
