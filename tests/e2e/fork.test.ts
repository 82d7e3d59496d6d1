import { describe, expect, it } from 'vitest';
import { appUrl, PAGE_SIZES, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 44, "fork any decision": a stored run continued from one orchestrator step under another
 * policy, in the page, shown side by side with the run as it was; the CLI's `swarm fork` does the
 * same (tests/cli/fork.test.ts).
 */
const profile = profilePerTest();

// The issue's "Done when": at a laptop's size and a phone's.
describe.each(PAGE_SIZES)('forking a stored run in the page, at %i×%i', (width, height) => {
  it('continues a deep search from decision 2 under serial, beside the run as it was', async () => {
    const { page } = profile;
    await page.setViewportSize({ width, height });
    await page.goto(`${appUrl}#pace=0&view=run&scenario=deep-search&seed=1&policy=heuristic`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    const id = new URL(page.url()).hash.match(/runs=([^&]+)/)?.[1];
    await page.goto(`${appUrl}#pace=0&view=run&runs=${id}`);
    await page.reload();
    await page.waitForSelector(t('fork-panel'));
    await page.fill(t('fork-step'), '2');
    await page.dispatchEvent(t('fork-step'), 'change');
    await page.selectOption(t('fork-policy'), 'serial');
    await page.click(t('fork-button'));
    await page.waitForSelector(t('fork-result'), { timeout: 60_000 });
    const cell = async (metric: string, column: number) =>
      Number(await page.textContent(`${t('fork-row')}[data-metric="${metric}"] td:nth-child(${column})`));
    // The original side is the run as stored: its critical steps are the card's.
    const card = Number(/\d+/.exec((await page.textContent(t('metric-critical-steps'))) ?? '')?.[0]);
    expect(await cell('criticalSteps', 2)).toBe(card);
    // Serial from step 2 launches one hop at a time: slower.
    expect(await cell('criticalSteps', 3)).toBeGreaterThan(card);
    expect(await page.textContent(t('fork-difference'))).toMatch(/^First decision that differs: decision 2 /);
    expect(await page.textContent(t('fork-result'))).toMatch(
      /The first \d+ events are the original's; from decision 2 serial decides/,
    );
    expect(profile.errors).toEqual([]);
  }, 90_000);
});
