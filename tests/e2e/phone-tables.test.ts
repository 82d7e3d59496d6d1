import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 44: on a 390×844 phone, the Library's and the Train view's tables hid their buttons off
 * to the right, behind a sideways scroll inside the table, with no sign of it. Tables whose rows
 * end in actions now lay each row out as labelled lines on a phone: every button of a row is on
 * screen, and it is what a tap at its centre reaches.
 */
const profile = profilePerTest();
const PHONE = { width: 390, height: 844 };

/** Every button in `rows` lies within the phone's width and is the element at its own centre. */
async function buttonsReachable(rows: Locator): Promise<string[]> {
  const { page } = profile;
  const unreachable: string[] = [];
  for (const button of await rows.locator('button').all()) {
    // Scrolled to vertically only: scrollIntoView would also scroll the table sideways, doing
    // for the test what a visitor had to find out to do.
    await button.evaluate((b) => window.scrollTo(0, b.getBoundingClientRect().top + window.scrollY - 300));
    const box = await button.boundingBox();
    const name = (await button.textContent())?.trim() ?? '?';
    if (!box || box.x < 0 || box.x + box.width > PHONE.width) {
      unreachable.push(
        `${name}: ${box ? `${Math.round(box.x)}–${Math.round(box.x + box.width)} px` : 'hidden'}`,
      );
      continue;
    }
    const hit = await page.evaluate(
      ([x, y]) =>
        document
          .elementFromPoint(x as number, y as number)
          ?.closest('button')
          ?.textContent?.trim(),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    if (hit !== name) unreachable.push(`${name}: a tap reaches ${hit ?? 'nothing'}`);
  }
  return unreachable;
}

describe('tables on a phone', () => {
  it('show every action of a Library row without sideways scrolling', async () => {
    const { page } = profile;
    await page.setViewportSize(PHONE);
    await page.goto(`${appUrl}#pace=0&view=run&scenario=diamond`);
    await page.click(t('run-button'));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="run-status"]')?.textContent === 'done',
    );
    await page.goto(`${appUrl}#pace=0&view=library`);
    await page.waitForSelector(t('trace-row'));
    const rows = page.locator(t('trace-row'));
    expect(await rows.locator('button').count()).toBeGreaterThanOrEqual(4);
    expect(await buttonsReachable(rows)).toEqual([]);
    // Each value still says what it is.
    expect(await rows.first().locator('td[data-label="Policy"]').count()).toBe(1);
    expect(profile.errors).toEqual([]);
  });

  it('show every action of the saved policies and the arbitration queue', async () => {
    const { page } = profile;
    await page.setViewportSize(PHONE);
    await page.goto(`${appUrl}#pace=0&view=router`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    await page.fill(t('router-query'), 'Make a podcast episode outline about jazz');
    await page.click(t('route-button'));
    await page.waitForSelector(t('arbitration-item'));
    expect(await buttonsReachable(page.locator(t('arbitration-item')))).toEqual([]);

    await page.goto(`${appUrl}#pace=0&view=train&episodes=20`);
    await page.click(t('train-button'));
    await page.waitForSelector(t('save-policy'), { timeout: 60_000 });
    await page.click(t('save-policy'));
    await page.waitForSelector(t('run-with-policy'));
    expect(await buttonsReachable(page.locator(t('saved-policy')))).toEqual([]);
    expect(profile.errors).toEqual([]);
  });
});
