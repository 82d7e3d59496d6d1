import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * The timeline's bars are in the tab order, as the run graph's nodes are (issue 44): from the
 * gallery to a bar's detail by keyboard alone, ← → along one agent's lane, ↑ ↓ across lanes, and
 * the detail of a bar or a node drawn beside it, never over it, at a laptop's size and a phone's
 * (where there is no room beside it, under the whole picture).
 */
const profile = profilePerTest();

const sizes = [
  { name: '1366×900', width: 1366, height: 900 },
  { name: '390×844', width: 390, height: 844 },
] as const;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The focused element's box and its detail's; the detail's side is where it was put. */
const boxes = (detail: string) =>
  `(() => { const d = document.querySelector('[data-testid="${detail}"]'); const a = document.activeElement; const svg = d?.closest('.detail-frame')?.querySelector('svg'); return d && a ? { anchor: a.getBoundingClientRect().toJSON(), detail: d.getBoundingClientRect().toJSON(), text: d.textContent, side: d.dataset.side, pictureBottom: svg?.getBoundingClientRect().bottom } : null; })()`;

const overlap = (a: Rect, b: Rect) =>
  Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) &&
  Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);
/** The gap between two boxes that do not overlap, in px. */
const gap = (a: Rect, b: Rect) =>
  Math.hypot(
    Math.max(0, a.x - (b.x + b.width), b.x - (a.x + a.width)),
    Math.max(0, a.y - (b.y + b.height), b.y - (a.y + a.height)),
  );

interface Placed {
  anchor: Rect;
  detail: Rect;
  text: string;
  side: string;
  pictureBottom: number;
}

/**
 * A detail on what it describes, or away from it: beside it within 20 px, or on a phone, with no
 * room beside it, under the whole picture (issue 61: below or above a node it covered the node's
 * neighbours).
 */
const misplaced = (b: Placed) =>
  b.side === 'under'
    ? b.detail.y < b.pictureBottom - 1
    : overlap(b.anchor, b.detail) || gap(b.anchor, b.detail) > 20;

const active = (page: Page) =>
  page.evaluate(() => ({
    key: document.activeElement?.getAttribute('data-key') ?? null,
    y: document.activeElement?.getAttribute('y') ?? null,
    x: Number(document.activeElement?.getAttribute('x')),
  }));

/** Every focusable node or bar in `selector` that has a detail beside it, not on it and near it. */
async function detailsBeside(page: Page, selector: string, detail: string): Promise<string[]> {
  const wrong: string[] = [];
  const count = await page.locator(selector).count();
  for (let i = 0; i < count; i++) {
    await page.locator(selector).nth(i).focus();
    const b = (await page.evaluate(boxes(detail))) as Placed | null;
    if (!b) wrong.push(`${selector} #${i}: no detail`);
    else if (misplaced(b)) wrong.push(`${selector} #${i}: ${JSON.stringify(b)}`);
  }
  return wrong;
}

describe('the timeline from the keyboard', () => {
  for (const size of sizes) {
    it(`at ${size.name}: from the gallery to a bar's detail by keyboard alone, arrows along and across lanes`, async () => {
      const { page } = profile;
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${appUrl}#pace=0`);
      await page.locator(`${t('scenario-card-diamond')} button.primary`).focus();
      await page.keyboard.press('Enter');
      await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
      // Tab on, past the graph's nodes, to the timeline: its first stop is the orchestrator's first step.
      let at = await active(page);
      for (let k = 0; k < 200 && !at.key; k++) {
        await page.keyboard.press('Tab');
        at = await active(page);
      }
      expect(at.key).toBe('step 1');
      const detail = page.locator(t('timeline-hover'));
      expect(await detail.textContent()).toMatch(/^orchestrator decision 1 of \d+: step-time 0–/);
      // → along the orchestrator's lane, ↓ to the first agent's, → and ← along it.
      await page.keyboard.press('ArrowRight');
      expect((await active(page)).key).toBe('step 2');
      expect(await detail.textContent()).toMatch(/^orchestrator decision 2 of \d+:/);
      await page.keyboard.press('ArrowDown');
      const first = await active(page);
      expect(first.key).toMatch(/#\d+$/);
      expect(await detail.textContent()).toMatch(/\(attempt \d+\) on .+: steps [\d.]+–[\d.]+, finished/);
      await page.keyboard.press('ArrowRight');
      const second = await active(page);
      expect(second.key).not.toBe(first.key);
      expect(second.y).toBe(first.y);
      expect(second.x).toBeGreaterThan(first.x);
      await page.keyboard.press('ArrowLeft');
      expect((await active(page)).key).toBe(first.key);
      // Escape puts the detail away; the focus stays.
      await page.keyboard.press('Escape');
      expect(await detail.count()).toBe(0);
      expect((await active(page)).key).toBe(first.key);
      expect(profile.errors).toEqual([]);
    }, 90_000);

    it(`at ${size.name}: every bar's and every node's detail is beside it, never over it`, async () => {
      const { page } = profile;
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${appUrl}#pace=0&view=run&scenario=deep-search&seed=1`);
      await page.click(t('run-button'));
      await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
      await page.waitForSelector('[data-testid="dag"] [data-task]');
      const wrong = [
        ...(await detailsBeside(page, '[data-testid="dag"] [data-task][tabindex="0"]', 'dag-hover')),
        ...(await detailsBeside(page, '[data-key][tabindex="0"]', 'timeline-hover')),
      ];
      expect(wrong).toEqual([]);
      expect(await page.locator('[data-key][tabindex="0"]').count()).toBeGreaterThan(10);
      expect(profile.errors).toEqual([]);
    }, 90_000);

    it(`at ${size.name}: a running bar keeps the focus as the live run redraws, its detail beside it`, async () => {
      const { page } = profile;
      await page.setViewportSize({ width: size.width, height: size.height });
      // The pace "watch": about ten seconds, the bars growing and the step-time scale widening.
      await page.goto(`${appUrl}#view=run&scenario=wide-search&seed=2&pace=00`);
      await page.click(t('run-button'));
      const bar = page.locator('[data-key="rows-03#1"]');
      await bar.waitFor({ timeout: 30_000 });
      await bar.focus();
      const seen: string[] = [];
      for (let k = 0; k < 6; k++) {
        const b = (await page.evaluate(boxes('timeline-hover'))) as Placed | null;
        const key = (await active(page)).key;
        if (!b || key !== 'rows-03#1' || misplaced(b)) seen.push(`${key}: ${JSON.stringify(b)}`);
        await page.waitForTimeout(400);
      }
      expect(seen).toEqual([]);
      await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
      expect(await page.textContent(t('timeline-hover'))).toMatch(
        /^rows-03 \(attempt 1\) on sa-3: steps 2–\d+, finished$/,
      );
      expect(profile.errors).toEqual([]);
    }, 90_000);
  }
});
