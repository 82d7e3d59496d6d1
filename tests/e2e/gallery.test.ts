import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Every card of the gallery, as a new visitor clicks it: each must run to `done` on the simulated
 * provider, with no error on the page. (mixed-coding once failed here while every other test was
 * green: the page graded it without a code sandbox.)
 */

const profile = profilePerTest();

describe('the gallery', () => {
  it('runs every scenario card to done', async () => {
    const { page } = profile;
    // Instant: what this walk checks is that each card's own settings run to done from its Run
    // button; a run's pace has tests of its own (the first run's below, live-counters, numbers-agree).
    await page.goto(`${appUrl}#pace=0`);
    const ids = await page
      .locator('[data-testid^="scenario-card-"]')
      .evaluateAll((cards) =>
        cards.map((c) => (c.getAttribute('data-testid') ?? '').replace('scenario-card-', '')),
      );
    expect(ids).toEqual(expect.arrayContaining(['wide-search', 'deep-search', 'mixed-coding']));
    const ended: Record<string, string> = {};
    for (const id of ids) {
      await page.goto(`${appUrl}#pace=0`);
      await page.click(`${t(`scenario-card-${id}`)} button.primary`);
      const status = page.locator(t('run-status'));
      await page.waitForFunction(
        (sel) => ['done', 'failed', 'cancelled'].includes(document.querySelector(sel)?.textContent ?? ''),
        t('run-status'),
        // The stress card draws 1,500 tasks: tens of seconds on a busy machine.
        { timeout: 120_000 },
      );
      ended[id] =
        `${await status.textContent()}${(await page.locator(t('run-error')).count()) ? `: ${await page.textContent(t('run-error'))}` : ''}`;
    }
    expect(ended).toEqual(Object.fromEntries(ids.map((id) => [id, 'done'])));
    expect(profile.errors).toEqual([]);
  }, 600_000);

  it("plays a fresh visitor's first run at watch, and a long graph's at fast", async () => {
    const { page } = profile;
    // No pace in the link: the page's own default, as a visitor arrives.
    await page.goto(appUrl);
    await page.click(t('quick-run'));
    await page.waitForSelector(t('run-status'));
    expect(await page.locator(t('pace-select')).inputValue()).toBe('400');
    // A wide search at watch lasts about ten seconds: two seconds in, it is still going (on a busy
    // machine it only runs longer), and it ends.
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
    await page.goto(`${appUrl}#pace=40`);
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
        await page.goto(`${appUrl}#pace=40&view=${view}`);
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
