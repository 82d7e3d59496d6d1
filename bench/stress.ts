/**
 * Large runs in the built app, in Debian's Chromium (one fresh profile per run, one sitting): the
 * stress card at 1,500 and 5,000 tasks. For each: time to `done`, nodes drawn, when the DAG was
 * first painted, and main-thread long tasks (PerformanceObserver 'longtask') after that paint —
 * how many passed 50 and 100 ms, and the longest.
 *
 *   npx tsx bench/stress.ts [--reps 3] [--cases 1500:40,1500:0,5000:40]   (size:pace)
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { freshProfile } from '../tests/e2e/support/fresh-profile';
import { serveStatic } from '../tests/e2e/support/static-server';

const { values } = parseArgs({
  options: {
    reps: { type: 'string', default: '3' },
    cases: { type: 'string', default: '1500:40,1500:0,5000:40' },
  },
});
const reps = Number(values.reps);
const cases = (values.cases as string).split(',').map((c) => c.split(':').map(Number) as [number, number]);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

// Strings, not functions: tsx would add helpers the page does not have.
const watch = `window.__long = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });`;
const read = `(() => {
  const paint = performance.getEntriesByName('swarmflight:dag-render')[0];
  const painted = paint ? paint.startTime + paint.duration : 0;
  const after = window.__long.filter(([start]) => start >= painted).map(([, d]) => d);
  return { painted, after, nodes: document.querySelectorAll('[data-testid^="dag-node"]').length };
})()`;

const dir = await mkdtemp(join(tmpdir(), 'swarmflight-bench-'));
await build({ logLevel: 'error', build: { outDir: join(dir, 'dist') } });
const server = await serveStatic(join(dir, 'dist'), '/app/');
const rows: string[] = [];
try {
  for (const [size, pace] of cases) {
    const done: number[] = [];
    const painted: number[] = [];
    const over50: number[] = [];
    const over100: number[] = [];
    const longest: number[] = [];
    let nodes = 0;
    for (let r = 0; r < reps; r++) {
      const profile = await freshProfile();
      try {
        const { page } = profile;
        await page.addInitScript(watch);
        await page.goto(`${server.url}#view=run&scenario=stress&size=${size}&pace=${pace}`);
        await page.waitForSelector('[data-testid="run-button"]');
        const start = Date.now();
        await page.click('[data-testid="run-button"]');
        await page.waitForSelector('[data-testid="run-status"]:text-is("done")', { timeout: 600_000 });
        done.push(Date.now() - start);
        await page.waitForFunction(
          `performance.getEntriesByName('swarmflight:dag-render').length > 0`,
          undefined,
          {
            timeout: 60_000,
          },
        );
        await page.waitForTimeout(500);
        const m = (await page.evaluate(read)) as { painted: number; after: number[]; nodes: number };
        painted.push(m.painted);
        over50.push(m.after.filter((d) => d > 50).length);
        over100.push(m.after.filter((d) => d > 100).length);
        longest.push(Math.max(0, ...m.after));
        nodes = m.nodes;
        if (profile.errors.length > 0) throw new Error(`errors on the page: ${profile.errors.join('; ')}`);
      } finally {
        await profile.close();
      }
    }
    rows.push(
      `| ${size.toLocaleString('en-US')} | ${pace} | ${(median(done) / 1000).toFixed(1)} s | ${nodes.toLocaleString('en-US')} | ${median(over50)} (${over50.join(', ')}) | ${median(over100)} (${over100.join(', ')}) | ${median(longest).toFixed(0)} ms (${longest.map((x) => x.toFixed(0)).join(', ')}) |`,
    );
  }
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
console.log(`stress runs in Chromium, ${reps} fresh profiles per case, medians (all runs in brackets)\n`);
console.log(
  '| tasks | pace | run to done | DAG nodes drawn | long tasks > 50 ms after first paint | > 100 ms | longest |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(r);
