import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { freshProfile, type Profile } from './support/browser';

/**
 * Every card of the gallery, as a new visitor clicks it: each must run to `done` on the simulated
 * provider, with no error on the page. (mixed-coding once failed here while every other test was
 * green: the page graded it without a code sandbox.)
 */
const appUrl = inject('appUrl');
const t = (id: string) => `[data-testid="${id}"]`;

let profile: Profile;
beforeEach(async () => {
  profile = await freshProfile();
});
afterEach(async () => {
  await profile?.close();
});

describe('the gallery', () => {
  it('runs every scenario card to done', async () => {
    const { page } = profile;
    await page.goto(appUrl);
    const ids = await page
      .locator('[data-testid^="scenario-card-"]')
      .evaluateAll((cards) =>
        cards.map((c) => (c.getAttribute('data-testid') ?? '').replace('scenario-card-', '')),
      );
    expect(ids).toEqual(expect.arrayContaining(['wide-search', 'deep-search', 'mixed-coding']));
    const ended: Record<string, string> = {};
    for (const id of ids) {
      await page.goto(appUrl);
      await page.click(`${t(`scenario-card-${id}`)} button.primary`);
      const status = page.locator(t('run-status'));
      await page.waitForFunction(
        (sel) => ['done', 'failed', 'cancelled'].includes(document.querySelector(sel)?.textContent ?? ''),
        t('run-status'),
        { timeout: 45_000 },
      );
      ended[id] =
        `${await status.textContent()}${(await page.locator(t('run-error')).count()) ? `: ${await page.textContent(t('run-error'))}` : ''}`;
    }
    expect(ended).toEqual(Object.fromEntries(ids.map((id) => [id, 'done'])));
    expect(profile.errors).toEqual([]);
  }, 240_000);
});
