/**
 * The sha256 of a PARL training's checkpoint that no load on the machine can change: the CLI
 * defaults (mix, seed 1) trained in-process on one thread, with `run_js`'s time limit lifted ×60,
 * since a program starved of a core past its 1,000 ms deadline fails where it passes on an idle
 * machine (docs/benchmarks.md, "CLI training: CPU per episode"). Compare two trees with it:
 *
 *   npx tsx scripts/training-checkpoint-sha.ts TREE EPISODES OUT.json
 *
 * TREE is a checkout (e.g. a `git archive` of a commit); its own sources are imported.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const [treeArg, episodesText, out] = process.argv.slice(2);
if (!treeArg || !episodesText || !out) {
  console.error('usage: npx tsx scripts/training-checkpoint-sha.ts TREE EPISODES OUT.json');
  process.exit(2);
}
const tree = resolve(treeArg);
const episodes = Number(episodesText);
const { trainingSource, trainingEnvOf } = await import(`${tree}/src/cli/training-env.ts`);
const { nodeSandbox } = await import(`${tree}/src/adapters/node/node-sandbox.ts`);
const { memoSandbox } = await import(`${tree}/src/core/tools/memo-sandbox.ts`);
const { defaultSchedules, defaultTrainConfig, train } = await import(`${tree}/src/core/learning/train.ts`);
const env = await trainingEnvOf(trainingSource('mix'));
const lifted = {
  run: (code: string, tests: unknown, timeoutMs: number) => nodeSandbox.run(code, tests, timeoutMs * 60),
};
const schedules = defaultSchedules('parl', episodes);
const config = {
  ...defaultTrainConfig,
  policy: 'parl',
  episodes,
  seed: 1,
  lambdaParallel: schedules.lambdaParallel,
  lambdaFinish: schedules.lambdaFinish,
  window: Math.max(1, Math.min(defaultTrainConfig.window, Math.ceil(episodes / 20))),
};
// The memory in front of the lifted sandbox keys on the scenario's own time limit, as training's does.
const result = await train(config, { ...env, ports: { sandbox: memoSandbox(lifted) } });
const text = `${JSON.stringify(result.checkpoint)}\n`;
writeFileSync(out, text);
console.log(`${tree} ${episodes} episodes: sha256 ${createHash('sha256').update(text).digest('hex')}`);
process.exit(0);
