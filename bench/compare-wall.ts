/**
 * Does the wall clock show the swarm's speed-up? The Compare view of the built app in Debian's
 * Chromium: wide search, size 60, heuristic against a single agent (serial), for each seed and
 * pace; prints both runs' critical steps and wall clock and the ratio of the two ratios.
 *
 *   npx tsx bench/compare-wall.ts [--seeds 1,2,3] [--paces 15,30,40]
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { freshProfile } from '../tests/e2e/support/fresh-profile';
import { serveStatic } from '../tests/e2e/support/static-server';

const { values } = parseArgs({
  options: { seeds: { type: 'string', default: '1,2,3' }, paces: { type: 'string', default: '15,30,40' } },
});
const seeds = (values.seeds as string).split(',').map(Number);
const paces = (values.paces as string).split(',').map(Number);

const dir = await mkdtemp(join(tmpdir(), 'swarmflight-bench-'));
await build({ logLevel: 'error', build: { outDir: join(dir, 'dist') } });
const server = await serveStatic(join(dir, 'dist'), '/app/');
// A string, not a function: tsx would add helpers the page does not have.
const readTable = `Object.fromEntries([...document.querySelectorAll('[data-testid="compare-row"]')].map((r) =>
  [r.getAttribute('data-metric'), [...r.querySelectorAll('td[data-value]')].map((c) => Number(c.getAttribute('data-value')))]))`;

console.log(
  '| pace | seed | critical steps (swarm, single) | wall ms (swarm, single) | critical ratio | wall ratio | wall / critical |',
);
console.log('|---:|---:|---|---|---:|---:|---:|');
try {
  for (const pace of paces) {
    for (const seed of seeds) {
      const profile = await freshProfile();
      try {
        const { page } = profile;
        await page.goto(
          `${server.url}#view=run&scenario=wide-search&size=60&seed=${seed}&policy=heuristic&pace=${pace}`,
        );
        await page.click('[data-testid="compare-serial"]');
        await page.waitForSelector('[data-testid="compare-table"]', { timeout: 180_000 });
        const rows = (await page.evaluate(readTable)) as Record<string, number[]>;
        const [cs, cx] = rows.criticalSteps as [number, number];
        const [ws, wx] = rows.wallClockMs as [number, number];
        const cr = cx / cs;
        const wr = wx / ws;
        console.log(
          `| ${pace} | ${seed} | ${cs}, ${cx} | ${Math.round(ws)}, ${Math.round(wx)} | ${cr.toFixed(2)} | ${wr.toFixed(2)} | ${(wr / cr).toFixed(2)} |`,
        );
      } finally {
        await profile.close();
      }
    }
  }
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
