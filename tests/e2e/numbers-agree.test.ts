import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';
import { ended, numberAfter } from './support/screen-numbers';

/**
 * Issue 61, item 4: every number on screen agrees with every other that says the same thing. A
 * walk-through found Stress's lower-bound card at "planned estimate 98" beside the graph's "planned
 * (dashed): 95 steps", a node's what-if "makespan ±0 (10 → 10)" beside 11 critical steps, "A run
 * takes about 40 s" for a run of 73 s, and an imported checkpoint under the last training's episode
 * count. Every gallery card's run and its numbers are checked in the one gallery walk
 * (gallery-walk.test.ts: the cards, the graph's caption, a node's detail, the replay's position,
 * the agent picture, the Library's row); here, alone because it times the page, a graph run's
 * length against its estimate, and a loaded checkpoint's episode count.
 */
const profile = profilePerTest();

describe('the numbers on screen', () => {
  it("says a graph run's length within 20% of what it takes", async () => {
    const { page } = profile;
    // The Stress card, 1,500 tasks: 928 model seconds at 20 ms each, about 20 s. Its drawing kept
    // the page busy about half the time, which added to the waits: 75 s at the default pace for
    // an estimated 40 s.
    await page.goto(`${appUrl}#view=run&scenario=stress&pace=20`);
    const note = (await page.textContent(t('run-length'))) ?? '';
    const said = numberAfter(note, /A run takes about/);
    expect(note).toMatch(/A run takes about \d+ s at this pace/);
    await page.click(t('run-button'));
    await ended(page);
    const wall = ((await page.textContent(`${t('metric-wall-clock')} .value`)) ?? '').trim();
    expect(wall).toMatch(/^[\d.]+ s$/);
    const took = Number.parseFloat(wall);
    // The page keeps the run to its waits (src/adapters/common/pace.ts keptPace; before, the
    // page's drawing added to them: 75 s for an estimated 40 s, 1.9×). On a quiet machine the run
    // lands within 20% of the estimate (37.9 s for "about 40 s"); a wall-clock test must not
    // depend on the machine's load (docs/development.md), so it fails only past 1.6×: the old
    // page's 1.9× fails it, and this page under three other test suites' load (1.4×) passes.
    console.log(`run length: said ${said} s, took ${took} s (${(took / (said as number)).toFixed(2)}×)`);
    expect(took / (said as number)).toBeLessThanOrEqual(1.6);
    expect(took / (said as number)).toBeGreaterThanOrEqual(0.8);
    expect(profile.errors).toEqual([]);
  }, 120_000);

  it("shows a loaded checkpoint's own episode count, not the last training's", async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=40&view=train&episodes=20`);
    await page.click(t('train-button'));
    await page.waitForSelector(t('save-policy'), { timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(t('download-policy'))]);
    const file = readFileSync((await download.path()) as string);
    // Another training, of another length, then the first one's file.
    await page.goto(`${appUrl}#pace=40&view=train&episodes=10`);
    await page.reload();
    await page.click(t('train-button'));
    await page.waitForSelector(`${t('train-status')}:text("10 / 10 episodes")`, { timeout: 60_000 });
    await page.setInputFiles(t('policy-file'), {
      name: 'twenty.json',
      mimeType: 'application/json',
      buffer: file,
    });
    await page.waitForSelector(t('train-message'));
    expect(await page.textContent(t('train-status'))).toMatch(/· 20 \/ 20 episodes$/);
    expect(profile.errors).toEqual([]);
  }, 180_000);
});
