/** The model LinUCB and linear Thompson sampling share: a ridge regression per arm. */

import { argmax, checkMatrixList } from './bandit';
import { dot, identity, matVec, shermanMorrison } from './linalg';

/** Per arm: A⁻¹ (row-major, dim·dim) and b, plus the number of select calls made. */
export interface LinearModelState {
  t: number;
  aInv: number[][];
  b: number[][];
}

/** Ridge regression per arm with A⁻¹ kept current by Sherman–Morrison (no inversions). */
export class LinearArms {
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
    return argmax(this.estimates(x));
  }
  /** Every arm's θ̂ᵀx. */
  estimates(x: Float64Array): Float64Array {
    const scores = new Float64Array(this.arms);
    for (let a = 0; a < this.arms; a++) scores[a] = dot(this.theta(a), x);
    return scores;
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
