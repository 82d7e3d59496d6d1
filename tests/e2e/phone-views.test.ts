import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';
import { clippedContent } from './support/clipped';

/**
 * Issue 61, item 5: on a 390×844 phone every view's content is on screen, checked by element bounds
 * (support/clipped.ts: nothing past the viewport's width, past an ancestor that hides its overflow,
 * or past the side of one that scrolls sideways). The Train view's curves were two panels a row,
 * 640 px in a sideways scroll: their right column (reward terms, critical steps, subagents) was cut
 * off. Each view is checked with what it shows once used: a run's graph, timeline and answer table,
 * a comparison, trained curves, stored runs, imported documents, a routed request. And a node's
 * detail, tapped, covers none of the drawing: it goes under the picture.
 */
const profile = profilePerTest();
const PHONE = { width: 390, height: 844 };

const ended = (page: Page) =>
  page.waitForFunction(
    (sel) => ['done', 'failed', 'cancelled'].includes(document.querySelector(sel)?.textContent ?? ''),
    t('run-status'),
    { timeout: 120_000 },
  );

/** Opens `hash`, lets `use` act on it, and gives what is cut off, each line named by the view. */
async function cutIn(page: Page, hash: string, use?: () => Promise<void>): Promise<string[]> {
  await page.goto(`${appUrl}${hash}`);
  await page.waitForSelector('main');
  await use?.();
  return (await clippedContent(page)).map((line) => `${hash}: ${line}`);
}

describe('every view on a phone', () => {
  it('shows all its content at 390×844: nothing cut off, nothing past the screen', async () => {
    const { page } = profile;
    await page.setViewportSize(PHONE);
    const cut: string[] = [];
    cut.push(...(await cutIn(page, '#view=scenarios')));
    cut.push(...(await cutIn(page, '#view=run')));
    // A task run: its cards, graph, agents, timeline and answer table (six columns of companies).
    cut.push(
      ...(await cutIn(page, '#view=run&scenario=wide-search&pace=0', async () => {
        await page.click(t('run-button'));
        await ended(page);
        await page.waitForSelector(t('answer-table'));
      })),
    );
    // Compared with a single agent: the metrics of two runs and their timelines.
    cut.push(
      ...(await cutIn(page, '#view=run&scenario=wide-search&pace=0', async () => {
        await page.click(t('run-button'));
        await ended(page);
        await page.click(t('compare-serial'));
        await page.waitForSelector(t('compare-table'), { timeout: 120_000 });
      })),
    );
    // A graph of 300 tasks, and a deep search's graph of several columns.
    for (const hash of ['#view=run&scenario=stress&size=300&pace=0', '#view=run&scenario=deep-search&pace=0'])
      cut.push(
        ...(await cutIn(page, hash, async () => {
          await page.click(t('run-button'));
          await ended(page);
        })),
      );
    cut.push(
      ...(await cutIn(page, '#view=train&episodes=20', async () => {
        await page.click(t('train-button'));
        await page.waitForSelector(t('save-policy'), { timeout: 60_000 });
        await page.click(t('save-policy'));
        await page.waitForSelector(t('train-curves'));
        await page.waitForSelector(t('run-with-policy'));
      })),
    );
    cut.push(
      ...(await cutIn(page, '#view=library', () => page.waitForSelector(t('trace-row')).then(() => {}))),
    );
    cut.push(
      ...(await cutIn(page, '#view=knowledge', async () => {
        await page.setInputFiles(t('kb-import'), {
          name: 'tides.md',
          mimeType: 'text/plain',
          buffer: Buffer.from('# Tides\n\nTides rise and fall twice a day as the Moon pulls on the oceans.'),
        });
        await page.waitForSelector(t('kb-doc-row'), { timeout: 60_000 });
      })),
    );
    cut.push(
      ...(await cutIn(page, '#view=router', async () => {
        await page.waitForSelector(`${t('route-button')}:not([disabled])`);
        await page.fill(t('router-query'), 'Make a podcast episode outline about jazz');
        await page.click(t('route-button'));
        await page.waitForSelector(t('arbitration-item'));
      })),
    );
    expect(cut).toEqual([]);
    expect(profile.errors).toEqual([]);
  }, 600_000);

  it("puts a tapped node's detail under the picture, over none of the drawing", async () => {
    const { page } = profile;
    await page.setViewportSize(PHONE);
    await page.goto(`${appUrl}#view=run&scenario=deep-search&pace=0`);
    await page.click(t('run-button'));
    await ended(page);
    const nodes = page.locator('[data-testid="dag"] [data-task][tabindex="0"]');
    expect(await nodes.count()).toBeGreaterThan(5);
    for (const i of [0, 3, 5]) {
      await nodes.nth(i).focus();
      const placed = await page.evaluate(() => {
        const detail = document.querySelector('[data-testid="dag-hover"]') as HTMLElement;
        const svg = document.querySelector('[data-testid="dag"]') as SVGSVGElement;
        const d = detail.getBoundingClientRect();
        const covered = [...svg.querySelectorAll('[data-task]')].filter((n) => {
          const r = n.getBoundingClientRect();
          return r.right > d.left && r.left < d.right && r.bottom > d.top && r.top < d.bottom;
        }).length;
        return { side: detail.dataset.side, below: d.top >= svg.getBoundingClientRect().bottom, covered };
      });
      expect(placed).toEqual({ side: 'under', below: true, covered: 0 });
    }
    expect(await clippedContent(page)).toEqual([]);
    expect(profile.errors).toEqual([]);
  }, 120_000);
});
