import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * The run that just ended in the Run view has the replay controls a stored run has (issue 44): Play
 * replays it from its start at a pace a person can follow, the scrubber moving with it, and the
 * scrubber moved from the keyboard opens it at that event, the focus staying on it. At a laptop's
 * size and a phone's.
 */
const profile = profilePerTest();

const sizes = [
  { name: '1366×900', width: 1366, height: 900 },
  { name: '390×844', width: 390, height: 844 },
] as const;

const scrubber = async (page: Page) => ({
  value: Number(await page.inputValue(t('replay-scrubber'))),
  max: Number(await page.getAttribute(t('replay-scrubber'), 'max')),
});
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

async function finishedRun(page: Page, size: (typeof sizes)[number]) {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.goto(`${appUrl}#pace=40&view=run&scenario=wide-search&seed=2`);
  await page.click(t('run-button'));
  await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
}

describe('the replay controls of a run that just ended', () => {
  for (const size of sizes) {
    it(`at ${size.name}: Play replays it from its start, the scrubber moving, then pauses`, async () => {
      const { page } = profile;
      await finishedRun(page, size);
      // At its end, as the run ended: every event, the last one shown.
      const end = await scrubber(page);
      expect(end.max).toBeGreaterThan(50);
      expect(end.value).toBe(end.max);
      expect(await page.textContent(t('replay-position'))).toContain(
        `event ${end.max + 1} of ${end.max + 1}`,
      );
      await page.click(t('replay-play'));
      await page.waitForSelector(`${t('replay-play')}[aria-pressed="true"]`);
      // The focus is on the Play of the replay that opened, now Pause.
      expect(await focused(page)).toBe('replay-play');
      expect(await page.textContent(t('replay-play'))).toBe('Pause');
      // It starts over and moves forward, step by step (a second a step: ten for this run), as the
      // status says.
      const values: number[] = [];
      for (let k = 0; k < 14; k++) {
        values.push((await scrubber(page)).value);
        await page.waitForTimeout(400);
      }
      expect(values[0]).toBeLessThan(end.max / 2);
      expect(values.every((v, i) => i === 0 || v >= (values[i - 1] as number))).toBe(true);
      expect(new Set(values).size).toBeGreaterThanOrEqual(3);
      expect(await page.textContent(t('run-status'))).toMatch(
        /^replaying · event \d+ of \d+ \(step-time [\d.]+ of 10\)$/,
      );
      await page.keyboard.press('Enter');
      const paused = (await scrubber(page)).value;
      expect(paused).toBeLessThan(end.max);
      await page.waitForTimeout(600);
      expect((await scrubber(page)).value).toBe(paused);
      expect(await page.textContent(t('run-status'))).toMatch(
        /^replay paused at event \d+ of \d+ \(step-time /,
      );
      expect(profile.errors).toEqual([]);
    }, 90_000);

    it(`at ${size.name}: the scrubber moved from the keyboard opens the run at that event`, async () => {
      const { page } = profile;
      await finishedRun(page, size);
      const end = await scrubber(page);
      await page.focus(t('replay-scrubber'));
      await page.keyboard.press('Home');
      await page.waitForSelector(`${t('run-status')}[data-state="replay-paused"]`);
      expect(await focused(page)).toBe('replay-scrubber');
      expect(await scrubber(page)).toEqual({ value: 0, max: end.max });
      expect(await page.textContent(t('replay-position'))).toContain(`event 1 of ${end.max + 1}`);
      // The keys go on moving it: the focus did not fall to the page's body on the way.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect((await scrubber(page)).value).toBe(2);
      await page.keyboard.press('End');
      await page.waitForSelector(`${t('run-status')}:text-is("done")`);
      expect(profile.errors).toEqual([]);
    }, 90_000);
  }
});
