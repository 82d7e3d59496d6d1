import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, PAGE_SIZES, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 61, item 2, "fork where you look": "Fork from decision K" in a run graph node's detail
 * opens the fork at K; the result is the two runs drawn side by side (two graphs, two timelines),
 * what they share shaded, the first decision that differs in amber on both, and in words why the
 * rewards differ or not, the metrics table below. A replay's position is an "event", an
 * orchestrator's choice a "decision". A decision the run does not have is said in place, the rest
 * of the view working. By pointer at a laptop's and a phone's size, and by keyboard alone.
 */
const profile = profilePerTest();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A deep search under the heuristic, seed 1: four decisions, 20 critical steps. */
async function finishedDeepSearch(page: Page, width: number, height: number): Promise<string> {
  await page.setViewportSize({ width, height });
  await page.goto(`${appUrl}#pace=0&view=run&scenario=deep-search&seed=1&policy=heuristic`);
  await page.click(t('run-button'));
  await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
  const id = new URL(page.url()).hash.match(/runs=([^&]+)/)?.[1];
  if (!id) throw new Error('the finished run has no id in the link');
  return id;
}

/** axe-core's findings on the page as it is, every impact. */
async function axe(page: Page): Promise<string[]> {
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(axeSource);
  return (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
  )) as string[];
}

/** The fork of decision 2 to serial, drawn: everything the issue asks to see. */
async function expectDrawnFork(page: Page, width: number): Promise<void> {
  await page.waitForSelector(t('fork-result'), { timeout: 60_000 });
  const sides = page.locator(t('fork-side'));
  expect(await sides.count()).toBe(2);
  for (const side of ['original', 'fork']) {
    const s = `${t('fork-side')}[data-side="${side}"]`;
    // A graph and a timeline each, on which decision 1 and the first hops it launched are shaded…
    await page.waitForSelector(`${s} [data-task="main:1"][data-fork="shared"]`);
    for (const task of ['q1-hop1', 'q2-hop1', 'q3-hop1'])
      expect(await page.getAttribute(`${s} [data-task="${task}"]`, 'data-fork')).toBe('shared');
    const band = await page.locator(`${s} ${t('timeline-shared')}`).boundingBox();
    expect(band?.width ?? 0).toBeGreaterThan(10);
    // …and decision 2, the first that differs, is amber in the graph and on the timeline.
    expect(await page.getAttribute(`${s} [data-task="main:2"]`, 'data-fork')).toBe('differs');
    expect(await page.getAttribute(`${s} [data-key="step 2"]`, 'data-fork')).toBe('differs');
  }
  // The heuristic launched the three second hops at decision 2, serial one.
  expect(await page.locator(`${t('fork-side')}[data-side="original"] g[data-fork="differs"]`).count()).toBe(
    4,
  );
  expect(await page.locator(`${t('fork-side')}[data-side="fork"] g[data-fork="differs"]`).count()).toBe(2);
  // Side by side on a laptop, one above the other on a phone, and nothing wider than the page.
  const [a, b] = [await sides.nth(0).boundingBox(), await sides.nth(1).boundingBox()];
  if (width >= 1000) {
    expect(b?.x ?? 0).toBeGreaterThan((a?.x ?? 0) + (a?.width ?? 0) - 1);
    expect(Math.abs((a?.y ?? 0) - (b?.y ?? 0))).toBeLessThan(2);
  } else expect(b?.y ?? 0).toBeGreaterThan((a?.y ?? 0) + (a?.height ?? 0) - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // The words: what is shared, the first difference, why the rewards are the same.
  expect(await page.textContent(t('fork-legend'))).toMatch(
    /Shaded: the same as the original up to decision 1 \(step-time 0–5\)\. +Amber: decision 2, the first that differs/,
  );
  expect(await page.textContent(t('fork-difference'))).toMatch(/^First decision that differs: decision 2 /);
  expect(await page.textContent(t('fork-why'))).toMatch(
    /^serial from decision 2 took 50 critical steps against 20, and the reward is the same, 0\.6450, because .*time is not charged: the run has no critical-steps budget/,
  );
  // The metrics below the drawings.
  const table = await page.locator(`${t('fork-result')} table`).boundingBox();
  const drawings = await page.locator(t('fork-drawings')).boundingBox();
  expect(table?.y ?? 0).toBeGreaterThan((drawings?.y ?? 0) + (drawings?.height ?? 0) - 1);
  const cell = async (column: number) =>
    Number(await page.textContent(`${t('fork-row')}[data-metric="criticalSteps"] td:nth-child(${column})`));
  expect([await cell(2), await cell(3)]).toEqual([20, 50]);
  // "step" no longer names a replay's position nor a decision.
  expect(await page.textContent(t('replay-position'))).toMatch(/^event \d+ of \d+ · step-time \d/);
  expect(await page.textContent(t('fork-panel'))).toMatch(/From decision\s*of 4/);
  expect(await page.textContent(t('fork-panel'))).not.toMatch(/\bstep \d/);
}

describe.each(PAGE_SIZES)('forking where you look, at %i×%i', (width, height) => {
  it("forks from a graph node's detail and draws the two runs side by side", async () => {
    const { page } = profile;
    await finishedDeepSearch(page, width, height);
    // A timeline bar's detail offers the fork from its decision: a step's own, an attempt's launcher.
    await page.locator('[data-key="step 3"]').focus();
    expect(await page.textContent(t('timeline-hover'))).toMatch(/^orchestrator decision 3 of 4: step-time/);
    expect(await page.textContent(t('timeline-fork-here'))).toBe('Fork from decision 3');
    await page.locator('[data-key="q2-hop2#1"]').focus();
    expect(await page.textContent(t('timeline-fork-here'))).toBe('Fork from decision 2');
    // Decision 2's node in the finished run's graph: its detail offers the fork.
    const node = page.locator(`${t('dag')} [data-task="main:2"]`).first();
    await node.focus();
    const detail = page.locator(t('dag-hover'));
    expect(await detail.textContent()).toMatch(/^orchestrator decision 2 of 4 at step-time 5/);
    await page.locator(t('dag-fork-here')).click();
    // The stored run opens with its fork panel at decision 2, the policy to continue with focused.
    await page.waitForSelector(t('fork-panel'));
    expect(await page.inputValue(t('fork-step'))).toBe('2');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'fork-policy');
    expect(new URL(page.url()).hash).toMatch(/[#&]fork=2(&|$)/);
    await page.selectOption(t('fork-policy'), 'serial');
    await page.click(t('fork-button'));
    await expectDrawnFork(page, width);
    expect(await axe(page)).toEqual([]);
    expect(profile.errors).toEqual([]);
  }, 120_000);

  it('says a decision the run does not have in place, and the rest of the view works', async () => {
    const { page } = profile;
    const id = await finishedDeepSearch(page, width, height);
    // A link asking for decision 9 of a run that made 4 (as if the stored run had been replaced).
    await page.goto(`${appUrl}#pace=0&view=run&runs=${id}&fork=9`);
    await page.reload();
    const missing = page.locator(t('fork-missing'));
    await missing.waitFor();
    expect(await missing.textContent()).toBe(
      'This run has no decision 9: it made decisions 1 to 4. The stored run may have been replaced since the fork was asked for; pick a decision below.',
    );
    // Nothing lost: the run as stored, its cards, graph and replay; the panel offers decision 4.
    expect(await page.textContent(t('run-status'))).toBe('done');
    expect(Number(await page.textContent(`${t('metric-critical-steps')} .value`))).toBe(20);
    await page.waitForSelector(`${t('dag')} [data-task="main:4"]`);
    expect(await page.inputValue(t('fork-step'))).toBe('4');
    await page.click(t('replay-rewind'));
    expect(await page.textContent(t('run-status'))).toMatch(
      /^replay paused at event 1 of \d+ \(step-time 0 of 20\)$/,
    );
    // The replay's own "Fork from decision K" chooses a decision the run has; the message goes.
    await page.click(t('replay-fork-here'));
    await page.waitForSelector(t('fork-missing'), { state: 'detached' });
    expect(await page.inputValue(t('fork-step'))).toBe('1');
    expect(await axe(page)).toEqual([]);
    expect(profile.errors).toEqual([]);
  }, 120_000);
});

describe('forking where you look, by keyboard alone', () => {
  it('Tabs to a node, on to its "Fork from decision 2", and forks with Enter', async () => {
    const { page } = profile;
    await finishedDeepSearch(page, 1366, 900);
    await page.focus(t('run-status'));
    // Tab on through the graph: each node with a decision offers its fork right after it.
    const active = () =>
      page.evaluate(() => {
        const e = document.activeElement;
        const task = e?.getAttribute('data-task');
        return task ? `node ${task}` : `${e?.getAttribute('data-testid')}:${e?.textContent}`;
      });
    let at = '';
    const seen: string[] = [];
    for (let k = 0; k < 150 && at !== 'node main:2'; k++) {
      await page.keyboard.press('Tab');
      at = await active();
      seen.push(at);
    }
    expect(at).toBe('node main:2');
    // Every node reached was followed by its own fork (a task's: the decision that launched it).
    const nodes = seen.filter((s) => s.startsWith('node ') && s !== 'node main:end');
    expect(nodes.length).toBeGreaterThan(3);
    expect(
      seen.filter((s) => s.startsWith('dag-fork-here:Fork from decision ')),
      seen.join(' | '),
    ).toHaveLength(nodes.length - 1);
    await page.keyboard.press('Tab');
    expect(await active()).toBe('dag-fork-here:Fork from decision 2');
    // Shift+Tab goes back to the node the detail is about; Tab from the action on to the next node.
    await page.keyboard.press('Shift+Tab');
    expect(await active()).toBe('node main:2');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await active()).toMatch(/^node /);
    expect(await active()).not.toBe('node main:2');
    // Back, the nodes in their order (the actions are a Tab away from theirs, not on the way back).
    await page.keyboard.press('Shift+Tab');
    expect(await active()).toBe('node main:2');
    await page.keyboard.press('Tab');
    expect(await active()).toBe('dag-fork-here:Fork from decision 2');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'fork-policy');
    // A heuristic run is continued under serial unless another policy is picked.
    expect(await page.inputValue(t('fork-policy'))).toBe('serial');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'fork-button',
    );
    await page.keyboard.press('Enter');
    await expectDrawnFork(page, 1366);
    expect(profile.errors).toEqual([]);
  }, 120_000);
});
