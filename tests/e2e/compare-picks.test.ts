import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * The Compare view's own picker (issue 61, item 3): a scenario, a seed and policies picked there,
 * run one after another on that seed, stored in the Library and shown side by side; the choice is
 * the link, which reopens the stored runs; a policy that cannot load says why in its place while
 * the others run. Driven from the keyboard, audited by axe-core.
 */

const profile = profilePerTest();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(axeSource);
  return (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(' | ')))`,
  )) as string[];
}

/** Each progress row's policy and state, in order. */
const progress = (page: Page) =>
  page.$$eval('[data-testid="compare-progress-item"]', (rows) =>
    rows.map((r) => `${r.getAttribute('data-policy')}=${r.getAttribute('data-state')}`),
  );

/** The runs stored in the Library, as its rows read. */
async function libraryRows(page: Page): Promise<string[]> {
  await page.click(t('nav-library'));
  await page.waitForSelector(t('trace-row'));
  return page.$$eval('[data-testid="trace-row"]', (rows) => rows.map((r) => r.textContent ?? ''));
}

/** Presses Tab until the element matching `selector` has focus (at most 200 presses). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let k = 0; k < 200; k++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe('the Compare view’s picker', () => {
  it('runs the heuristic, a single agent and a policy trained here on one seed, by keyboard, and the link reopens them', async () => {
    const { page } = profile;
    // A tiny policy trained and saved in this browser, as a visitor does it.
    await page.goto(`${appUrl}#view=train&episodes=20`);
    await page.click(t('train-button'));
    await page.waitForSelector(t('save-policy'), { timeout: 90_000 });
    await page.fill(t('policy-name'), 'tiny');
    await page.click(t('save-policy'));
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="saved-policy"]')].some((r) =>
        /tiny/.test(r.textContent ?? ''),
      ),
    );

    await page.goto(`${appUrl}#view=compare&scenario=wide-search&size=10&seed=4&pace=0`);
    await page.reload();
    const trained = `${t('compare-pick')}[data-policy="parl:tiny"]`;
    await page.waitForSelector(trained);
    // Heuristic and the single agent are ticked to begin with; the trained one is ticked by keyboard.
    expect(await page.isChecked(`${t('compare-pick')}[data-policy="heuristic"]`)).toBe(true);
    expect(await page.isChecked(`${t('compare-pick')}[data-policy="serial"]`)).toBe(true);
    await page.focus(t('compare-seed'));
    await tabTo(page, trained);
    await page.keyboard.press('Space');
    expect(await page.isChecked(trained)).toBe(true);
    await tabTo(page, t('compare-run'));
    await page.keyboard.press('Enter');

    // One runs while the rest wait their turn, said in words too.
    const waiting = await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="compare-progress-item"][data-state="running"]') !== null &&
        document.querySelector('[data-testid="compare-progress-item"][data-state="queued"]') !== null &&
        document.querySelector('[data-testid="compare-progress-line"]')?.textContent,
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    expect(await waiting.jsonValue()).toMatch(/^Running [12] of 3: .* · [12] queued$/);
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="compare-progress-item"][data-state="done"]').length === 3,
      undefined,
      { timeout: 120_000 },
    );
    expect(await progress(page)).toEqual(['heuristic=done', 'serial=done', 'parl:tiny=done']);

    // Side by side: the table's columns and the timelines in the order picked, the first the baseline.
    await page.waitForSelector(t('compare-table'));
    const head = await page.$$eval(`${t('compare-table')} thead th`, (ths) =>
      ths.map((th) => th.textContent),
    );
    expect(head).toEqual([
      'Metric',
      'heuristic · wide-search · seed 4 (baseline)',
      'serial · wide-search · seed 4',
      'parl:tiny · wide-search · seed 4',
    ]);
    expect(
      await page.$$eval(t('compare-figure'), (f) => f.map((x) => x.getAttribute('data-policy'))),
    ).toEqual(['heuristic', 'serial', 'parl:tiny']);
    // The single agent made one subagent; the heuristic more.
    const spawned = await page.$$eval(`${t('compare-row')}[data-metric="spawnCount"] td[data-value]`, (tds) =>
      tds.map((td) => Number(td.getAttribute('data-value'))),
    );
    expect(spawned[1]).toBe(1);
    expect(spawned[0]).toBeGreaterThan(1);
    expect(await seriousViolations(page)).toEqual([]);

    // The link holds the choice and the runs made.
    const link = page.url();
    const hash = new URLSearchParams(new URL(link).hash.slice(1));
    expect(hash.get('policies')?.split(',').map(decodeURIComponent)).toEqual([
      'heuristic',
      'serial',
      'parl:tiny',
    ]);
    expect(hash.get('runs')?.split(',')).toHaveLength(3);
    expect(hash.get('seed')).toBe('4');

    // Each run is in the Library as any other.
    expect(await libraryRows(page)).toHaveLength(3);

    // Reopening the link reopens the stored runs: the same table, nothing run again.
    const before = await page.$$eval('[data-testid="trace-row"]', (r) => r.length);
    await page.goto(link);
    await page.reload();
    await page.waitForSelector(t('compare-table'));
    expect(
      await page.$$eval(`${t('compare-table')} thead th`, (ths) => ths.map((th) => th.textContent)),
    ).toEqual(head);
    expect(await page.locator(t('compare-progress')).count()).toBe(0);
    expect(await libraryRows(page)).toHaveLength(before);
    expect(profile.errors).toEqual([]);
  }, 300_000);

  it('says in its place why a policy could not load (missing, a bad checkpoint, llm with no model), and runs and shows the others', async () => {
    const { page } = profile;
    // A saved policy whose checkpoint does not load, put into the library's IndexedDB store as
    // saving one would (once the page has made the database).
    await page.goto(`${appUrl}#view=library`);
    await page.waitForSelector(t('storage-used'));
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('swarmflight');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('policies', 'readwrite');
            tx.objectStore('policies').put({
              name: 'broken',
              savedAt: Date.now(),
              checkpoint: { kind: 'parl', schema: 'nonsense' },
            });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    // Then a trained policy this browser does not have (deleted, or trained elsewhere) and the
    // model orchestrator with no model configured, between two that load.
    const picked = ['heuristic', 'parl:gone', 'parl:broken', 'llm', 'serial']
      .map(encodeURIComponent)
      .join(',');
    await page.goto(
      `${appUrl}#view=compare&scenario=wide-search&size=10&seed=2&pace=0&policies=${encodeURIComponent(picked)}`,
    );
    await page.reload();
    await page.waitForSelector(`${t('compare-pick')}[data-policy="parl:gone"]`);
    // llm cannot be picked here, but a link's pick of it can be unticked; the picker says why.
    expect(await page.isDisabled(`${t('compare-pick')}[data-policy="llm"]`)).toBe(false);
    expect(await page.textContent(t('compare-picker'))).toMatch(/llm needs a model/);
    await page.click(t('compare-run'));
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="compare-progress-item"]')].every((r) =>
          ['done', 'failed'].includes(r.getAttribute('data-state') ?? ''),
        ),
      undefined,
      { timeout: 120_000 },
    );
    expect(await progress(page)).toEqual([
      'heuristic=done',
      'parl:gone=failed',
      'parl:broken=failed',
      'llm=failed',
      'serial=done',
    ]);
    expect(await page.textContent(t('compare-progress-line'))).toBe('2 of 5 run · 3 could not run');

    // The two that ran, side by side; each that did not, its message in its place.
    await page.waitForSelector(t('compare-table'));
    const places = () =>
      page.$$eval('[data-testid="compare-figure"], [data-testid="compare-failed"]', (els) =>
        els.map((el) => `${el.getAttribute('data-testid')}:${el.getAttribute('data-policy')}`),
      );
    expect(await places()).toEqual([
      'compare-figure:heuristic',
      'compare-failed:parl:gone',
      'compare-failed:parl:broken',
      'compare-failed:llm',
      'compare-figure:serial',
    ]);
    expect(await page.textContent(`${t('compare-failed')}[data-policy="parl:gone"]`)).toMatch(
      /policy: no checkpoint "gone" \(the name of a policy saved in this browser/,
    );
    expect(await page.textContent(`${t('compare-failed')}[data-policy="parl:broken"]`)).toMatch(
      /not a usable policy: "schema" is "nonsense"/,
    );
    expect(await page.textContent(`${t('compare-failed')}[data-policy="llm"]`)).toMatch(/llm needs a model/);
    expect(await seriousViolations(page)).toEqual([]);

    // Reopened, the messages are said again: the policies are loaded again, not remembered.
    const link = page.url();
    await page.goto(link);
    await page.reload();
    await page.waitForSelector(`${t('compare-failed')}[data-policy="parl:gone"]`);
    expect(await places()).toEqual([
      'compare-figure:heuristic',
      'compare-failed:parl:gone',
      'compare-failed:parl:broken',
      'compare-failed:llm',
      'compare-figure:serial',
    ]);
    // Nothing lost: both runs are in the Library.
    const rows = await libraryRows(page);
    expect(rows).toHaveLength(2);
    expect(profile.errors).toEqual([]);
  }, 300_000);

  it('stops the run going on and drops the queued ones from the same button, its focus kept', async () => {
    const { page } = profile;
    // A slow pace, so the first run is still going when Stop is pressed.
    await page.goto(`${appUrl}#view=compare&scenario=wide-search&size=10&seed=3&pace=2000`);
    await page.reload();
    await page.focus(t('compare-run'));
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${t('compare-progress-item')}[data-state="running"]`);
    expect(await page.textContent(t('compare-run'))).toBe('Stop comparison');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="compare-run"]')?.textContent === 'Run comparison',
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'compare-run',
    );
    expect(await progress(page)).toEqual(['heuristic=failed', 'serial=failed']);
    const said = await page.$$eval(t('compare-progress-item'), (rows) => rows.map((r) => r.textContent));
    expect(said[0]).toMatch(/stopped before it ended/);
    expect(said[1]).toMatch(/not run: stopped/);
    // The part-run stays in the Library, as a stopped run of the Run view does.
    expect(await libraryRows(page)).toHaveLength(1);
    expect(profile.errors).toEqual([]);
  }, 120_000);
});
