import type { Page } from 'playwright-core';
import { testId as t } from './browser';

/**
 * The numbers a finished run shows, read off the page and compared where two of them say the same
 * thing (issue 61, item 4): the gallery walk (gallery-walk.test.ts) checks every run it makes with
 * `disagreements`, and numbers-agree.test.ts reads a run's length with `numberAfter`.
 */

/** The first whole number after `label` in `text` (thousands separated by commas). */
export function numberAfter(text: string, label: RegExp): number | undefined {
  const m = new RegExp(`${label.source}\\s*([\\d,]+(?:\\.\\d+)?)`).exec(text);
  return m ? Number((m[1] as string).replace(/,/g, '')) : undefined;
}

/** A metric card's value and its detail line, as shown. */
export const card = async (page: Page, id: string) => ({
  value: ((await page.textContent(`${t(`metric-${id}`)} .value`)) ?? '').trim(),
  detail: ((await page.textContent(`${t(`metric-${id}`)} .detail`)) ?? '').trim(),
});
/** A shown number (thousands separated by commas) as a number. */
export const asNumber = (value: string) => Number(value.replace(/,/g, ''));

/** Waits for the run on screen to end: done, failed or cancelled (an upper bound, not a speed check). */
export const ended = (page: Page) =>
  page.waitForFunction(
    (sel) => ['done', 'failed', 'cancelled'].includes(document.querySelector(sel)?.textContent ?? ''),
    t('run-status'),
    { timeout: 180_000 },
  );

/** Every disagreement between related numbers of the run on screen, each in words. */
export async function disagreements(page: Page, kind: 'graph' | 'task'): Promise<string[]> {
  const wrong: string[] = [];
  const differ = (what: string, a: number | undefined, b: number | undefined) => {
    if (a === undefined || b === undefined || a !== b) wrong.push(`${what}: ${a} ≠ ${b}`);
  };
  const critical = await card(page, 'critical-steps');
  const bound = await card(page, 'lower-bound');
  const caption = (await page.textContent(t('critical-path-summary'))) ?? '';
  const steps = asNumber(critical.value);
  const lower = asNumber(bound.value);
  // The critical steps: the card, the graph's red path, the replay standing at the run's end.
  differ('critical steps card vs the red path', steps, numberAfter(caption, /critical path \(red\):/));
  const position = (await page.textContent(t('replay-position'))) ?? '';
  differ('critical steps card vs the replay position', steps, numberAfter(position, /· step-time/));
  // One bound: the lower-bound card, the critical-steps card's ratio, never above the critical steps.
  differ('lower bound card vs the critical-steps card', lower, numberAfter(critical.detail, /lower bound/));
  if (lower > steps) wrong.push(`lower bound ${lower} above the critical steps ${steps}`);
  // One planned estimate: the lower-bound card's and the graph caption's.
  differ(
    'planned estimate: card vs graph caption',
    numberAfter(bound.detail, /planned estimate/),
    numberAfter(caption, /planned estimate(?: \(dashed\):)?/),
  );
  // A node's what-if moves the bound the card shows, from the card's figure.
  // Hovered (a graph past the labelled size has no node in the tab order).
  await page
    .locator('[data-testid="dag"] [data-task][data-kind="task"]')
    .first()
    .dispatchEvent('pointerover');
  const detail = (await page.textContent(t('dag-hover'))) ?? '';
  differ('a node’s what-if vs the lower-bound card', lower, numberAfter(detail, /faster: lower bound/));
  // Tokens: the card's value is its in and out.
  const tokens = await card(page, 'tokens');
  const tokensIn = numberAfter(tokens.detail, /^/) ?? 0;
  const tokensOut = numberAfter(tokens.detail, /in · /) ?? 0;
  differ('tokens card vs its in + out', asNumber(tokens.value), tokensIn + tokensOut);
  // The subagents spawned: the parallelism card and the agent picture.
  const spawned = numberAfter((await card(page, 'parallelism')).detail, /running now ·/);
  const agents = await page.locator(`${t('agent-node')}:not([data-kind="orchestrator"])`).count();
  if (agents > 0) differ('subagents spawned vs the agent picture', spawned, agents);
  // Whose pace the wall clock is, in words true of the run.
  const wall = (await card(page, 'wall-clock')).detail;
  const pace =
    kind === 'graph' ? "at the pace set for the graph's steps" : 'at the pace set for simulated models';
  if (!wall.startsWith(`real time, ${pace}`)) wrong.push(`wall clock of a ${kind} run: “${wall}”`);
  return wrong;
}
