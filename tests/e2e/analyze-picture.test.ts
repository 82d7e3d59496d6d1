import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { svgToPng } from '../../src/adapters/node/svg-to-png';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { runPicture } from '../../src/ui/dag/run-picture';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 62's second "Done when": the picture `swarm analyze` and the Node API send is drawn in
 * Node from the trace (src/ui/dag/run-picture.ts, rasterised by resvg) and matches the page's
 * drawing of the same run. The run is made in the built page and shown in its Run view; its trace
 * is downloaded from the Library, as a user takes it to the CLI; Node draws it. The page's DAG and
 * Node's picture must hold the same nodes and the same realized critical path, and Node's PNG is
 * that picture (its size, and the path's red in it). tests/cli/analyze.test.ts shows the CLI sends
 * exactly this picture's PNG.
 */
const profile = profilePerTest();

/** The realized critical path's red (src/ui/dag/dag-draw.ts PATH_COLOUR). */
const RED = [0xd1, 0x34, 0x2f];

async function downloadText(selector: string): Promise<string> {
  const { page } = profile;
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return readFile((await download.path()) as string, 'utf8');
}

describe("the run's picture drawn in Node", () => {
  it("holds the page's nodes and its realized critical path, for the same run", async () => {
    const { page } = profile;
    page.setDefaultTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${appUrl}#view=run&scenario=wide-search&seed=3&pace=0`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 180_000 });
    const dag = t('dag');
    await page.waitForSelector(`${dag} [data-testid="dag-node-critical"]`);
    const shown = await page.$$eval(`${dag} g[data-task]`, (gs) =>
      gs.map((g) => [g.getAttribute('data-task') ?? '', g.getAttribute('data-testid') ?? '']),
    );
    const pageNodes = shown.map(([id]) => id).sort();
    const pageCritical = shown
      .filter(([, id]) => id === 'dag-node-critical')
      .map(([task]) => task)
      .sort();
    expect(pageNodes.length).toBeGreaterThan(10);
    expect(pageCritical.length).toBeGreaterThan(2);

    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    const decoded = decodeTrace(await downloadText(t('download-jsonl')));
    if (!decoded.ok) throw new Error('the downloaded trace did not decode');
    const picture = runPicture(decoded.header, decoded.events);
    expect([...picture.nodes].sort()).toEqual(pageNodes);
    expect([...picture.critical].sort()).toEqual(pageCritical);

    const png = PNG.sync.read(Buffer.from(svgToPng(picture.svg)));
    expect([png.width, png.height]).toEqual([Math.round(picture.width * 2), Math.round(picture.height * 2)]);
    let red = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const near = RED.every((c, k) => Math.abs((png.data[i + k] as number) - c) <= 24);
      if (near && (png.data[i + 3] as number) > 200) red++;
    }
    expect(red).toBeGreaterThan(200);
    expect(profile.errors).toEqual([]);
  }, 300_000);
});
