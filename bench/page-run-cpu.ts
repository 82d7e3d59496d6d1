/**
 * What one run costs the machine in the page: Chromium's CPU seconds (every process of the
 * browser, read from /proc, so the subagent workers, the compositor and the browser process are
 * counted with the main thread) and the wall clock from Run to "done", for several runs in one
 * document (seeds 1…N, each opened by its link as a user would, without a reload). The first run
 * of a document starts its subagent workers; later runs may find them kept. Linux only.
 *
 *   npx tsx bench/page-run-cpu.ts [--dist DIR] [--scenario wide-search] [--pace 0,40,400] [--runs 5]
 *
 * `--dist` measures an app already built (another commit's, for a before and after in one
 * sitting); without it the app is built from this checkout first.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, executablePath } from '../tests/e2e/support/fresh-profile';
import { nextEnd } from '../tests/e2e/support/next-end';
import { serveStatic } from '../tests/e2e/support/static-server';

const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    scenario: { type: 'string', default: 'wide-search' },
    pace: { type: 'string', default: '0,40,400' },
    runs: { type: 'string', default: '5' },
  },
});
const runs = Number(values.runs);
const t = (id: string) => `[data-testid="${id}"]`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

/** CPU seconds so far of every process whose parent chain reaches `root`, itself included. */
function treeCpu(root: number): number {
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
      cpu.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // a process that ended while it was read
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p))
      if (p === root) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, used] of cpu) if (inTree(pid)) ticks += used;
  return ticks / 100; // USER_HZ
}

let dist = values.dist;
if (!dist) {
  dist = join(await mkdtemp(join(tmpdir(), 'swarmflight-bench-')), 'dist');
  await build({ logLevel: 'error', build: { outDir: dist } });
}
const server = await serveStatic(dist, '/app/');
const browser = await chromium.launch({ executablePath, args: [...chromiumArgs], headless: true });
// playwright-core launches Chromium as a child of this process: its tree is the browser's.
const root = process.pid;
try {
  for (const pace of (values.pace as string).split(',')) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const rows: { wall: number; cpu: number }[] = [];
    for (let seed = 1; seed <= runs; seed++) {
      await page.goto(`${server.url}#view=run&scenario=${values.scenario}&pace=${pace}&seed=${seed}`);
      await page.waitForSelector(t('run-button'));
      // "done" may still show the last run's end: this run's is the next one.
      const end = await nextEnd(page);
      const cpu0 = treeCpu(root);
      const wall0 = Date.now();
      await page.click(t('run-button'));
      await end();
      const wall = Date.now() - wall0;
      const state = await page.getAttribute(t('run-status'), 'data-state');
      if (state !== 'done') throw new Error(`seed ${seed} at pace ${pace} ended ${state}, not done`);
      // What the run's end sets going (storing the trace, the last drawing) is the run's too.
      await page.waitForTimeout(300);
      rows.push({ wall, cpu: treeCpu(root) - cpu0 });
    }
    await context.close();
    const later = rows.slice(1);
    const show = (r: { wall: number; cpu: number }) => `${r.wall} ms, ${r.cpu.toFixed(2)} s`;
    console.log(
      `${values.scenario} at pace ${pace}: first run ${show(rows[0] as { wall: number; cpu: number })}; ` +
        `runs 2–${runs} median wall ${median(later.map((r) => r.wall))} ms, ` +
        `median CPU ${median(later.map((r) => r.cpu)).toFixed(2)} s ` +
        `(CPU of each: ${later.map((r) => r.cpu.toFixed(2)).join(', ')})`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
