import { keyedRng } from '../util/rng';
import {
  argmax,
  type Bandit,
  type BanditStateOf,
  banditState,
  checkMatrixList,
  checkShape,
  checkStep,
  checkUpdate,
  type ExpectedShape,
  readBanditState,
} from './bandit';

export interface EpsilonGreedyOptions {
  arms: number;
  /** Exploration rate ε0. @default 0.1 */
  epsilon?: number;
  /** ε_t = ε0 / (1 + t·decay); 0 keeps ε constant. @default 0 */
  decay?: number;
  /** @default 0 */
  seed?: number;
}

export interface EpsilonGreedyModelState {
  t: number;
  counts: number[];
  means: number[];
}

export type EpsilonGreedyState = BanditStateOf<
  'epsilon-greedy',
  Required<Omit<EpsilonGreedyOptions, 'arms'>>,
  EpsilonGreedyModelState
>;

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

  estimates(_context: Float64Array): Float64Array {
    return Float64Array.from(this.means);
  }

  update(arm: number, context: Float64Array, reward: number): void {
    checkUpdate(this, arm, context, reward);
    const n = this.counts[arm]! + 1;
    this.counts[arm] = n;
    this.means[arm] = this.means[arm]! + (reward - this.means[arm]!) / n;
  }

  toJSON(): EpsilonGreedyState {
    return banditState(
      this,
      { epsilon: this.epsilon, decay: this.decay, seed: this.seed },
      { t: this.t, counts: Array.from(this.counts), means: Array.from(this.means) },
    );
  }

  static fromJSON(json: unknown, expected: ExpectedShape = {}): EpsilonGreedy {
    const s = readBanditState<EpsilonGreedyState>(json, { ...expected, algorithm: 'epsilon-greedy' });
    const bandit = new EpsilonGreedy({ arms: s.arms, dim: s.dim, ...s.hyper });
    checkMatrixList('counts', [s.state.counts], 1, s.arms);
    checkMatrixList('means', [s.state.means], 1, s.arms);
    bandit.counts.set(s.state.counts);
    bandit.means.set(s.state.means);
    bandit.t = checkStep(s.state.t);
    return bandit;
  }
}
