/**
 * The playground's figures, from the built app in Debian's Chromium (one sitting, medians):
 * - a new visitor: page open → wide search run from the gallery → critical path drawn;
 * - a 1,500-task DAG: layout + drawing + first paint (the `swarmflight:dag-render` measure);
 * - responsiveness: main-thread long tasks (> 50 ms) during a wide-search run and a 1,500-task run.
 *
 *   npx tsx bench/playground.ts [--reps 5]
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { freshProfile } from '../tests/e2e/support/fresh-profile';
import { serveStatic } from '../tests/e2e/support/static-server';

const { values } = parseArgs({ options: { reps: { type: 'string', default: '5' } } });
const reps = Number(values.reps);
const t = (id: string) => `[data-testid="${id}"]`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};
const p90 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))] as number;

const dir = await mkdtemp(join(tmpdir(), 'swarmflight-bench-'));
await build({ logLevel: 'error', build: { outDir: join(dir, 'dist') } });
const server = await serveStatic(join(dir, 'dist'), '/app/');

const watchLongTasks = () => {
  const w = window as unknown as { __long: number[] };
  w.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
};

const firstRun: number[] = [];
const dagRender: number[] = [];
const longWide: number[] = [];
const longStress: number[] = [];
const longCountWide: number[] = [];
const longCountStress: number[] = [];
try {
  for (let r = 0; r < reps; r++) {
    const profile = await freshProfile();
    const { page } = profile;
    await page.addInitScript(watchLongTasks);
    const start = Date.now();
    await page.goto(server.url);
    await page.click(`${t('scenario-card-wide-search')} button.primary`);
    await page.waitForSelector(t('dag-node-critical'));
    firstRun.push(Date.now() - start);
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    let long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
    longWide.push(Math.max(0, ...long));
    longCountWide.push(long.length);

    await page.goto(`${server.url}#view=run&scenario=stress&pace=0`);
    await page.reload();
    await page.evaluate(() => performance.clearMeasures());
    await page.evaluate(() => {
      (window as unknown as { __long: number[] }).__long.length = 0;
    });
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 120_000 });
    await page.waitForFunction(() => performance.getEntriesByName('swarmflight:dag-render').length > 0);
    const measures = await page.evaluate(() =>
      performance.getEntriesByName('swarmflight:dag-render').map((e) => e.duration),
    );
    dagRender.push(measures[0] as number);
    long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
    longStress.push(Math.max(0, ...long));
    longCountStress.push(long.length);
    await profile.close();
  }
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}

const row = (name: string, xs: number[], unit = 'ms') =>
  `| ${name} | ${median(xs).toFixed(0)} ${unit} | ${p90(xs).toFixed(0)} ${unit} | ${xs.map((x) => x.toFixed(0)).join(', ')} |`;
console.log(`playground in Chromium, ${reps} fresh profiles, one sitting\n`);
console.log('| figure | median | p90 | all |\n|---|---|---|---|');
console.log(row('page open → wide search run → critical path drawn', firstRun));
console.log(row('1,500-task DAG: layout + draw + first paint', dagRender));
console.log(row('longest main-thread task, wide-search run', longWide));
console.log(row('long tasks (> 50 ms), wide-search run', longCountWide, ''));
console.log(row('longest main-thread task, 1,500-task run', longStress));
console.log(row('long tasks (> 50 ms), 1,500-task run', longCountStress, ''));
