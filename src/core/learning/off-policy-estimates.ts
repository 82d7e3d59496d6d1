/**
 * Off-policy estimates of a target policy's mean reward from runs another policy played: importance
 * sampling, weighted (self-normalised) importance sampling and doubly robust, each with a
 * percentile bootstrap 95% interval over runs, and the weights' effective sample size.
 *
 * A run's reward comes once, at its end, so the per-decision estimator (Precup et al. 2000) is the
 * whole-run one: its weight is the product over the run's decisions of π_target / π_behaviour of
 * the actions taken, each decision's own ratio (docs/learning.md, "Off-policy evaluation").
 *
 * Doubly robust (Dudík et al. 2011, on the first decision): a reward model q̂(x, a) of the first
 * decision's features x and option a (the plan, or a bandit's arm) — a ridge regression (λ = 1) of
 * the reward on x, one per option — gives DR = mean[ Σ_a π_t(a | x) q̂(x, a) + w · (R − q̂(x, a₀)) ].
 * It is unbiased whatever q̂ is, since the later decisions' ratios average 1; q̂ only lowers the
 * variance. Where options that act alike were logged (the same actions from two arms), a model per
 * option would weigh them apart, so the model has no option term there (`perOption: false`): q̂(x).
 * The model is fitted again on every bootstrap resample.
 */

import { keyedRng } from '../util/rng';
import { invert } from './linalg';

/** One logged run as the estimators need it. */
export interface WeightedRun {
  /** ∏ over its decisions of π_target / π_behaviour of the actions taken. */
  readonly weight: number;
  readonly reward: number;
  /** The first decision's features and chosen option. */
  readonly x: ArrayLike<number>;
  readonly chosen: number;
  /** The target's probability of each first-decision option at x. */
  readonly target: ArrayLike<number>;
}

export interface Interval {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
}

export interface OffPolicyEstimates {
  readonly runs: number;
  /** Runs whose weight is above 0: the target could have acted as the logged policy did. */
  readonly supported: number;
  /** (Σw)² / Σw²: how many runs of the target the weighted ones are worth. */
  readonly effectiveSampleSize: number;
  /**
   * The weights' mean, 1 in expectation: far below 1, the logs have not reached the heavy tail of
   * the weights (the rare runs the target would play often), and IS's interval is too narrow.
   */
  readonly meanWeight: number;
  readonly is: Interval;
  readonly wis: Interval;
  readonly dr: Interval;
  readonly rewardModel: string;
  readonly resamples: number;
}

const RIDGE = 1;

/** Per option (or one for all), a ridge fit of reward on features: predict(x, a). */
function fitRewardModel(
  runs: readonly WeightedRun[],
  index: readonly number[],
  options: number,
  perOption: boolean,
): (x: ArrayLike<number>, a: number) => number {
  const dim = (runs[0] as WeightedRun).x.length;
  const k = perOption ? options : 1;
  const gram = Array.from({ length: k }, () => new Float64Array(dim * dim));
  const rhs = Array.from({ length: k }, () => new Float64Array(dim));
  for (const i of index) {
    const r = runs[i] as WeightedRun;
    const a = perOption ? r.chosen : 0;
    const g = gram[a] as Float64Array;
    const b = rhs[a] as Float64Array;
    for (let u = 0; u < dim; u++) {
      const xu = r.x[u] as number;
      if (xu === 0) continue;
      b[u] = (b[u] as number) + xu * r.reward;
      for (let v = 0; v < dim; v++) g[u * dim + v] = (g[u * dim + v] as number) + xu * (r.x[v] as number);
    }
  }
  const theta = gram.map((g, a) => {
    for (let u = 0; u < dim; u++) g[u * dim + u] = (g[u * dim + u] as number) + RIDGE;
    const inv = invert(g, dim);
    const b = rhs[a] as Float64Array;
    const t = new Float64Array(dim);
    for (let u = 0; u < dim; u++) {
      let s = 0;
      for (let v = 0; v < dim; v++) s += (inv[u * dim + v] as number) * (b[v] as number);
      t[u] = s;
    }
    return t;
  });
  return (x, a) => {
    const t = theta[perOption ? a : 0] as Float64Array;
    let s = 0;
    for (let u = 0; u < dim; u++) s += (t[u] as number) * (x[u] as number);
    return s;
  };
}

/** IS, WIS and DR on the runs at `index` (a resample, or every run). */
function pointEstimates(
  runs: readonly WeightedRun[],
  index: readonly number[],
  options: number,
  perOption: boolean,
): { is: number; wis: number; dr: number } {
  const q = fitRewardModel(runs, index, options, perOption);
  let sw = 0;
  let swr = 0;
  let dr = 0;
  for (const i of index) {
    const r = runs[i] as WeightedRun;
    sw += r.weight;
    swr += r.weight * r.reward;
    let direct = 0;
    for (let a = 0; a < options; a++) {
      const p = r.target[a] as number;
      if (p > 0) direct += p * q(r.x, a);
    }
    dr += direct + r.weight * (r.reward - q(r.x, r.chosen));
  }
  const n = index.length;
  return { is: swr / n, wis: sw > 0 ? swr / sw : Number.NaN, dr: dr / n };
}

/** The q-th quantile of sorted values (linear between order statistics). */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return (sorted[lo] as number) + (at - lo) * ((sorted[hi] as number) - (sorted[lo] as number));
}

export interface EstimateOptions {
  /** How many first-decision options there are (plan options, or the logged bandit's arms). */
  readonly options: number;
  /** A reward model per option; false where options that act alike were logged. */
  readonly perOption: boolean;
  /** Bootstrap resamples. @default 2000 */
  readonly resamples?: number;
  /** Keys the bootstrap's draws: the same logs and seed give the same intervals. @default 1 */
  readonly seed?: number;
}

export function offPolicyEstimates(runs: readonly WeightedRun[], o: EstimateOptions): OffPolicyEstimates {
  if (runs.length === 0) throw new Error('no logged runs to estimate from');
  const n = runs.length;
  const all = runs.map((_, i) => i);
  const point = pointEstimates(runs, all, o.options, o.perOption);
  const resamples = o.resamples ?? 2000;
  const rng = keyedRng(o.seed ?? 1, 'off-policy', 'bootstrap');
  const draws = { is: [] as number[], wis: [] as number[], dr: [] as number[] };
  const index = new Array<number>(n);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) index[i] = Math.floor(rng.next() * n);
    const e = pointEstimates(runs, index, o.options, o.perOption);
    draws.is.push(e.is);
    // A resample with no supported run has no weighted mean: left out of WIS's interval.
    if (Number.isFinite(e.wis)) draws.wis.push(e.wis);
    draws.dr.push(e.dr);
  }
  const interval = (estimate: number, d: number[]): Interval => {
    const sorted = [...d].sort((a, b) => a - b);
    return { estimate, low: quantile(sorted, 0.025), high: quantile(sorted, 0.975) };
  };
  let sw = 0;
  let sw2 = 0;
  for (const r of runs) {
    sw += r.weight;
    sw2 += r.weight * r.weight;
  }
  return {
    runs: n,
    supported: runs.filter((r) => r.weight > 0).length,
    effectiveSampleSize: sw2 > 0 ? (sw * sw) / sw2 : 0,
    meanWeight: sw / n,
    is: interval(point.is, draws.is),
    wis: interval(point.wis, draws.wis),
    dr: interval(point.dr, draws.dr),
    rewardModel: o.perOption
      ? `ridge regression (λ = ${RIDGE}) of the reward on the first decision's features, one per option`
      : `ridge regression (λ = ${RIDGE}) of the reward on the first decision's features, no option term (options that act alike were logged)`,
    resamples,
  };
}
