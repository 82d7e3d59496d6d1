import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * The gallery as a new visitor meets it: the first run's pace, a card's body opening its scenario,
 * controls inside their panels. Every card run to `done` from its own Run button is in the one
 * gallery walk (gallery-walk.test.ts). The watched run here is only checked to be still going
 * after 2 s, which a busy machine makes truer, so this file runs beside others.
 */

const profile = profilePerTest();

describe('the gallery', () => {
  it("plays a fresh visitor's first run at watch, and a long graph's at fast", async () => {
    const { page } = profile;
    // No pace in the link: the page's own default, as a visitor arrives.
    await page.goto(appUrl);
    await page.click(t('quick-run'));
    await page.waitForSelector(t('run-status'));
    expect(await page.locator(t('pace-select')).inputValue()).toBe('400');
    // A wide search at watch lasts about ten seconds: two seconds after it starts running, it is
    // still going (on a busy machine it only runs longer), and it ends. Counted from "running",
    // not from the click: at load 21 the page was still "starting" two seconds after the click.
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent === 'running',
      t('run-status'),
      { timeout: 60_000 },
    );
    await page.waitForTimeout(2_000);
    expect(await page.textContent(t('run-status'))).toBe('running');
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent === 'done',
      t('run-status'),
      {
        timeout: 120_000,
      },
    );
    // The stress graph would take about 6 min at watch: its card starts it at fast.
    await page.goto(appUrl);
    await page.click(`${t('scenario-card-stress')} button.primary`);
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent === 'running',
      t('run-status'),
    );
    expect(await page.locator(t('pace-select')).inputValue()).toBe('40');
    await page.click(t('stop-button'));
    expect(profile.errors).toEqual([]);
  }, 240_000);

  it('opens a scenario when its card body is clicked', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0`);
    // Below the title, on the description: the card's body, not one of its buttons.
    await page.click(t('scenario-card-deep-search'), { position: { x: 30, y: 70 } });
    await page.waitForFunction(() => location.hash.includes('scenario=deep-search'));
    // The hash changes first; the Run view draws once its code has loaded (a race on a busy machine).
    await page.waitForSelector(t('run-status'), { timeout: 30_000 });
    expect(await page.locator(t('run-status')).count()).toBe(1);
    expect(profile.errors).toEqual([]);
  });

  it('keeps every control inside its panel at 1400×900 and 1280×720', async () => {
    const { page } = profile;
    const overflowing: string[] = [];
    for (const [width, height] of [
      [1400, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const view of ['run', 'train']) {
        await page.goto(`${appUrl}#pace=0&view=${view}`);
        await page.waitForSelector('.panel');
        const found = await page.evaluate(() =>
          [...document.querySelectorAll('.panel input, .panel select, .panel button')].flatMap((el) => {
            const panel = (el as HTMLElement).closest('.panel') as HTMLElement;
            const a = el.getBoundingClientRect();
            const b = panel.getBoundingClientRect();
            // A control hidden in a closed <details> has no box.
            if (a.width === 0) return [];
            return a.right > b.right + 0.5 || a.left < b.left - 0.5
              ? [
                  `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} (${Math.round(a.right - b.right)} px)`,
                ]
              : [];
          }),
        );
        overflowing.push(...found.map((f) => `${view} at ${width}×${height}: ${f}`));
      }
    }
    expect(overflowing).toEqual([]);
  });
});
