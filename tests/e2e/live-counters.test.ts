/**
 * Issue 61, item 1: the counters move while the swarm works. A watched wide search's attempts
 * each take several turns (a search and an open per row); the trace records an attempt's tokens
 * and tool calls only when it ends, and the driver waits for every attempt a decision started, so
 * the Tokens and Tool calls cards sat at 0 for seconds and then jumped. Now each turn of a running
 * attempt reaches the page from its worker as it happens: the test counts the cards' changes
 * before the first attempt's end is drawn (a DAG node with a finish time), at a laptop's size and
 * a phone's.
 */

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, PAGE_SIZES, profilePerTest, testId as t } from './support/browser';

const profile = profilePerTest();

/** Starts watching, in the page: each change of the two counters, until a task has finished. */
function watchCounters(page: Page) {
  return page.evaluate(() => {
    const seen = { tokens: [] as string[], calls: [] as string[], ended: false, saying: 0 };
    const read = (id: string) =>
      document.querySelector(`[data-testid="metric-${id}"] .value`)?.textContent ?? undefined;
    const look = () => {
      if (seen.ended) return;
      // A node gets its finish time when its task's end is recorded.
      if (document.querySelector('[data-testid^="dag-node"][data-kind="task"][data-finish]')) {
        seen.ended = true;
        return;
      }
      const tokens = read('tokens');
      const calls = read('tool-calls');
      if (tokens !== undefined && tokens !== seen.tokens.at(-1)) seen.tokens.push(tokens);
      if (calls !== undefined && calls !== seen.calls.at(-1)) seen.calls.push(calls);
      if (document.querySelector('[data-testid="agents-saying"] li')) seen.saying++;
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    (window as unknown as { __counters: typeof seen }).__counters = seen;
  });
}

const counters = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __counters: { tokens: string[]; calls: string[]; ended: boolean; saying: number };
        }
      ).__counters,
  );

describe.each(PAGE_SIZES)('a watched wide search, at %i×%i', (width, height) => {
  it('moves its token and tool-call counters before its first attempt ends', async () => {
    const { page } = profile;
    await page.setViewportSize({ width, height });
    // A pace a person watches at: 400 ms a model second.
    await page.goto(`${appUrl}#view=run&scenario=wide-search&seed=3&pace=400`);
    await page.waitForSelector(`${t('run-button')}:not([disabled])`);
    await watchCounters(page);
    await page.click(t('run-button'));
    await page.waitForFunction(
      () => (window as unknown as { __counters: { ended: boolean } }).__counters.ended,
      undefined,
      { timeout: 60_000 },
    );
    const seen = await counters(page);
    const numbers = (values: readonly string[]) => values.map((v) => Number(v.replace(/[^\d.]/g, '')));
    // Ten changes and more of each, every one a rise: counted as the turns happen.
    expect(seen.tokens.length, seen.tokens.join(' ')).toBeGreaterThanOrEqual(10);
    expect(seen.calls.length, seen.calls.join(' ')).toBeGreaterThanOrEqual(10);
    for (const values of [numbers(seen.tokens), numbers(seen.calls)])
      for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1] as number);
    // The running agents' words were on screen too.
    expect(seen.saying).toBeGreaterThan(0);
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    expect(profile.errors).toEqual([]);
  });
});
