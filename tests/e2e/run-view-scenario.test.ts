import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 44, item 8: the Run view showed the last run of another scenario as the picked one's — run
 * "Write a story", then open mixed-coding (the Router does this), and the form named the library
 * while the graph, cards and text were the story's, with "Status: done". With no run of the
 * picked scenario it now says so, names the run it is not showing, and offers to show it.
 */
const profile = profilePerTest();

describe('the Run view and the scenario picked', () => {
  it('says there is no run yet on a fresh page, instead of a blank view', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=run&scenario=diamond`);
    await page.waitForSelector(t('run-empty'));
    expect(await page.textContent(t('run-empty'))).toMatch(
      /No run yet: press Run to run “Fan out to two branches/,
    );
    expect(profile.errors).toEqual([]);
  });

  it("never shows another scenario's run as this one's", async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=run&scenario=write-story`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    await page.waitForSelector(t('dag'));
    // What the Router's "open" does: the same tab, another scenario.
    await page.evaluate(() => {
      location.hash = '#pace=0&view=run&scenario=mixed-coding';
    });
    await page.waitForSelector(t('run-empty'));
    expect(await page.textContent(t('run-empty'))).toMatch(
      /“A small library of functions” has not run here yet: press Run\. The last run in this tab was of “Write a story” \(done\)/,
    );
    expect(await page.textContent(t('run-status'))).toBe('idle');
    expect(await page.locator(t('dag')).count()).toBe(0);
    expect(await page.locator(t('answer-note')).count()).toBe(0);
    // Asked for, the story's run is back, under its own scenario.
    await page.click(t('show-last-run'));
    await page.waitForSelector(t('dag'));
    expect(await page.textContent(t('run-status'))).toBe('done');
    expect(page.url()).toContain('scenario=write-story');
    expect(profile.errors).toEqual([]);
  });
});
