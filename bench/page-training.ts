/**
 * Training as a user meets it in the page: the built app in Debian's Chromium, the Train view
 * training the runtime's orchestrator for the CLI's default length (1,200 episodes of the scenario
 * mix) in its Web Worker while the page draws the live curves, for PARL and the bandit, --reps
 * times each in one sitting. Prints the seconds from the click on Train to "done" (medians, all
 * runs), against the 3-minute target, and the same training's time in the CLI for comparison.
 *
 *   npx tsx bench/page-training.ts [--reps 3]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { build } from 'vite';
import { defaultTrainConfig } from '../src/core/learning/train-config';
import { freshProfile } from '../tests/e2e/support/fresh-profile';
import { serveStatic } from '../tests/e2e/support/static-server';

const { values } = parseArgs({ options: { reps: { type: 'string', default: '3' } } });
const reps = Number(values.reps);
const episodes = defaultTrainConfig.episodes;
const t = (id: string) => `[data-testid="${id}"]`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const run = promisify(execFile);

const dir = await mkdtemp(join(tmpdir(), 'swarmflight-bench-'));
await build({ logLevel: 'error', build: { outDir: join(dir, 'dist') } });
const server = await serveStatic(join(dir, 'dist'), '/app/');
const policies = ['parl', 'bandit'] as const;
const page: Record<string, number[]> = { parl: [], bandit: [] };
const cli: Record<string, number[]> = { parl: [], bandit: [] };
try {
  for (let r = 0; r < reps; r++) {
    for (const policy of policies) {
      const profile = await freshProfile();
      await profile.page.goto(`${server.url}#view=train&episodes=${episodes}`);
      await profile.page.selectOption(t('train-policy'), policy);
      const started = performance.now();
      await profile.page.click(t('train-button'));
      await profile.page.waitForFunction(
        (sel) => /^done/.test(document.querySelector(sel)?.textContent ?? ''),
        t('train-status'),
        { timeout: 600_000, polling: 100 },
      );
      page[policy]?.push((performance.now() - started) / 1000);
      await profile.close();

      const t0 = performance.now();
      await run(process.execPath, [
        '--import',
        'tsx',
        'src/cli/main.ts',
        'train',
        '--scenario',
        'mix',
        '--policy',
        policy,
        '--out',
        join(dir, `${policy}.json`),
      ]);
      cli[policy]?.push((performance.now() - t0) / 1000);
    }
  }
  console.log(
    `Training, ${episodes} episodes of the scenario mix (CLI defaults), ${reps} runs each, alternating`,
  );
  console.log(
    '| policy | page: click → done, s, median (all) | CLI, s, median (all) | target |\n|---|---:|---:|---:|',
  );
  const all = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  for (const p of policies) {
    const a = page[p] as number[];
    const b = cli[p] as number[];
    console.log(
      `| ${p} | ${median(a).toFixed(1)} (${all(a)}) | ${median(b).toFixed(1)} (${all(b)}) | ≤ 180 |`,
    );
  }
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
