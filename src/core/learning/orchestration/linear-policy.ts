/**
 * The learned orchestrator of the orchestration environment: one linear softmax head per choice
 * (mode, shard, replicas, spares, profile, recovery, control), each over the features of its kind
 * of decision. It samples while training and takes the most likely option when evaluated. The
 * gradient of a softmax over a linear map is written out by hand (learning/parl.ts explains why
 * no tensor library).
 */

import { log } from '../../util/math';
import type { Rng } from '../../util/rng';
import { pick, probabilities } from '../parl';
import {
  CONTROLS,
  type ControlView,
  type FailureView,
  MODES,
  type Observed,
  type OrchestrationPolicy,
  PROFILES,
  RECOVERIES,
  REPLICAS,
  SHARDS,
  type ShardView,
  SPARES,
} from './decisions';
import {
  CONTROL_FEATURES,
  controlFeatures,
  PLAN_FEATURES,
  planFeatures,
  RECOVER_FEATURES,
  recoverFeatures,
  SHARD_FEATURES,
  shardFeatures,
  writePlanFeatures,
} from './features';

/** Each head: its options and the features it reads. */
export const HEADS = {
  mode: { options: MODES.length, features: PLAN_FEATURES },
  shard: { options: SHARDS.length, features: PLAN_FEATURES },
  replicas: { options: REPLICAS.length, features: PLAN_FEATURES },
  spares: { options: SPARES.length, features: PLAN_FEATURES },
  profile: { options: PROFILES.length, features: SHARD_FEATURES },
  recover: { options: RECOVERIES.length, features: RECOVER_FEATURES },
  control: { options: CONTROLS.length, features: CONTROL_FEATURES },
} as const;
export type Head = keyof typeof HEADS;
export const HEAD_NAMES = Object.keys(HEADS) as Head[];

/** Weights per head (options × features, row-major) and the value baseline over the plan features. */
export type Weights = Record<Head | 'value', Float64Array>;

/**
 * The orchestrator starts as a pretrained model does: it would rather do the task itself. Its
 * solo logit starts SOLO_PRIOR above spawn's (e^4: 98% solo), the single-agent habit PARL's
 * r_parallel exists to overcome (docs/learning.md). Every other head starts uniform.
 */
export const SOLO_PRIOR = 4;

export function initWeights(prior = SOLO_PRIOR): Weights {
  const w = zeroWeights();
  // The weight on the bias feature (index 0) of the solo option (row 0).
  w.mode[MODES.indexOf('solo') * PLAN_FEATURES.length] = prior;
  return w;
}

function zeroWeights(): Weights {
  const w = {} as Weights;
  for (const h of HEAD_NAMES) w[h] = new Float64Array(HEADS[h].options * HEADS[h].features.length);
  w.value = new Float64Array(PLAN_FEATURES.length);
  return w;
}

export function zerosLike(w: Weights): Weights {
  const z = {} as Weights;
  for (const k of Object.keys(w) as (keyof Weights)[]) z[k] = new Float64Array(w[k].length);
  return z;
}

/** Doubles in all of `w`'s heads. */
export const weightsLength = (w: Weights) =>
  (Object.keys(w) as (keyof Weights)[]).reduce((n, k) => n + w[k].length, 0);

/**
 * Weights shaped like `like` as views of one array, heads in key order: what threads share in
 * memory or send in one message. `flat` may be longer; the rest is not touched.
 */
export function weightsOver(flat: Float64Array, like: Weights = initWeights()): Weights {
  const w = {} as Weights;
  let at = 0;
  for (const k of Object.keys(like) as (keyof Weights)[]) {
    w[k] = flat.subarray(at, at + like[k].length);
    at += like[k].length;
  }
  return w;
}

/** The weights as one array, heads in key order (weightsOver reads it back). */
export function flatWeights(w: Weights): Float64Array {
  const flat = new Float64Array(weightsLength(w));
  const views = weightsOver(flat, w);
  for (const k of Object.keys(w) as (keyof Weights)[]) views[k].set(w[k]);
  return flat;
}

/** One decision as the learner needs it back. */
export interface Decision {
  readonly head: Head;
  readonly x: Float64Array;
  readonly choice: number;
  /**
   * The probabilities the choice was drawn from, when recorded: `accumulate` needs the same
   * numbers (the weights do not change while a batch is played), so it need not compute them again.
   */
  readonly p?: Float64Array;
}

/** A decision the tape reuses: its arrays are written over episode after episode. */
interface TapeDecision {
  readonly head: Head;
  readonly x: Float64Array;
  readonly p: Float64Array;
  choice: number;
}

/**
 * The decisions of a training episode, recorded into the same records episode after episode (a
 * pool per head, sized for its features and options): arrays per decision were most of an
 * episode's garbage, and garbage collection is what two rollout threads on two cores share.
 * The decisions of the episode being played are the first `length` of `decisions`.
 */
export class DecisionTape {
  readonly decisions: TapeDecision[] = [];
  length = 0;
  private readonly pools = {} as Record<Head, { used: number; records: TapeDecision[] }>;

  private planOf: Observed | undefined;
  private readonly plan = new Float64Array(PLAN_FEATURES.length);

  constructor() {
    for (const h of HEAD_NAMES) this.pools[h] = { used: 0, records: [] };
  }

  /** Starts an episode: the records are free to be written over. */
  clear(): void {
    this.length = 0;
    this.planOf = undefined;
    for (const h of HEAD_NAMES) this.pools[h].used = 0;
  }

  /** The plan features of the episode's instance, computed once an episode into a reused array. */
  planFeatures(o: Observed): Float64Array {
    if (o !== this.planOf) {
      writePlanFeatures(o, this.plan);
      this.planOf = o;
    }
    return this.plan;
  }

  /** The next decision's record, for a decision of `head`: its caller fills it in. */
  take(head: Head): TapeDecision {
    const pool = this.pools[head];
    let d = pool.records[pool.used];
    if (!d) {
      const { features, options } = HEADS[head];
      d = { head, x: new Float64Array(features.length), p: new Float64Array(options), choice: 0 };
      pool.records.push(d);
    }
    pool.used++;
    this.decisions[this.length++] = d;
    return d;
  }
}

export interface LinearOptions {
  readonly weights: Weights;
  /** Sample with this rng (training); without one, take the most likely option (evaluation). */
  readonly rng?: Rng;
  /** Decisions are recorded here (training). */
  readonly tape?: DecisionTape;
  readonly name?: string;
}

export function linearOrchestrator(options: LinearOptions): OrchestrationPolicy {
  const { weights, rng, tape } = options;
  // `d`: the tape's record for this decision, if recording; its x may already hold the features.
  const choose = (head: Head, x: Float64Array, d?: TapeDecision): number => {
    if (d && d.x !== x) d.x.set(x);
    const choice = pick(probabilities(weights[head], x, undefined, d?.p), rng ? 'sample' : 'greedy', rng);
    if (d) d.choice = choice;
    return choice;
  };
  const planOf = (o: Observed) => (tape ? tape.planFeatures(o) : planFeatures(o));
  return {
    name: options.name ?? 'parl',
    plan(instance: Observed) {
      const x = planOf(instance);
      const mode = choose('mode', x, tape?.take('mode'));
      if (MODES[mode] === 'solo') return { mode, shard: 0, replicas: 0, spares: 0 };
      return {
        mode,
        shard: choose('shard', x, tape?.take('shard')),
        replicas: choose('replicas', x, tape?.take('replicas')),
        spares: choose('spares', x, tape?.take('spares')),
      };
    },
    profile(view: ShardView) {
      const d = tape?.take('profile');
      return choose('profile', shardFeatures(view, d?.x, planOf(view.instance)), d);
    },
    recover(view: FailureView) {
      const d = tape?.take('recover');
      return choose('recover', recoverFeatures(view, d?.x, planOf(view.instance)), d);
    },
    control(view: ControlView) {
      const d = tape?.take('control');
      return choose('control', controlFeatures(view, d?.x, planOf(view.instance)), d);
    },
  };
}

/** The value baseline: a linear estimate of the episode's return from the plan features. */
export function value(weights: Weights, x: Float64Array): number {
  let v = 0;
  for (let j = 0; j < x.length; j++) v += (weights.value[j] as number) * (x[j] as number);
  return v;
}

/**
 * Adds to `grad` the gradient of Σ_d [ A · log π(choice_d | x_d) + β · H(π(· | x_d)) ] (ascent):
 * ∂ log π(a) / ∂W[b] = (1[a = b] − π(b)) x and ∂H / ∂z_b = −π(b) (log π(b) + H).
 */
/** log π of each option of the decision being accumulated, reused decision after decision. */
const logs = new Float64Array(Math.max(...HEAD_NAMES.map((h) => HEADS[h].options)));

export function accumulate(
  weights: Weights,
  decisions: readonly Decision[],
  advantage: number,
  entropy: number,
  grad: Weights,
  /** The first `count` decisions (a tape's records past its length are stale). */
  count = decisions.length,
): void {
  for (let i = 0; i < count; i++) {
    const d = decisions[i] as Decision;
    const p = d.p ?? probabilities(weights[d.head], d.x);
    // Each log π(b) once (util/math.ts's log costs more than the engine's): the entropy and the
    // coefficients below read the same values, so the same bits as computing them twice.
    let h = 0;
    for (let b = 0; b < p.length; b++) {
      const q = p[b] as number;
      const l = q > 0 ? log(q) : 0;
      logs[b] = l;
      if (q > 0) h -= q * l;
    }
    const g = grad[d.head];
    const dim = d.x.length;
    for (let b = 0; b < p.length; b++) {
      const pb = p[b] as number;
      const coef =
        advantage * ((b === d.choice ? 1 : 0) - pb) +
        (pb > 0 ? -entropy * pb * ((logs[b] as number) + h) : 0);
      if (coef === 0) continue;
      for (let j = 0; j < dim; j++) g[b * dim + j] = (g[b * dim + j] as number) + coef * (d.x[j] as number);
    }
  }
}

/** log π of a decision, for the finite-difference check of `accumulate`. */
export function logProbability(weights: Weights, d: Decision): number {
  return log(probabilities(weights[d.head], d.x)[d.choice] as number);
}

/**
 * Plain gradient ascent with the policy's gradient clipped to a global norm. Deliberately not
 * Adam: Adam scales each weight's step by its own gradient's size, so a head the policy rarely
 * uses (spawn's choices, once it mostly works solo) learns as fast as one it always uses. With
 * plain steps a skill improves as often as it is practised — the dynamics in which serial
 * collapse can happen at all, and which PARL's r_parallel is there to break (docs/learning.md).
 */
export function sgdStep(
  weights: Weights,
  grad: Weights,
  rate: number,
  valueRate: number,
  clip: number,
): void {
  let norm = 0;
  for (const h of HEAD_NAMES) for (const g of grad[h]) norm += g * g;
  norm = Math.sqrt(norm);
  const scale = norm > clip ? clip / norm : 1;
  for (const h of HEAD_NAMES) {
    const w = weights[h];
    const g = grad[h];
    for (let i = 0; i < w.length; i++) w[i] = (w[i] as number) + rate * scale * (g[i] as number);
  }
  const v = weights.value;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) + valueRate * (grad.value[i] as number);
}

/**
 * Pulls the policy heads a fraction `pull` of the way back toward `start` (the value baseline is
 * left alone): L2 regularisation toward the starting policy, the linear model's counterpart of the
 * KL penalty to the reference model in RLHF-style training. Why: while λ1 is high, r_parallel
 * drives the shard head onto the finest shards; an option whose probability has gone to ~0 is
 * never tried again, so when λ1 → 0 the policy cannot find that coarser shards now pay more. The
 * pull keeps every option reachable. Toward the start, not toward zero: the solo habit the
 * starting policy has (SOLO_PRIOR) is kept, so serial collapse without r_parallel still happens.
 */
export function anchorStep(weights: Weights, start: Weights, pull: number): void {
  if (pull <= 0) return;
  const keep = 1 - pull;
  for (const h of HEAD_NAMES) {
    const w = weights[h];
    const w0 = start[h];
    for (let i = 0; i < w.length; i++)
      w[i] = (w0[i] as number) + ((w[i] as number) - (w0[i] as number)) * keep;
  }
}
