/**
 * Planted bandit problems with a known best arm, shared by the bandit tests and the regret bench.
 * Contexts and rewards are keyed by (seed, round), so every algorithm meets the same draws.
 */
import type { Bandit } from '../src/core/learning/bandit';
import { keyedRng } from '../src/core/util/rng';

export interface PlantedProblem {
  readonly name: string;
  readonly arms: number;
  readonly dim: number;
  context(seed: number, t: number): Float64Array;
  /** Expected reward of each arm at x, all in [0, 1]. */
  means(x: Float64Array): number[];
}

// Bernoulli arms, best (index 2) in the middle so lowest-index tie-breaking cannot find it by luck.
export const flatProblem: PlantedProblem = {
  name: 'non-contextual (Bernoulli p = 0.5 0.6 0.75 0.4 0.3)',
  arms: 5,
  dim: 1,
  context: () => Float64Array.of(1),
  means: () => [0.5, 0.6, 0.75, 0.4, 0.3],
};

// x = (1, c1, c2) with c uniform on [−1, 1]²; arm k leans toward angle 2πk/5, so each arm is best
// in a fifth of the square and every arm has the same mean 0.5 over contexts.
const THETA = Array.from({ length: 5 }, (_, k) => [
  0.5,
  0.3 * Math.cos((2 * Math.PI * k) / 5),
  0.3 * Math.sin((2 * Math.PI * k) / 5),
]);
export const contextualProblem: PlantedProblem = {
  name: 'contextual (dim 3, p = θ_kᵀx, best arm depends on x)',
  arms: 5,
  dim: 3,
  context: (seed, t) => {
    const rng = keyedRng(seed, 'context', t);
    return Float64Array.of(1, 2 * rng.next() - 1, 2 * rng.next() - 1);
  },
  means: (x) => THETA.map((th) => th[0]! * x[0]! + th[1]! * x[1]! + th[2]! * x[2]!),
};

export interface PlantedRun {
  choices: number[];
  /** Cumulative pseudo-regret after each round: Σ (μ*(x_t) − μ_{a_t}(x_t)), free of reward noise. */
  regret: number[];
  best: number[];
}

/** Plays rounds [from, from + rounds) of a problem with Bernoulli rewards. */
export function playPlanted(
  bandit: Bandit,
  problem: PlantedProblem,
  seed: number,
  rounds: number,
  from = 0,
): PlantedRun {
  const out: PlantedRun = { choices: [], regret: [], best: [] };
  let regret = 0;
  for (let t = from; t < from + rounds; t++) {
    const x = problem.context(seed, t);
    const mu = problem.means(x);
    const arm = bandit.select(x);
    bandit.update(arm, x, keyedRng(seed, 'reward', t).next() < mu[arm]! ? 1 : 0);
    const top = Math.max(...mu);
    regret += top - mu[arm]!;
    out.choices.push(arm);
    out.regret.push(regret);
    out.best.push(mu.indexOf(top));
  }
  return out;
}
