import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Saved policies as the views list them: a link's policy is what the Run view's picker shows (or
 * it says the policy is missing), and a policy saved by either trainer appears in every list at
 * once, saying where it is used — a reload was needed before.
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
    await page.goto(`${appUrl}#view=run&scenario=diamond&policy=parl%3Amissing`);
    await page.waitForSelector(t('policy-missing'));
    expect(await page.textContent(t('policy-missing'))).toMatch(
      /"parl:missing", which is not saved in this browser/,
    );
    expect(await page.inputValue(t('policy-select'))).toBe('parl:missing');
    expect(profile.errors).toEqual([]);
  });

  it('saves a second policy trained after the first under its own default name, not over it', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#view=train&episodes=20`);
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

  it('lists a policy from either trainer at once, and the link’s saved policy is the one picked', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#view=train&episodes=20`);
    await page.click(t('train-button'));
    await page.waitForSelector(t('save-policy'), { timeout: 60_000 });
    await page.fill(t('policy-name'), 'mix-policy');
    await page.click(t('save-policy'));
    await page.waitForFunction(listed, 'mix-policy.*scenario mix');

    await page.fill(t('orch-episodes'), '6400');
    await page.dispatchEvent(t('orch-episodes'), 'change');
    await page.click(t('orch-train'));
    await page.waitForSelector(t('orch-save'), { timeout: 60_000 });
    await page.fill(t('orch-name'), 'orch-policy');
    await page.click(t('orch-save'));
    // No reload: the scenario mix's list shows the orchestration policy, and where it is used.
    await page.waitForFunction(listed, 'orch-policy.*orchestration environment', { timeout: 30_000 });

    await page.goto(`${appUrl}#view=run&scenario=diamond&policy=parl%3Amix-policy`);
    await page.waitForSelector(`${t('policy-select')} option[value="parl:mix-policy"]`, {
      state: 'attached',
    });
    expect(await page.inputValue(t('policy-select'))).toBe('parl:mix-policy');
    expect(await page.locator(t('policy-missing')).count()).toBe(0);
    // Orchestration policies are not offered for a scenario run: they open from the leaderboard.
    expect(await page.locator(`${t('policy-select')} option[value$="orch-policy"]`).count()).toBe(0);
    expect(profile.errors).toEqual([]);
  });
});
