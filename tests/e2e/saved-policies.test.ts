import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Saved policies as the views list them: a link's policy is what the Run view's picker shows (or
 * it says the policy is missing), and a saved policy runs a chosen scenario from the Train view.
 */

const profile = profilePerTest();

/** Whether the Train view's "Saved policies" list has a row matching `pattern`. */
const listed = (pattern: string) =>
  [...document.querySelectorAll('[data-testid="saved-policy"]')].some((r) =>
    new RegExp(pattern).test(r.textContent ?? ''),
  );

describe('saved policies', () => {
  it('says so when a link names a policy this browser does not have, and shows that name', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=run&scenario=diamond&policy=parl%3Amissing`);
    await page.waitForSelector(t('policy-missing'));
    expect(await page.textContent(t('policy-missing'))).toMatch(
      /"parl:missing", which is not saved in this browser/,
    );
    expect(await page.inputValue(t('policy-select'))).toBe('parl:missing');
    expect(profile.errors).toEqual([]);
  });

  it('saves a second policy trained after the first under its own default name, not over it', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=train&episodes=20`);
    await page.click(t('train-button'));
    await page.waitForSelector(t('save-policy'), { timeout: 60_000 });
    await page.click(t('save-policy'));
    await page.waitForFunction(listed, '^parl-seed1-20');
    await page.selectOption(t('train-policy'), 'bandit');
    await page.click(t('train-button'));
    await page.waitForFunction(
      () =>
        /^bandit-/.test((document.querySelector('[data-testid="policy-name"]') as HTMLInputElement)?.value),
      undefined,
      { timeout: 60_000 },
    );
    await page.click(t('save-policy'));
    await page.waitForFunction(listed, '^bandit-seed1-20');
    // Both are kept: the PARL policy was overwritten by the bandit under "parl-seed1-20" before.
    expect(await page.evaluate(listed, '^parl-seed1-20')).toBe(true);
    // The same training again (policy, seed, length) gets a name of its own too.
    await page.selectOption(t('train-policy'), 'parl');
    await page.click(t('train-button'));
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="policy-name"]') as HTMLInputElement)?.value ===
        'parl-seed1-20-2',
      undefined,
      { timeout: 60_000 },
    );
    await page.click(t('save-policy'));
    await page.waitForFunction(listed, '^parl-seed1-20-2');
    expect(await page.locator(t('saved-policy')).count()).toBe(3);
    expect(profile.errors).toEqual([]);
  });

  it('runs a saved policy on a chosen scenario from the Train view, and refuses a retired environment’s file by name', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=train&episodes=20`);
    await page.click(t('train-button'));
    await page.waitForSelector(t('save-policy'), { timeout: 60_000 });
    // Curves show each reward term, not only their sum.
    expect(decodeURIComponent((await page.getAttribute(t('train-curves'), 'src')) ?? '')).toContain(
      'λ1·r_parallel',
    );
    await page.fill(t('policy-name'), 'mix-policy');
    await page.click(t('save-policy'));
    await page.waitForFunction(listed, 'mix-policy.*scenario mix');

    // A policy file of the retired orchestration environment: refused, saying what changed.
    await page.setInputFiles(t('policy-file'), {
      name: 'orch.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ schema: 'swarmflight.orchestration-policy/1', weights: {} })),
    });
    await page.waitForSelector(t('train-message'));
    expect(await page.textContent(t('train-message'))).toMatch(
      /retired orchestration environment.*train again/,
    );

    await page.selectOption(t('run-with-scenario'), 'deep-search');
    await page
      .locator(t('saved-policy'))
      .filter({ hasText: 'mix-policy' })
      .locator(t('run-with-policy'))
      .click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="run-status"]')?.textContent === 'done',
      undefined,
      {
        timeout: 60_000,
      },
    );
    expect(await page.inputValue(t('policy-select'))).toBe('parl:mix-policy');
    expect(page.url()).toMatch(/scenario=deep-search/);
    expect(page.url()).toMatch(/policy=parl%3Amix-policy/);
    // A real run of the scenario: its decisions are the policy's, shown with their probabilities.
    await page.waitForSelector(t('policy-decisions'));
    expect(profile.errors).toEqual([]);
  });
});
