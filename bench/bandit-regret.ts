/**
 * Cumulative (pseudo-)regret of the bandits on two planted 5-arm problems.
 *   npx tsx bench/bandit-regret.ts
 * Prints the median over 10 seeds at several horizons; docs/benchmarks.md records the figures.
 * Regret counts expected reward lost, Σ_t (μ*(x_t) − μ_{a_t}(x_t)), so reward noise does not blur it.
 */
import type { Bandit } from '../src/core/learning/bandit';
import { EpsilonGreedy } from '../src/core/learning/epsilon-greedy';
import { LinearThompson } from '../src/core/learning/linear-thompson';
import { LinUCB } from '../src/core/learning/linucb';
import { contextualProblem, flatProblem, type PlantedProblem, playPlanted } from './planted-bandits';

function regretCurve(bandit: Bandit, problem: PlantedProblem, seed: number, horizons: number[]): number[] {
  const { regret } = playPlanted(bandit, problem, seed, horizons[horizons.length - 1]!);
  return horizons.map((h) => regret[h - 1]!);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const HORIZONS = [250, 500, 1000, 2000, 4000];
const SEEDS = Array.from({ length: 10 }, (_, i) => i + 1);
const makers: [string, (p: PlantedProblem, seed: number) => Bandit][] = [
  ['LinUCB (α=1, λ=1)', (p) => new LinUCB({ arms: p.arms, dim: p.dim })],
  ['LinearThompson (v=0.5, λ=1)', (p, seed) => new LinearThompson({ arms: p.arms, dim: p.dim, seed })],
  ['EpsilonGreedy (ε=0.1)', (p, seed) => new EpsilonGreedy({ arms: p.arms, dim: p.dim, seed })],
  [
    'EpsilonGreedy (ε0=0.1, decay=0.01)',
    (p, seed) => new EpsilonGreedy({ arms: p.arms, dim: p.dim, seed, decay: 0.01 }),
  ],
];

console.log(`node ${process.version}; median cumulative regret over ${SEEDS.length} seeds\n`);
for (const problem of [flatProblem, contextualProblem]) {
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
