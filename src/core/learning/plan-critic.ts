/**
 * PARL's plan head learned by least squares: per plan option, a ridge regression of the episode's
 * return on the task's features, discounted so that returns earned under earlier step heads fade.
 *
 * Why not the policy gradient the step heads follow: the plan is one choice per task, made before
 * anything is seen mid-run, which is a contextual bandit's problem. A softmax head climbing its
 * gradient stops trying an option once it has made it unlikely — on deep search it gave single a
 * probability of 0.005 where single is the best choice on a third of the instances — while an
 * estimate of each option's worth from every return it earned keeps the option's worth known
 * (docs/learning.md, "The plan head learned by regression").
 *
 * The estimates, divided by a temperature, are written into the plan head's weights: the head is
 * still a linear softmax, so a checkpoint runs as before — evaluated greedily it takes the best
 * estimate; while training it samples the Boltzmann distribution of the estimates.
 */
import { invert } from './linalg';

export interface PlanCriticConfig {
  /** Logit = estimated return / temperature: 0.05 makes a 0.05 edge in return 2.7× as likely. */
  readonly temperature: number;
  /** What a batch's returns still weigh one batch later (0.99: about 100 batches, 6,400 episodes). */
  readonly discount: number;
  /** Weight of the prior: the starting logits × temperature, as if seen this many times. */
  readonly ridge: number;
}

export const PLAN_CRITIC: PlanCriticConfig = { temperature: 0.05, discount: 0.99, ridge: 1 };

/** The sums a resumed training continues from (checkpoint.ts saves them). */
export interface PlanCriticState {
  /** Per option, Σ discount^age · x xᵀ (options × d × d, row-major). */
  readonly gram: Float64Array;
  /** Per option, Σ discount^age · x · return (options × d). */
  readonly moment: Float64Array;
}

export interface PlanSample {
  readonly x: Float64Array;
  readonly option: number;
  readonly value: number;
}

export class PlanCritic {
  readonly state: PlanCriticState;

  /** `prior`: the starting logits (options × d), the habit the head starts from. */
  constructor(
    readonly options: number,
    readonly dim: number,
    private readonly prior: Float64Array,
    readonly config: PlanCriticConfig = PLAN_CRITIC,
    state?: PlanCriticState,
  ) {
    if (prior.length !== options * dim)
      throw new Error(`the prior has ${prior.length} weights, not ${options * dim}`);
    this.state = state ?? {
      gram: new Float64Array(options * dim * dim),
      moment: new Float64Array(options * dim),
    };
  }

  /** Fades what was seen by one batch's discount, then adds the batch's returns. */
  observe(samples: readonly PlanSample[]): void {
    const { gram, moment } = this.state;
    const { discount } = this.config;
    const d = this.dim;
    for (let i = 0; i < gram.length; i++) gram[i] = (gram[i] as number) * discount;
    for (let i = 0; i < moment.length; i++) moment[i] = (moment[i] as number) * discount;
    for (const { x, option, value } of samples) {
      const g = option * d * d;
      for (let i = 0; i < d; i++) {
        const xi = x[i] as number;
        if (xi === 0) continue;
        moment[option * d + i] = (moment[option * d + i] as number) + xi * value;
        for (let j = 0; j < d; j++)
          gram[g + i * d + j] = (gram[g + i * d + j] as number) + xi * (x[j] as number);
      }
    }
  }

  /**
   * Writes each option's estimate / temperature into `logits` (options × d): θ = (λI + G)⁻¹
   * (λ·prior·T + m), so an option never tried keeps the starting habit's logit.
   */
  writeLogits(logits: Float64Array): void {
    const d = this.dim;
    const { ridge, temperature } = this.config;
    const m = new Float64Array(d * d);
    const rhs = new Float64Array(d);
    for (let a = 0; a < this.options; a++) {
      for (let i = 0; i < d * d; i++) m[i] = this.state.gram[a * d * d + i] as number;
      for (let i = 0; i < d; i++) {
        m[i * d + i] = (m[i * d + i] as number) + ridge;
        rhs[i] =
          (this.state.moment[a * d + i] as number) + ridge * temperature * (this.prior[a * d + i] as number);
      }
      const inv = invert(m, d);
      for (let i = 0; i < d; i++) {
        let s = 0;
        for (let j = 0; j < d; j++) s += (inv[i * d + j] as number) * (rhs[j] as number);
        logits[a * d + i] = s / temperature;
      }
    }
  }
}
