/**
 * Active learning for the router (docs/router.md, Active learning): per seed, a router trained on
 * 40 of the train split's requests routes the rest (labels hidden); the requests under confidence
 * 0.6 go to the arbitration queue and the 20 least confident are arbitrated by the simulated
 * large profile; the control arm arbitrates 20 pool requests drawn at random. Both are retrained
 * and scored on the test split, with the start alone and the whole train split as bounds.
 *
 *   npx tsx bench/active-learning.ts [SEEDS=20] [START=40] [BUDGET=20] [--json]
 */

import { readRequestsFile } from '../src/cli/requests-file';
import { simulatedRouterProvider } from '../src/cli/sim-router-provider';
import { hashingEmbedder } from '../src/core/embeddings/hashing';
import { activeLearningExperiment } from '../src/core/experiments/active-learning';
import { arbitrateWithModel } from '../src/core/router/arbiter-model';
import { examplesOf } from '../src/core/router/requests';

const args = process.argv.slice(2).filter((a) => a !== '--json');
const json = process.argv.includes('--json');
const [seedCount = 20, start = 40, budget = 20] = args.map(Number);
const requests = readRequestsFile(new URL('../scenarios/router/requests.jsonl', import.meta.url).pathname);
const train = examplesOf(requests, 'train');
const test = examplesOf(requests, 'test');
const provider = simulatedRouterProvider();

const report = await activeLearningExperiment(train, test, {
  seeds: Array.from({ length: seedCount }, (_, i) => i + 1),
  start,
  budget,
  embedder: hashingEmbedder(),
  arbitrate: async (item, truth, seed) =>
    (await arbitrateWithModel(provider, item, { model: 'sim-large', profile: 'large', seed, truth })).label,
});

if (json) {
  console.log(JSON.stringify(report));
} else {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const pp = (d: { mean: number; low: number; high: number }) =>
    `${(d.mean * 100).toFixed(1)} pp [${(d.low * 100).toFixed(1)}, ${(d.high * 100).toFixed(1)}]`;
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  console.log(
    `${report.train} train requests (start ${report.start}, pool ${report.train - report.start}), ${report.test} test; threshold ${report.threshold}, budget ${report.budget}; ${report.seeds.length} seeds`,
  );
  console.log(
    `queued under the threshold: mean ${mean(report.seeds.map((s) => s.queued)).toFixed(1)} of the pool; arbitrated per arm: mean ${mean(report.seeds.map((s) => s.arbitrated)).toFixed(1)}; arbiter errors: active ${mean(report.seeds.map((s) => s.arbiterErrors.active)).toFixed(2)}, random ${mean(report.seeds.map((s) => s.arbiterErrors.random)).toFixed(2)}`,
  );
  console.log(
    `test accuracy: start only ${pct(report.mean.none)}, + random ${pct(report.mean.random)}, + active ${pct(report.mean.active)}, whole train split ${pct(report.mean.all)}`,
  );
  console.log(`active − random: ${pp(report.activeMinusRandom)}`);
  console.log(`active − start only: ${pp(report.activeMinusNone)}`);
}
