/**
 * Cumulative (pseudo-)regret of the bandits on two planted 5-arm problems.
 *   npx tsx bench/bandit-regret.ts
 * Prints the median over 10 seeds at several horizons; docs/benchmarks.md records the figures.
 * Regret counts expected reward lost, Σ_t (μ*(x_t) − μ_{a_t}(x_t)), so reward noise does not blur it.
 */
import { type Bandit, EpsilonGreedy, LinearThompson, LinUCB } from '../src/core/learning/bandit';
import { keyedRng } from '../src/core/util/rng';

interface Problem {
  name: string;
  arms: number;
  dim: number;
  context(seed: number, t: number): Float64Array;
  /** Expected reward of each arm at x, all in [0, 1]. */
  means(x: Float64Array): number[];
}

// Bernoulli arms, best arm in the middle so index tie-breaking cannot help.
const P = [0.5, 0.6, 0.75, 0.4, 0.3];
const flat: Problem = {
  name: 'non-contextual (Bernoulli p = 0.5 0.6 0.75 0.4 0.3)',
  arms: 5,
  dim: 1,
  context: () => Float64Array.of(1),
  means: () => P,
};

// x = (1, c1, c2), c uniform on [−1, 1]²; arm k leans toward angle 2πk/5, so every arm is best somewhere.
const THETA = Array.from({ length: 5 }, (_, k) => [
  0.5,
  0.3 * Math.cos((2 * Math.PI * k) / 5),
  0.3 * Math.sin((2 * Math.PI * k) / 5),
]);
const contextual: Problem = {
  name: 'contextual (dim 3, p = θ_kᵀx, best arm depends on x)',
  arms: 5,
  dim: 3,
  context: (seed, t) => {
    const rng = keyedRng(seed, 'context', t);
    return Float64Array.of(1, 2 * rng.next() - 1, 2 * rng.next() - 1);
  },
  means: (x) => THETA.map((th) => th[0]! * x[0]! + th[1]! * x[1]! + th[2]! * x[2]!),
};

function regretCurve(bandit: Bandit, problem: Problem, seed: number, horizons: number[]): number[] {
  const out: number[] = [];
  let regret = 0;
  const last = horizons[horizons.length - 1]!;
  for (let t = 0; t < last; t++) {
    const x = problem.context(seed, t);
    const mu = problem.means(x);
    const arm = bandit.select(x);
    const reward = keyedRng(seed, 'reward', t).next() < mu[arm]! ? 1 : 0;
    bandit.update(arm, x, reward);
    regret += Math.max(...mu) - mu[arm]!;
    if (horizons.includes(t + 1)) out.push(regret);
  }
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const HORIZONS = [250, 500, 1000, 2000, 4000];
const SEEDS = Array.from({ length: 10 }, (_, i) => i + 1);
const makers: [string, (p: Problem, seed: number) => Bandit][] = [
  ['LinUCB (α=1, λ=1)', (p) => new LinUCB({ arms: p.arms, dim: p.dim })],
  ['LinearThompson (v=0.5, λ=1)', (p, seed) => new LinearThompson({ arms: p.arms, dim: p.dim, seed })],
  ['EpsilonGreedy (ε=0.1)', (p, seed) => new EpsilonGreedy({ arms: p.arms, dim: p.dim, seed })],
  [
    'EpsilonGreedy (ε0=0.1, decay=0.01)',
    (p, seed) => new EpsilonGreedy({ arms: p.arms, dim: p.dim, seed, decay: 0.01 }),
  ],
];

console.log(`node ${process.version}; median cumulative regret over ${SEEDS.length} seeds\n`);
for (const problem of [flat, contextual]) {
  console.log(`### ${problem.name}\n`);
  console.log(`| algorithm | ${HORIZONS.map((h) => `T=${h}`).join(' | ')} | R(4000)/R(1000) |`);
  console.log(`|---|${HORIZONS.map(() => '---:').join('|')}|---:|`);
  for (const [label, make] of makers) {
    const curves = SEEDS.map((seed) => regretCurve(make(problem, seed), problem, seed, HORIZONS));
    const cols = HORIZONS.map((_, i) => median(curves.map((c) => c[i]!)));
    const ratio = median(curves.map((c) => c[4]! / c[2]!));
    console.log(`| ${label} | ${cols.map((v) => v.toFixed(1)).join(' | ')} | ${ratio.toFixed(2)} |`);
  }
  console.log('');
}
