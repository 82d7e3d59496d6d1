import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * The page's "Trained policy plays" setting: a saved policy run by sampling says so in its
 * decisions and in its link, and the setting is offered only for a trained policy.
 */

const profile = profilePerTest();

describe('a trained policy played by sampling in the page', () => {
  it('runs a saved policy with play=sample from the link, and its decisions say they were drawn', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=train&episodes=20`);
    await page.click(t('train-button'));
    await page.waitForSelector(t('save-policy'), { timeout: 60_000 });
    await page.fill(t('policy-name'), 'drawn');
    await page.click(t('save-policy'));
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="saved-policy"]')].some((r) =>
        /drawn/.test(r.textContent ?? ''),
      ),
    );
    // A built-in policy has no distribution to draw from: no setting.
    await page.goto(`${appUrl}#pace=0&view=run&scenario=deep-search&policy=heuristic`);
    await page.waitForSelector(t('policy-select'));
    expect(await page.locator(t('play-select')).count()).toBe(0);
    await page.goto(`${appUrl}#pace=0&view=run&scenario=deep-search&policy=parl%3Adrawn&play=sample`);
    await page.waitForSelector(t('play-select'));
    expect(await page.inputValue(t('play-select'))).toBe('sample');
    await page.click(t('run-button'));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="run-status"]')?.textContent === 'done',
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForSelector(t('policy-decisions'));
    expect(await page.textContent(t('policy-decisions'))).toMatch(/played by sampling/);
    // Back to greedy from the setting: the link follows, and the next run says it took the likeliest.
    await page.selectOption(t('play-select'), 'greedy');
    await page.waitForFunction(() => !/play=sample/.test(location.hash));
    await page.click(t('run-button'));
    await page.waitForFunction(
      () =>
        /played greedily/.test(document.querySelector('[data-testid="policy-decisions"]')?.textContent ?? ''),
      undefined,
      { timeout: 60_000 },
    );
    expect(profile.errors).toEqual([]);
  });
});
