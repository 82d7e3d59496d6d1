/**
 * Contextual bandits over a finite set of arms: the first learned piece of orchestration.
 * Each bandit is deterministic given its options: random draws come from keyedRng(seed, step), so a
 * checkpoint (toJSON) restored with fromJSON continues with exactly the same choices.
 * A context of dimension 1 holding the value 1 makes the linear bandits non-contextual.
 */
import { keyedRng, type Rng } from '../util/rng';
import { cholesky, dot, identity, matVec, shermanMorrison } from './linalg';

export const BANDIT_SCHEMA = 'swarmflight.bandit/1';

export type BanditAlgorithm = 'linucb' | 'linear-thompson' | 'epsilon-greedy';

export interface Bandit {
  readonly name: BanditAlgorithm;
  readonly arms: number;
  readonly dim: number;
  /** The arm to play in this context; ties go to the lowest arm index. */
  select(context: Float64Array): number;
  /** The arm with the best estimated reward in this context, without exploring (evaluation). */
  exploit(context: Float64Array): number;
  /** Record the reward observed after playing `arm` in `context`. */
  update(arm: number, context: Float64Array, reward: number): void;
  toJSON(): BanditState;
}

interface StateOf<A extends BanditAlgorithm, H, S> {
  schema: typeof BANDIT_SCHEMA;
  algorithm: A;
  arms: number;
  dim: number;
  hyper: H;
  state: S;
}

/** Per arm: A⁻¹ (row-major, dim·dim) and b, plus the number of select calls made. */
export interface LinearModelState {
  t: number;
  aInv: number[][];
  b: number[][];
}
export interface EpsilonGreedyModelState {
  t: number;
  counts: number[];
  means: number[];
}

export interface LinUCBOptions {
  arms: number;
  dim: number;
  /** Width of the confidence bonus α·sqrt(xᵀA⁻¹x). @default 1 */
  alpha?: number;
  /** Ridge prior: A starts at λ·I. @default 1 */
  lambda?: number;
}
export interface LinearThompsonOptions {
  arms: number;
  dim: number;
  /** Posterior scale: θ ~ N(θ̂, v²A⁻¹). @default 0.5 */
  v?: number;
  /** Ridge prior: A starts at λ·I. @default 1 */
  lambda?: number;
  /** @default 0 */
  seed?: number;
}
export interface EpsilonGreedyOptions {
  arms: number;
  /** Exploration rate ε0. @default 0.1 */
  epsilon?: number;
  /** ε_t = ε0 / (1 + t·decay); 0 keeps ε constant. @default 0 */
  decay?: number;
  /** @default 0 */
  seed?: number;
}

export type LinUCBState = StateOf<'linucb', Required<Omit<LinUCBOptions, 'arms' | 'dim'>>, LinearModelState>;
export type LinearThompsonState = StateOf<
  'linear-thompson',
  Required<Omit<LinearThompsonOptions, 'arms' | 'dim'>>,
  LinearModelState
>;
export type EpsilonGreedyState = StateOf<
  'epsilon-greedy',
  Required<Omit<EpsilonGreedyOptions, 'arms'>>,
  EpsilonGreedyModelState
>;
export type BanditState = LinUCBState | LinearThompsonState | EpsilonGreedyState;

function checkShape(arms: number, dim: number): void {
  if (!Number.isInteger(arms) || arms < 1)
    throw new Error(`bandit needs a whole number of arms ≥ 1, got ${arms}`);
  if (!Number.isInteger(dim) || dim < 1) throw new Error(`bandit needs a whole dim ≥ 1, got ${dim}`);
}

function checkUpdate(b: Bandit, arm: number, context: Float64Array, reward: number): void {
  if (!Number.isInteger(arm) || arm < 0 || arm >= b.arms) throw new Error(`${b.name}: no arm ${arm}`);
  if (context.length !== b.dim)
    throw new Error(`${b.name}: context has dim ${context.length}, expected ${b.dim}`);
  if (!Number.isFinite(reward)) throw new Error(`${b.name}: reward ${reward} is not finite`);
}

/** Index of the largest score, lowest index on ties. */
function argmax(scores: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  return best;
}

/** Ridge regression per arm with A⁻¹ kept current by Sherman–Morrison (no inversions). */
class LinearArms {
  readonly aInv: Float64Array[];
  readonly b: Float64Array[];
  constructor(
    readonly arms: number,
    readonly dim: number,
    lambda: number,
  ) {
    if (!(lambda > 0)) throw new Error(`bandit lambda must be > 0, got ${lambda}`);
    this.aInv = Array.from({ length: arms }, () => identity(dim, 1 / lambda));
    this.b = Array.from({ length: arms }, () => new Float64Array(dim));
  }
  /** θ̂ = A⁻¹b. */
  theta(arm: number): Float64Array {
    return matVec(this.aInv[arm]!, this.b[arm]!, this.dim);
  }
  /** The arm whose estimate θ̂ᵀx is highest. */
  best(x: Float64Array): number {
    const scores = new Float64Array(this.arms);
    for (let a = 0; a < this.arms; a++) scores[a] = dot(this.theta(a), x);
    return argmax(scores);
  }
  /** xᵀA⁻¹x: the variance factor of the arm's estimate at x. */
  spread(arm: number, x: Float64Array): number {
    return Math.max(dot(x, matVec(this.aInv[arm]!, x, this.dim)), 0);
  }
  update(arm: number, x: Float64Array, reward: number): void {
    shermanMorrison(this.aInv[arm]!, x, this.dim);
    const b = this.b[arm]!;
    for (let i = 0; i < this.dim; i++) b[i] = b[i]! + reward * x[i]!;
  }
  save(t: number): LinearModelState {
    return { t, aInv: this.aInv.map((m) => Array.from(m)), b: this.b.map((v) => Array.from(v)) };
  }
  load(s: LinearModelState): void {
    const d = this.dim;
    checkMatrixList('aInv', s.aInv, this.arms, d * d);
    checkMatrixList('b', s.b, this.arms, d);
    for (let a = 0; a < this.arms; a++) {
      this.aInv[a]!.set(s.aInv[a]!);
      this.b[a]!.set(s.b[a]!);
    }
  }
}

function checkMatrixList(field: string, value: unknown, arms: number, len: number): void {
  if (!Array.isArray(value) || value.length !== arms)
    throw new Error(`bandit state.${field} must hold ${arms} arms`);
  for (const row of value) {
    if (!Array.isArray(row) || row.length !== len || !row.every(Number.isFinite))
      throw new Error(`bandit state.${field} entries must be ${len} finite numbers`);
  }
}

/** Disjoint LinUCB (Li, Chu, Langford & Schapire 2010, Algorithm 1): score θ̂ᵀx + α·sqrt(xᵀA⁻¹x). */
export class LinUCB implements Bandit {
  readonly name = 'linucb';
  readonly arms: number;
  readonly dim: number;
  readonly alpha: number;
  readonly lambda: number;
  private readonly model: LinearArms;
  private t = 0;

  constructor(options: LinUCBOptions) {
    checkShape(options.arms, options.dim);
    this.arms = options.arms;
    this.dim = options.dim;
    this.alpha = options.alpha ?? 1;
    this.lambda = options.lambda ?? 1;
    this.model = new LinearArms(this.arms, this.dim, this.lambda);
  }

  select(context: Float64Array): number {
    if (context.length !== this.dim)
      throw new Error(`linucb: context has dim ${context.length}, expected ${this.dim}`);
    this.t++;
    const scores = new Float64Array(this.arms);
    for (let a = 0; a < this.arms; a++) {
      scores[a] = dot(this.model.theta(a), context) + this.alpha * Math.sqrt(this.model.spread(a, context));
    }
    return argmax(scores);
  }

  exploit(context: Float64Array): number {
    return this.model.best(context);
  }

  update(arm: number, context: Float64Array, reward: number): void {
    checkUpdate(this, arm, context, reward);
    this.model.update(arm, context, reward);
  }

  toJSON(): LinUCBState {
    return {
      schema: BANDIT_SCHEMA,
      algorithm: this.name,
      arms: this.arms,
      dim: this.dim,
      hyper: { alpha: this.alpha, lambda: this.lambda },
      state: this.model.save(this.t),
    };
  }

  static fromJSON(json: unknown, expected: ExpectedShape = {}): LinUCB {
    const s = checkHeader(json, { ...expected, algorithm: 'linucb' }) as LinUCBState;
    const bandit = new LinUCB({ arms: s.arms, dim: s.dim, ...s.hyper });
    bandit.model.load(s.state);
    bandit.t = checkStep(s.state.t);
    return bandit;
  }
}

/**
 * Linear Thompson sampling (Agrawal & Goyal 2013): per arm draw θ̃ = θ̂ + v·L·z with L·Lᵀ = A⁻¹
 * (Cholesky) and z standard normal (Box–Muller), then play argmax θ̃ᵀx.
 */
export class LinearThompson implements Bandit {
  readonly name = 'linear-thompson';
  readonly arms: number;
  readonly dim: number;
  readonly v: number;
  readonly lambda: number;
  readonly seed: number;
  private readonly model: LinearArms;
  private t = 0;

  constructor(options: LinearThompsonOptions) {
    checkShape(options.arms, options.dim);
    this.arms = options.arms;
    this.dim = options.dim;
    this.v = options.v ?? 0.5;
    this.lambda = options.lambda ?? 1;
    this.seed = options.seed ?? 0;
    this.model = new LinearArms(this.arms, this.dim, this.lambda);
  }

  select(context: Float64Array): number {
    if (context.length !== this.dim) {
      throw new Error(`linear-thompson: context has dim ${context.length}, expected ${this.dim}`);
    }
    // Keyed by step, not by draw order, so a restored checkpoint draws the same numbers.
    const rng = keyedRng(this.seed, 'linear-thompson', this.t++);
    const d = this.dim;
    const scores = new Float64Array(this.arms);
    for (let a = 0; a < this.arms; a++) {
      const theta = this.model.theta(a);
      const l = cholesky(this.model.aInv[a]!, d);
      const z = normals(rng, d);
      for (let i = 0; i < d; i++) {
        let lz = 0;
        for (let k = 0; k <= i; k++) lz += l[i * d + k]! * z[k]!;
        theta[i] = theta[i]! + this.v * lz;
      }
      scores[a] = dot(theta, context);
    }
    return argmax(scores);
  }

  exploit(context: Float64Array): number {
    return this.model.best(context);
  }

  update(arm: number, context: Float64Array, reward: number): void {
    checkUpdate(this, arm, context, reward);
    this.model.update(arm, context, reward);
  }

  toJSON(): LinearThompsonState {
    return {
      schema: BANDIT_SCHEMA,
      algorithm: this.name,
      arms: this.arms,
      dim: this.dim,
      hyper: { v: this.v, lambda: this.lambda, seed: this.seed },
      state: this.model.save(this.t),
    };
  }

  static fromJSON(json: unknown, expected: ExpectedShape = {}): LinearThompson {
    const s = checkHeader(json, { ...expected, algorithm: 'linear-thompson' }) as LinearThompsonState;
    const bandit = new LinearThompson({ arms: s.arms, dim: s.dim, ...s.hyper });
    bandit.model.load(s.state);
    bandit.t = checkStep(s.state.t);
    return bandit;
  }
}

/** n standard normals by Box–Muller, two per pair of uniforms. */
function normals(rng: Rng, n: number): Float64Array {
  const z = new Float64Array(n);
  for (let i = 0; i < n; i += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - rng.next())); // 1 − u ∈ (0, 1]: log never sees 0
    const phi = 2 * Math.PI * rng.next();
    z[i] = r * Math.cos(phi);
    if (i + 1 < n) z[i + 1] = r * Math.sin(phi);
  }
  return z;
}

/**
 * ε-greedy on per-arm running means; the context is ignored (dim is kept only for the interface).
 * Untried arms are played first, lowest index first, so no arm is judged on its prior.
 */
export class EpsilonGreedy implements Bandit {
  readonly name = 'epsilon-greedy';
  readonly arms: number;
  readonly dim: number;
  readonly epsilon: number;
  readonly decay: number;
  readonly seed: number;
  private readonly counts: Float64Array;
  private readonly means: Float64Array;
  private t = 0;

  constructor(options: EpsilonGreedyOptions & { dim?: number }) {
    checkShape(options.arms, options.dim ?? 1);
    this.arms = options.arms;
    this.dim = options.dim ?? 1;
    this.epsilon = options.epsilon ?? 0.1;
    this.decay = options.decay ?? 0;
    this.seed = options.seed ?? 0;
    this.counts = new Float64Array(this.arms);
    this.means = new Float64Array(this.arms);
  }

  select(_context: Float64Array): number {
    const rng = keyedRng(this.seed, 'epsilon-greedy', this.t);
    const eps = this.epsilon / (1 + this.t * this.decay);
    this.t++;
    const untried = this.counts.indexOf(0);
    if (untried >= 0) return untried;
    if (rng.next() < eps) return rng.int(0, this.arms - 1);
    return argmax(this.means);
  }

  exploit(_context: Float64Array): number {
    return argmax(this.means);
  }

  update(arm: number, context: Float64Array, reward: number): void {
    checkUpdate(this, arm, context, reward);
    const n = this.counts[arm]! + 1;
    this.counts[arm] = n;
    this.means[arm] = this.means[arm]! + (reward - this.means[arm]!) / n;
  }

  toJSON(): EpsilonGreedyState {
    return {
      schema: BANDIT_SCHEMA,
      algorithm: this.name,
      arms: this.arms,
      dim: this.dim,
      hyper: { epsilon: this.epsilon, decay: this.decay, seed: this.seed },
      state: { t: this.t, counts: Array.from(this.counts), means: Array.from(this.means) },
    };
  }

  static fromJSON(json: unknown, expected: ExpectedShape = {}): EpsilonGreedy {
    const s = checkHeader(json, { ...expected, algorithm: 'epsilon-greedy' }) as EpsilonGreedyState;
    const bandit = new EpsilonGreedy({ arms: s.arms, dim: s.dim, ...s.hyper });
    checkMatrixList('counts', [s.state.counts], 1, s.arms);
    checkMatrixList('means', [s.state.means], 1, s.arms);
    bandit.counts.set(s.state.counts);
    bandit.means.set(s.state.means);
    bandit.t = checkStep(s.state.t);
    return bandit;
  }
}

/** What the caller expects a checkpoint to be; any field left out is accepted as found. */
export interface ExpectedShape {
  algorithm?: BanditAlgorithm;
  arms?: number;
  dim?: number;
}

function checkHeader(json: unknown, expected: ExpectedShape): BanditState {
  if (typeof json !== 'object' || json === null) throw new Error('bandit state must be an object');
  const s = json as Partial<Record<keyof BanditState, unknown>>;
  if (s.schema !== BANDIT_SCHEMA) {
    throw new Error(`bandit state schema is ${JSON.stringify(s.schema)}, expected "${BANDIT_SCHEMA}"`);
  }
  for (const key of ['algorithm', 'arms', 'dim'] as const) {
    const want = expected[key];
    if (want !== undefined && s[key] !== want) {
      throw new Error(`bandit state ${key} is ${JSON.stringify(s[key])}, expected ${JSON.stringify(want)}`);
    }
  }
  checkShape(s.arms as number, s.dim as number);
  if (typeof s.hyper !== 'object' || s.hyper === null)
    throw new Error('bandit state.hyper must be an object');
  if (typeof s.state !== 'object' || s.state === null)
    throw new Error('bandit state.state must be an object');
  return json as BanditState;
}

function checkStep(t: unknown): number {
  if (typeof t !== 'number' || !Number.isInteger(t) || t < 0)
    throw new Error(`bandit state.t must be a step count`);
  return t;
}

/** Restore any bandit from a checkpoint, dispatching on its algorithm. */
export function fromJSON(json: unknown, expected: ExpectedShape = {}): Bandit {
  const s = checkHeader(json, expected);
  switch (s.algorithm) {
    case 'linucb':
      return LinUCB.fromJSON(s, expected);
    case 'linear-thompson':
      return LinearThompson.fromJSON(s, expected);
    case 'epsilon-greedy':
      return EpsilonGreedy.fromJSON(s, expected);
    default:
      throw new Error(
        `bandit state algorithm ${JSON.stringify((s as { algorithm: unknown }).algorithm)} is unknown`,
      );
  }
}
