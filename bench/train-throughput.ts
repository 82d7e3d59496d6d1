/**
 * Training throughput: episodes per second of `swarm train` per scenario, PARL and bandit.
 *   npx tsx bench/train-throughput.ts [episodes-per-round] [rounds]
 * Each scenario is trained alone (its mix.json size range and budget) for a few short runs,
 * interleaved across scenarios so machine noise spreads evenly; the figure is the median over
 * rounds. docs/benchmarks.md records it.
 */

import { trainingEnv } from '../src/cli/train';
import { defaultTrainConfig, train } from '../src/core/learning/train';

const perRound = Number(process.argv[2] ?? 60);
const rounds = Number(process.argv[3] ?? 5);
const scenarios = ['wide-search', 'deep-search', 'mixed-coding', 'mix'];
const policies = ['parl', 'bandit'] as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

const envs = Object.fromEntries(
  await Promise.all(scenarios.map(async (s) => [s, await trainingEnv(s)] as const)),
);
const rates = new Map<string, number[]>();
for (let round = 0; round < rounds; round++) {
  for (const scenario of scenarios) {
    for (const policy of policies) {
      const started = performance.now();
      await train(
        { ...defaultTrainConfig, policy, episodes: perRound, seed: round + 1, window: perRound },
        envs[scenario]!,
      );
      const key = `${scenario}\t${policy}`;
      rates.set(key, [...(rates.get(key) ?? []), perRound / ((performance.now() - started) / 1000)]);
    }
  }
}
console.log(
  `| scenario | policy | episodes/s (median of ${rounds} × ${perRound} episodes) | seconds for the default ${defaultTrainConfig.episodes} episodes |`,
);
console.log('|---|---|---:|---:|');
for (const [key, xs] of rates) {
  const [scenario, policy] = key.split('\t');
  const m = median(xs);
  console.log(
    `| ${scenario} | ${policy} | ${m.toFixed(1)} | ${(defaultTrainConfig.episodes / m).toFixed(0)} |`,
  );
}
