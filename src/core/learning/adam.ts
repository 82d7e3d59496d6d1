/**
 * The optimiser of PARL's weights: Adam, with the state a checkpoint keeps so that a resumed
 * training takes the steps the uninterrupted one would.
 */
import { pow } from '../util/math';
import { PARAM_KEYS, type ParlParams, zerosLike } from './parl';

/** Adam's running moments and step count: without them a resumed run restarts its step sizes. */
export interface AdamState {
  readonly t: number;
  readonly m: ParlParams;
  readonly v: ParlParams;
}

/**
 * Adam (Kingma & Ba 2015) over every array of the parameters, ascending the gradient: the policy
 * climbs its objective and the value baseline climbs −½(return − V)², so both go "up".
 */
export class Adam {
  private readonly m: ParlParams;
  private readonly v: ParlParams;
  t = 0;
  constructor(
    params: ParlParams,
    readonly rate: number,
    readonly beta1 = 0.9,
    readonly beta2 = 0.999,
    readonly eps = 1e-8,
  ) {
    this.m = zerosLike(params);
    this.v = zerosLike(params);
  }

  step(params: ParlParams, grad: ParlParams, rates: Partial<Record<keyof ParlParams, number>> = {}): void {
    this.t++;
    const c1 = 1 - pow(this.beta1, this.t);
    const c2 = 1 - pow(this.beta2, this.t);
    for (const key of PARAM_KEYS) {
      const w = params[key];
      const g = grad[key];
      const m = this.m[key];
      const v = this.v[key];
      const rate = rates[key] ?? this.rate;
      for (let i = 0; i < w.length; i++) {
        const gi = g[i] as number;
        m[i] = this.beta1 * (m[i] as number) + (1 - this.beta1) * gi;
        v[i] = this.beta2 * (v[i] as number) + (1 - this.beta2) * gi * gi;
        w[i] =
          (w[i] as number) + (rate * ((m[i] as number) / c1)) / (Math.sqrt((v[i] as number) / c2) + this.eps);
      }
    }
  }

  /** A copy of the moments and step count, for a checkpoint. */
  state(): AdamState {
    const copy = (p: ParlParams): ParlParams => {
      const out = zerosLike(p);
      for (const key of PARAM_KEYS) out[key].set(p[key]);
      return out;
    };
    return { t: this.t, m: copy(this.m), v: copy(this.v) };
  }

  /** Continues from a saved state (shapes as the parameters'; the checkpoint loader checks them). */
  restore(state: AdamState): void {
    for (const key of PARAM_KEYS) {
      this.m[key].set(state.m[key]);
      this.v[key].set(state.v[key]);
    }
    this.t = state.t;
  }
}
