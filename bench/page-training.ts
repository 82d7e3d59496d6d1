/**
 * Orchestration training as a user meets it: the built app in Debian's Chromium, the Train view
 * drawing its live curves while PARL trains 100,000 episodes (the CLI defaults), with 0, 1 and 2
 * rollout Web Workers set in the view's "Rollout workers" box, alternately, --reps times in one
 * sitting. Prints the seconds the view reports (medians, all runs) and the speed-up. It decided
 * the page's default (src/adapters/rollout-workers-default.ts): unlike
 * bench/browser/orchestration-rollouts.bench.test.ts it counts the page's own thread, which
 * draws the curves while the workers play.
 *
 *   npx tsx bench/page-training.ts [--reps 5]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { freshProfile } from '../tests/e2e/support/browser';
import { serveStatic } from '../tests/e2e/support/static-server';

const { values } = parseArgs({ options: { reps: { type: 'string', default: '5' } } });
const reps = Number(values.reps);
const t = (id: string) => `[data-testid="${id}"]`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

const dir = await mkdtemp(join(tmpdir(), 'swarmflight-bench-'));
await build({ logLevel: 'error', build: { outDir: join(dir, 'dist') } });
const server = await serveStatic(join(dir, 'dist'), '/app/');
const counts = [0, 1, 2] as const;
const seconds: Record<number, number[]> = { 0: [], 1: [], 2: [] };
let cores = 0;
try {
  for (let r = 0; r < reps; r++) {
    for (const workers of counts) {
      const profile = await freshProfile();
      const { page } = profile;
      await page.goto(`${server.url}#view=train`);
      await page.waitForSelector(t('orch-leaderboard'), { timeout: 60_000 });
      cores = await page.evaluate(() => navigator.hardwareConcurrency);
      await page.fill(t('orch-workers'), String(workers));
      await page.dispatchEvent(t('orch-workers'), 'change');
      await page.click(t('orch-train'));
      await page.waitForFunction(
        (sel) => /^done/.test(document.querySelector(sel)?.textContent ?? ''),
        t('orch-status'),
        { timeout: 180_000 },
      );
      const message = (await page.textContent(t('orch-message'))) ?? '';
      const s = /in (\d+\.\d) s/.exec(message)?.[1];
      if (s === undefined) throw new Error(`no time in the view's message: ${message}`);
      seconds[workers]?.push(Number(s));
      await profile.close();
    }
  }
  console.log(`Train view, 100,000 episodes, ${reps} runs each, alternating; cores reported: ${cores}`);
  console.log('| rollout workers | seconds, median (all) | speed-up |\n|---:|---:|---:|');
  const base = median(seconds[0] as number[]);
  for (const w of counts) {
    const xs = seconds[w] as number[];
    console.log(
      `| ${w} | ${median(xs).toFixed(1)} (${xs.map((x) => x.toFixed(1)).join(', ')}) | ${(base / median(xs)).toFixed(2)}× |`,
    );
  }
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
