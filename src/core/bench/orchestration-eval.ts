/**
 * Evaluating orchestrators of the orchestration environment (learning/orchestration): every
 * policy plays the same instances of one split, metric values are kept per instance so any two
 * policies can be paired, and the baselines are chosen on validation (never on test): the best
 * fixed setting overall and the best per task kind. Also the checks that say, before any training,
 * whether the environment is worth learning (docs/learning.md).
 */
import {
  allSettings,
  CONTROLS,
  delegating,
  fixedOrchestrator,
  MODES,
  type OrchestrationPolicy,
  PROFILES,
  parseSetting,
  RECOVERIES,
  REPLICAS,
  type Setting,
  SHARDS,
  SPARES,
  settingName,
} from '../learning/orchestration/decisions';
import { type EpisodeResult, playInstance } from '../learning/orchestration/episode';
import { drawInstance, type Instance } from '../learning/orchestration/instance';
import { type EnvParams, KINDS, type Kind } from '../learning/orchestration/params';
import { orchestrationReward } from '../learning/orchestration/reward';
import { keyedRng } from '../util/rng';
import { type PairedDifference, pairedBootstrap } from './paired';

export const EVAL_METRICS = [
  'reward',
  'quality',
  'relativeCost',
  'criticalSteps',
  'solo',
  'unusedSubagents',
  'failedAttempts',
] as const;
export type EvalMetric = (typeof EVAL_METRICS)[number];

export interface Evaluation {
  readonly policy: string;
  readonly seeds: readonly number[];
  /** Per metric, one value per instance, in seed order. */
  readonly values: Readonly<Record<EvalMetric, number[]>>;
  readonly means: Readonly<Record<EvalMetric, number>>;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);

export function metricValues(params: EnvParams, r: EpisodeResult): Record<EvalMetric, number> {
  return {
    reward: orchestrationReward(params, r, 0, 0).reward,
    quality: r.quality,
    relativeCost: r.relativeCost,
    criticalSteps: r.criticalSteps,
    solo: r.solo ? 1 : 0,
    unusedSubagents: r.spawned - r.contributed,
    // The part of unusedSubagents that crashed or overflowed: failures, not idle or duplicate work.
    failedAttempts: r.failedAttempts,
  };
}

export function evaluate(
  params: EnvParams,
  policy: OrchestrationPolicy,
  instances: readonly Instance[],
): Evaluation {
  return evaluationOf(
    params,
    policy.name,
    instances.map((instance) => playInstance(params, instance, policy)),
  );
}

/** The evaluation of episodes played one per instance, in order (sync or async alike). */
export function evaluationOf(
  params: EnvParams,
  policy: string,
  results: readonly EpisodeResult[],
): Evaluation {
  const values = Object.fromEntries(EVAL_METRICS.map((m) => [m, [] as number[]])) as Record<
    EvalMetric,
    number[]
  >;
  for (const result of results) {
    const v = metricValues(params, result);
    for (const m of EVAL_METRICS) values[m].push(v[m]);
  }
  const means = Object.fromEntries(EVAL_METRICS.map((m) => [m, mean(values[m])])) as Record<
    EvalMetric,
    number
  >;
  return { policy, seeds: results.map((r) => r.seed), values, means };
}

export function instancesOf(params: EnvParams, seeds: readonly number[]): Instance[] {
  return seeds.map((s) => drawInstance(params, s));
}

/** `other − base` of a metric, paired instance by instance, with its 95% bootstrap interval. */
export function paired(base: Evaluation, other: Evaluation, metric: EvalMetric = 'reward'): PairedDifference {
  return pairedBootstrap(base.values[metric], other.values[metric]);
}

export interface GridRow {
  readonly setting: string;
  readonly reward: number;
  readonly quality: number;
  readonly relativeCost: number;
  readonly criticalSteps: number;
}

export interface GridResult {
  /** Every setting's means, best reward first. */
  readonly rows: GridRow[];
  readonly best: string;
  /** The best setting for each kind, on that kind's instances. */
  readonly perKind: Readonly<Record<Kind, string>>;
  /** Reward per setting per instance (settings in allSettings() order), for the checks. */
  readonly matrix: number[][];
}

/** Every fixed setting on `instances`; ties go to the cheaper setting. */
export function grid(params: EnvParams, instances: readonly Instance[]): GridResult {
  const settings = allSettings();
  const evals = settings.map((s) => evaluate(params, fixedOrchestrator(s), instances));
  const order = (a: Evaluation, b: Evaluation) =>
    b.means.reward - a.means.reward || a.means.relativeCost - b.means.relativeCost;
  const rows = [...evals].sort(order).map((e) => ({
    setting: e.policy.replace(/^fixed:/, ''),
    reward: e.means.reward,
    quality: e.means.quality,
    relativeCost: e.means.relativeCost,
    criticalSteps: e.means.criticalSteps,
  }));
  const perKind = {} as Record<Kind, string>;
  for (const kind of KINDS) {
    const idx = instances.flatMap((inst, i) => (inst.kind === kind ? [i] : []));
    let best = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    evals.forEach((e, s) => {
      const v = mean(idx.map((i) => e.values.reward[i] as number));
      if (v > bestValue) {
        bestValue = v;
        best = s;
      }
    });
    perKind[kind] = settingName(settings[best] as Setting);
  }
  return {
    rows,
    best: (rows[0] as GridRow).setting,
    perKind,
    matrix: evals.map((e) => e.values.reward),
  };
}

/** Plays each kind's own setting. */
export function perKindOrchestrator(
  perKind: Readonly<Record<Kind, Setting>>,
  name = 'per-kind',
): OrchestrationPolicy {
  const policies = Object.fromEntries(KINDS.map((k) => [k, fixedOrchestrator(perKind[k])])) as Record<
    Kind,
    OrchestrationPolicy
  >;
  return delegating(name, (observed) => policies[observed.kind]);
}

/** Spawn with every choice drawn uniformly: what a parallel orchestrator does before it learns. */
export function randomParallel(seed: number): OrchestrationPolicy {
  const rng = keyedRng(seed, 'random-parallel');
  const k = (n: number) => Math.floor(rng.next() * n);
  return {
    name: 'random-parallel',
    plan: () => ({
      mode: MODES.indexOf('spawn'),
      shard: k(SHARDS.length),
      replicas: k(REPLICAS.length),
      spares: k(SPARES.length),
    }),
    profile: () => k(PROFILES.length),
    recover: () => k(RECOVERIES.length),
    control: () => k(CONTROLS.length),
  };
}

export interface Checks {
  readonly instances: number;
  readonly bestFixed: { readonly setting: string; readonly reward: number };
  readonly bestPerKind: number;
  /** Mean over instances of the best setting on each instance (an upper bound: it picks with hindsight). */
  readonly bestPerContext: number;
  readonly solo: number;
  readonly randomParallel: number;
  readonly bestParallel: { readonly setting: string; readonly reward: number };
  /** Instances on which the best parallel setting beats solo. */
  readonly parallelBeatsSolo: number;
  readonly holds: {
    readonly noFixedWithin5Percent: boolean;
    readonly perKindClearlyBelowPerContext: boolean;
    readonly randomParallelBelowSolo: boolean;
    readonly bestParallelAboveSolo: boolean;
  };
}

/** The checks of docs/learning.md, on `instances` (validation: never test). */
export function preTrainingChecks(params: EnvParams, instances: readonly Instance[]): Checks {
  const g = grid(params, instances);
  const settings = allSettings();
  const perKindPolicy = perKindOrchestrator(
    Object.fromEntries(KINDS.map((k) => [k, parseSetting(g.perKind[k])])) as Record<Kind, Setting>,
  );
  const bestPerKind = evaluate(params, perKindPolicy, instances).means.reward;
  const perContext = mean(instances.map((_, i) => Math.max(...g.matrix.map((col) => col[i] as number))));
  const soloIndex = settings.findIndex((s) => s.mode === 'solo');
  const solo = mean(g.matrix[soloIndex] as number[]);
  const random = mean(
    instances.map(
      (inst) => metricValues(params, playInstance(params, inst, randomParallel(inst.seed))).reward,
    ),
  );
  const parallelRow = g.rows.find((r) => r.setting.startsWith('spawn/')) as GridRow;
  const parallelIdx = settings.flatMap((s, i) => (s.mode === 'spawn' ? [i] : []));
  const beats = instances.filter(
    (_, i) =>
      Math.max(...parallelIdx.map((s) => (g.matrix[s] as number[])[i] as number)) >
      ((g.matrix[soloIndex] as number[])[i] as number),
  ).length;
  const bestFixed = (g.rows[0] as GridRow).reward;
  return {
    instances: instances.length,
    bestFixed: { setting: g.best, reward: bestFixed },
    bestPerKind,
    bestPerContext: perContext,
    solo,
    randomParallel: random,
    bestParallel: { setting: parallelRow.setting, reward: parallelRow.reward },
    parallelBeatsSolo: beats,
    holds: {
      noFixedWithin5Percent: bestFixed < 0.95 * perContext,
      perKindClearlyBelowPerContext: bestPerKind < 0.95 * perContext,
      randomParallelBelowSolo: random < solo,
      bestParallelAboveSolo: parallelRow.reward > solo,
    },
  };
}
