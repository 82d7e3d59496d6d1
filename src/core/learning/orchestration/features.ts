/**
 * What a learned orchestrator sees at each kind of decision, as fixed-length vectors scaled to
 * about [0, 1]. Every decision sees the instance's features (kind, size, engines, budget, cues);
 * each adds what its choice turns on. The names are part of a checkpoint: a policy trained on
 * other features is refused.
 */

import { log2 } from '../../util/math';
import type { ControlView, FailureView, Observed, ShardView } from './decisions';
import { KINDS } from './params';

const clip = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export const PLAN_FEATURES = [
  'bias',
  ...KINDS.map((k) => `kind=${k}`),
  'log2(units)/6',
  'log2(engines)/5',
  'log2(units/engines)/6',
  'budget/soloSteps',
  'log2(budget/soloSteps)/2',
  'meanCue',
  'share(cue>0.6)',
] as const;

export const SHARD_FEATURES = [
  ...PLAN_FEATURES,
  'solo',
  'shard.meanCue',
  'shard.maxCue',
  'log2(shard units)/4',
  'log2(context need/8000)/2',
] as const;

export const RECOVER_FEATURES = [
  ...PLAN_FEATURES,
  'shard.meanCue',
  'profile=small',
  'profile=medium',
  'profile=large',
  'attempts/3',
  'overflow',
  't/budget',
] as const;

export const CONTROL_FEATURES = [
  ...PLAN_FEATURES,
  't/budget',
  '(t+nextWave)/budget',
  'answered',
  'waiting',
] as const;

const planCache = new WeakMap<Observed, Float64Array>();

/** The plan features of `o`, computed once per instance object. */
export function planFeatures(o: Observed): Float64Array {
  const cached = planCache.get(o);
  if (cached) return cached;
  const x = writePlanFeatures(o, new Float64Array(PLAN_FEATURES.length));
  planCache.set(o, x);
  return x;
}

/** The plan features of `o`, written into `out` and not cached (training reuses `out`). */
export function writePlanFeatures(o: Observed, out: Float64Array): Float64Array {
  const n = o.cue.length;
  let i = 0;
  out[i++] = 1;
  for (const k of KINDS) out[i++] = o.kind === k ? 1 : 0;
  out[i++] = log2(n + 1) / 6;
  out[i++] = log2(o.engines + 1) / 5;
  out[i++] = clip(log2(n / o.engines) / 6, -1, 1);
  const ratio = o.budget / o.soloSteps;
  out[i++] = clip(ratio / 2, 0, 1.5);
  out[i++] = clip(log2(ratio) / 2, -1.5, 1.5);
  let sum = 0;
  let hard = 0;
  for (const c of o.cue) {
    sum += c;
    if (c > 0.6) hard++;
  }
  out[i++] = n ? sum / n : 0;
  out[i++] = n ? hard / n : 0;
  return out;
}

/**
 * Copies the plan features to the start of `out` and returns where the decision's own features
 * begin. Decisions write into an array given to them, after plan features given to them: a
 * training episode passes arrays it reuses (linear-policy.ts DecisionTape), because a fresh
 * Float64Array per decision was most of an episode's garbage, and garbage collection is what two
 * rollout threads on two cores share.
 */
function withPlan(plan: Float64Array, out: Float64Array): number {
  out.set(plan);
  return PLAN_FEATURES.length;
}

export function shardFeatures(
  v: ShardView,
  out: Float64Array = new Float64Array(SHARD_FEATURES.length),
  plan: Float64Array = planFeatures(v.instance),
): Float64Array {
  let i = withPlan(plan, out);
  out[i++] = v.solo ? 1 : 0;
  out[i++] = v.meanCue;
  out[i++] = v.maxCue;
  out[i++] = log2(v.units) / 4;
  out[i++] = clip(log2(v.contextNeed / 8000) / 2, -1, 2);
  return out;
}

export function recoverFeatures(
  v: FailureView,
  out: Float64Array = new Float64Array(RECOVER_FEATURES.length),
  plan: Float64Array = planFeatures(v.instance),
): Float64Array {
  let i = withPlan(plan, out);
  out[i++] = v.shard.meanCue;
  out[i++] = v.profile === 'small' ? 1 : 0;
  out[i++] = v.profile === 'medium' ? 1 : 0;
  out[i++] = v.profile === 'large' ? 1 : 0;
  out[i++] = v.attempts / 3;
  out[i++] = v.overflow ? 1 : 0;
  out[i++] = clip(v.t / v.instance.budget, 0, 2);
  return out;
}

export function controlFeatures(
  v: ControlView,
  out: Float64Array = new Float64Array(CONTROL_FEATURES.length),
  plan: Float64Array = planFeatures(v.instance),
): Float64Array {
  const b = v.instance.budget;
  let i = withPlan(plan, out);
  out[i++] = clip(v.t / b, 0, 2);
  out[i++] = clip((v.t + v.nextWave) / b, 0, 3);
  out[i++] = v.answered;
  out[i++] = v.waiting;
  return out;
}
