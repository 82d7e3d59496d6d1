import type { Page } from 'playwright-core';

// No vitest import here: bench/page-run-cpu.ts uses this outside a test run.

/**
 * Call before starting a run in a document that may still show the last run's end (a link
 * followed without a reload): resolves, when called, at the end of the next run, the run status's
 * state having left an end and come back to one.
 */
export async function nextEnd(page: Page): Promise<() => Promise<void>> {
  await page.evaluate((sel) => {
    const ends = ['done', 'failed', 'cancelled'];
    (window as unknown as { __nextEnd: Promise<void> }).__nextEnd = new Promise<void>((resolve) => {
      let left = false;
      const observer = new MutationObserver(() => {
        const state = document.querySelector(sel)?.getAttribute('data-state') ?? '';
        if (!ends.includes(state)) left = true;
        else if (left) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
  }, '[data-testid="run-status"]');
  return () => page.evaluate(() => (window as unknown as { __nextEnd: Promise<void> }).__nextEnd);
}
