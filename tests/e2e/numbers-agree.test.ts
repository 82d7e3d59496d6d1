import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 61, item 4: every number on screen agrees with every other that says the same thing. A
 * walk-through found Stress's lower-bound card at "planned estimate 98" beside the graph's "planned
 * (dashed): 95 steps", a node's what-if "makespan ±0 (10 → 10)" beside 11 critical steps, "A run
 * takes about 40 s" for a run of 73 s, and an imported checkpoint under the last training's episode
 * count. Every gallery card is run to its end in the built page (pace 0, as fast as it goes) and
 * each pair of related numbers read off the page: the cards, the graph's caption, a node's detail,
 * the replay's position, the agent picture, the Library's row. Then a graph run's length against
 * its estimate, and a loaded checkpoint's episode count.
 */
const profile = profilePerTest();

/** The first whole number after `label` in `text` (thousands separated by commas). */
function numberAfter(text: string, label: RegExp): number | undefined {
  const m = new RegExp(`${label.source}\\s*([\\d,]+(?:\\.\\d+)?)`).exec(text);
  return m ? Number((m[1] as string).replace(/,/g, '')) : undefined;
}

const card = async (page: Page, id: string) => ({
  value: ((await page.textContent(`${t(`metric-${id}`)} .value`)) ?? '').trim(),
  detail: ((await page.textContent(`${t(`metric-${id}`)} .detail`)) ?? '').trim(),
});
const asNumber = (value: string) => Number(value.replace(/,/g, ''));

const ended = (page: Page) =>
  page.waitForFunction(
    (sel) => ['done', 'failed', 'cancelled'].includes(document.querySelector(sel)?.textContent ?? ''),
    t('run-status'),
    { timeout: 180_000 },
  );

/** Every disagreement between related numbers of the run on screen, each in words. */
async function disagreements(page: Page, kind: 'graph' | 'task'): Promise<string[]> {
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

describe('the numbers on screen', () => {
  it('agree with each other on every gallery card, run to its end, and in the Library', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=40`);
    const cards = await page.locator('[data-testid^="scenario-card-"]').evaluateAll((els) =>
      els.map((c) => ({
        id: (c.getAttribute('data-testid') ?? '').replace('scenario-card-', ''),
        kind: c.querySelector('.tag')?.textContent === 'scheduling' ? ('graph' as const) : ('task' as const),
      })),
    );
    expect(cards.length).toBeGreaterThanOrEqual(14);
    const wrong: Record<string, string[]> = {};
    const shown: Record<string, { steps: string; quality: string }> = {};
    for (const { id, kind } of cards) {
      await page.goto(`${appUrl}#view=run&scenario=${id}&pace=0`);
      await page.reload();
      await page.click(t('run-button'));
      await ended(page);
      expect(`${id}: ${await page.textContent(t('run-status'))}`).toBe(`${id}: done`);
      await page.waitForSelector(t('critical-path-summary'));
      wrong[id] = await disagreements(page, kind);
      shown[id] = {
        steps: ((await page.textContent(`${t('metric-critical-steps')} .value`)) ?? '').trim(),
        quality: ((await page.textContent(`${t('metric-quality')} .value`)) ?? '').trim(),
      };
    }
    // The Library lists each run with the numbers its cards showed.
    await page.goto(`${appUrl}#pace=40&view=library`);
    await page.waitForSelector(t('trace-row'));
    const rows = await page.locator(t('trace-row')).evaluateAll((trs) =>
      trs.map((tr) => ({
        scenario: tr.querySelector('td[data-label="Scenario"]')?.textContent ?? '',
        steps: tr.querySelector('td[data-label="Critical steps"]')?.textContent ?? '',
        quality: (tr.querySelector('td[data-label="Quality"]')?.textContent ?? '').trim(),
      })),
    );
    expect(rows.length).toBe(cards.length);
    for (const row of rows) {
      const q = Number.parseFloat(row.quality);
      const match = Object.entries(shown).filter(
        ([, s]) =>
          s.steps.replace(/,/g, '') === row.steps.replace(/,/g, '') &&
          (Number.isNaN(q) || Math.abs(Number(s.quality) - q) < 0.0006),
      );
      if (match.length === 0)
        wrong.library = [...(wrong.library ?? []), `no card showed ${JSON.stringify(row)}`];
    }
    expect(Object.fromEntries(Object.entries(wrong).filter(([, w]) => w.length > 0))).toEqual({});
    expect(profile.errors).toEqual([]);
  }, 900_000);

  it("says a graph run's length within 20% of what it takes", async () => {
    const { page } = profile;
    // The Stress card, 1,500 tasks: 928 model seconds at 20 ms each, about 20 s. Its drawing kept
    // the page busy about half the time, which added to the waits: 75 s at the default pace for
    // an estimated 40 s.
    await page.goto(`${appUrl}#view=run&scenario=stress&pace=20`);
    const note = (await page.textContent(t('run-length'))) ?? '';
    const said = numberAfter(note, /A run takes about/);
    expect(note).toMatch(/A run takes about \d+ s at this pace/);
    await page.click(t('run-button'));
    await ended(page);
    const wall = ((await page.textContent(`${t('metric-wall-clock')} .value`)) ?? '').trim();
    expect(wall).toMatch(/^[\d.]+ s$/);
    const took = Number.parseFloat(wall);
    // The page keeps the run to its waits (src/adapters/common/pace.ts keptPace; before, the
    // page's drawing added to them: 75 s for an estimated 40 s, 1.9×). On a quiet machine the run
    // lands within 20% of the estimate (37.9 s for "about 40 s"); a wall-clock test must not
    // depend on the machine's load (docs/development.md), so it fails only past 1.6×: the old
    // page's 1.9× fails it, and this page under three other test suites' load (1.4×) passes.
    console.log(`run length: said ${said} s, took ${took} s (${(took / (said as number)).toFixed(2)}×)`);
    expect(took / (said as number)).toBeLessThanOrEqual(1.6);
    expect(took / (said as number)).toBeGreaterThanOrEqual(0.8);
    expect(profile.errors).toEqual([]);
  }, 120_000);

  it("shows a loaded checkpoint's own episode count, not the last training's", async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=40&view=train&episodes=20`);
    await page.click(t('train-button'));
    await page.waitForSelector(t('save-policy'), { timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(t('download-policy'))]);
    const file = readFileSync((await download.path()) as string);
    // Another training, of another length, then the first one's file.
    await page.goto(`${appUrl}#pace=40&view=train&episodes=10`);
    await page.reload();
    await page.click(t('train-button'));
    await page.waitForSelector(`${t('train-status')}:text("10 / 10 episodes")`, { timeout: 60_000 });
    await page.setInputFiles(t('policy-file'), {
      name: 'twenty.json',
      mimeType: 'application/json',
      buffer: file,
    });
    await page.waitForSelector(t('train-message'));
    expect(await page.textContent(t('train-status'))).toMatch(/· 20 \/ 20 episodes$/);
    expect(profile.errors).toEqual([]);
  }, 180_000);
});
