import { cos, log, sin } from '../util/math';
import { keyedRng, type Rng } from '../util/rng';
import {
  argmax,
  type Bandit,
  type BanditStateOf,
  banditState,
  checkShape,
  checkStep,
  checkUpdate,
  type ExpectedShape,
  readBanditState,
} from './bandit';
import { cholesky, dot } from './linalg';
import { LinearArms, type LinearModelState } from './linear-arms';

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

export type LinearThompsonState = BanditStateOf<
  'linear-thompson',
  Required<Omit<LinearThompsonOptions, 'arms' | 'dim'>>,
  LinearModelState
>;

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

  estimates(context: Float64Array): Float64Array {
    return this.model.estimates(context);
  }

  update(arm: number, context: Float64Array, reward: number): void {
    checkUpdate(this, arm, context, reward);
    this.model.update(arm, context, reward);
  }

  toJSON(): LinearThompsonState {
    return banditState(this, { v: this.v, lambda: this.lambda, seed: this.seed }, this.model.save(this.t));
  }

  static fromJSON(json: unknown, expected: ExpectedShape = {}): LinearThompson {
    const s = readBanditState<LinearThompsonState>(json, { ...expected, algorithm: 'linear-thompson' });
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
    const r = Math.sqrt(-2 * log(1 - rng.next())); // 1 − u ∈ (0, 1]: log never sees 0
    const phi = 2 * Math.PI * rng.next();
    z[i] = r * cos(phi);
    if (i + 1 < n) z[i + 1] = r * sin(phi);
  }
  return z;
}
