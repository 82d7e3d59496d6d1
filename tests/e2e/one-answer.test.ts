import { describe, expect, it } from 'vitest';
import { appUrl, PAGE_SIZES, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 44, "one answer": a wide search showed each subagent's fragment glued together (ROW lines,
 * then a table per subagent repeating them, as raw pipe text). It shows one table now, a real
 * table, the subagents' own answers one click away; a stored run shows the same table.
 */
const profile = profilePerTest();

const tableText = () =>
  [...document.querySelectorAll('[data-testid="answer-table"] tr')].map((tr) =>
    [...tr.children].map((c) => c.textContent ?? '').join(' | '),
  );

// The "Done when": at a laptop's size and a phone's.
describe.each(PAGE_SIZES)('the final answer of a wide search, at %i×%i', (width, height) => {
  it('is one table, the pieces behind it on request, the same when the run is opened again', async () => {
    const { page } = profile;
    await page.setViewportSize({ width, height });
    await page.goto(`${appUrl}#pace=0&view=run&scenario=wide-search&seed=1`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    await page.waitForSelector(t('answer-table'));
    const rows = await page.evaluate(tableText);
    // A header and one row per entity, each entity once.
    expect(rows.length).toBeGreaterThan(5);
    const names = rows.slice(1).map((r) => r.split(' | ')[0]);
    expect(new Set(names).size).toBe(names.length);
    expect(await page.innerText(t('run-answer'))).not.toMatch(/ROW\[/);
    // The subagents' own answers, folded away.
    expect(await page.locator(`${t('answer-pieces')}[open]`).count()).toBe(0);
    await page.click(`${t('answer-pieces')} summary`);
    expect(await page.textContent(t('answer-pieces'))).toMatch(/rows-01/);

    const id = new URL(page.url()).hash.match(/runs=([^&]+)/)?.[1];
    await page.goto(`${appUrl}#pace=0&view=run&runs=${id}`);
    await page.reload();
    await page.waitForSelector(t('answer-table'));
    expect(await page.evaluate(tableText)).toEqual(rows);
    expect(profile.errors).toEqual([]);
  }, 90_000);
});
