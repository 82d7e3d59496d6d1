import { describe, expect, it } from 'vitest';
import { appUrl, PAGE_SIZES, profilePerTest, testId as t } from './support/browser';

/**
 * A run that ended before the first look (a search at the default pace is over in about a
 * second) can be watched again with one click on its Play: the stored run plays from its start at
 * a pace a person can follow, about ten seconds, its counters moving as it goes, and can be paused.
 */
const profile = profilePerTest();

describe('watching a run again', () => {
  it('plays the run that just ended from its start, for several seconds, and pauses', async () => {
    const { page } = profile;
    // A deep search: 20 critical steps to play through. A wide search's 9 or 10 made the ten
    // distinct views below a count on the edge (CI once sampled 9).
    await page.goto(`${appUrl}#view=run&scenario=deep-search&seed=1`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    const started = Date.now();
    await page.click(t('replay-play'));
    await page.waitForSelector(`${t('replay-play')}[aria-pressed="true"]`);
    // Sample what the page shows while it plays: the position and the critical-steps card.
    const seen = new Set<string>();
    const statuses = new Set<string>();
    while (Date.now() - started < 30_000) {
      const position = (await page.textContent(t('replay-position'))) ?? '';
      const critical = (await page.textContent(t('metric-critical-steps'))) ?? '';
      seen.add(`${position}|${critical}`);
      statuses.add((await page.textContent(t('run-status'))) ?? '');
      if ((await page.getAttribute(t('replay-play'), 'aria-pressed')) === 'false') break;
      await page.waitForTimeout(100);
    }
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(5_000);
    expect(seen.size).toBeGreaterThanOrEqual(10);
    // It ends at the run's last event, as the run ended.
    const events = /event (\d+) of (\d+)/.exec((await page.textContent(t('replay-position'))) ?? '');
    expect(events?.[1]).toBe(events?.[2]);
    expect(await page.textContent(t('run-status'))).toBe('done');
    // While it played the status said a replay was playing, never "running" as a new run would.
    expect(statuses.has('running')).toBe(false);
    const replaying = [...statuses].filter((s) =>
      /^replaying · event \d+ of \d+ \(step-time \d+(\.\d+)? of \d/.test(s),
    );
    expect(replaying.length).toBeGreaterThanOrEqual(3);
    expect([...statuses].every((s) => s === 'done' || replaying.includes(s))).toBe(true);
    // Play again from the start, then pause: the position stays where it was paused.
    await page.click(t('replay-play'));
    await page.waitForTimeout(1_500);
    await page.click(t('replay-play'));
    const paused = await page.textContent(t('replay-position'));
    expect(await page.textContent(t('run-status'))).toMatch(
      /^replay paused at event \d+ of \d+ \(step-time \d+(\.\d+)? of \d/,
    );
    await page.waitForTimeout(800);
    expect(await page.textContent(t('replay-position'))).toBe(paused);
    expect(paused).not.toMatch(/event (\d+) of \1\b/);
    expect(profile.errors).toEqual([]);
  }, 90_000);

  for (const [width, height] of PAGE_SIZES)
    it(`at the pace "watch" beside Run, a wide search takes seconds, its counters moving as it goes, at ${width}×${height}`, async () => {
      const { page } = profile;
      await page.setViewportSize({ width, height });
      // From fast, picked back to watch (the default since issue 61, so the link drops the pace).
      await page.goto(`${appUrl}#pace=40&view=run&scenario=wide-search&seed=2`);
      await page.selectOption(t('pace-select'), { label: 'watch' });
      expect(await page.inputValue(t('pace-select'))).toBe('400');
      expect(page.url()).not.toMatch(/pace=/);
      const started = Date.now();
      await page.click(t('run-button'));
      const seen = new Set<string>();
      while (Date.now() - started < 60_000) {
        const status = (await page.textContent(t('run-status'))) ?? '';
        const cards = await page.evaluate(() =>
          ['metric-critical-steps', 'metric-tokens', 'metric-wall-clock']
            .map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '')
            .join('|'),
        );
        seen.add(cards);
        if (status === 'done') break;
        await page.waitForTimeout(100);
      }
      expect(await page.textContent(t('run-status'))).toBe('done');
      expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
      expect(seen.size).toBeGreaterThanOrEqual(10);
      expect(profile.errors).toEqual([]);
    }, 90_000);
});
