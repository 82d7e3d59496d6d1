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
import { dot } from './linalg';
import { LinearArms, type LinearModelState } from './linear-arms';

export interface LinUCBOptions {
  arms: number;
  dim: number;
  /** Width of the confidence bonus α·sqrt(xᵀA⁻¹x). @default 1 */
  alpha?: number;
  /** Ridge prior: A starts at λ·I. @default 1 */
  lambda?: number;
}

export type LinUCBState = BanditStateOf<
  'linucb',
  Required<Omit<LinUCBOptions, 'arms' | 'dim'>>,
  LinearModelState
>;

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

  estimates(context: Float64Array): Float64Array {
    return this.model.estimates(context);
  }

  update(arm: number, context: Float64Array, reward: number): void {
    checkUpdate(this, arm, context, reward);
    this.model.update(arm, context, reward);
  }

  toJSON(): LinUCBState {
    return banditState(this, { alpha: this.alpha, lambda: this.lambda }, this.model.save(this.t));
  }

  static fromJSON(json: unknown, expected: ExpectedShape = {}): LinUCB {
    const s = readBanditState<LinUCBState>(json, { ...expected, algorithm: 'linucb' });
    const bandit = new LinUCB({ arms: s.arms, dim: s.dim, ...s.hyper });
    bandit.model.load(s.state);
    bandit.t = checkStep(s.state.t);
    return bandit;
  }
}
