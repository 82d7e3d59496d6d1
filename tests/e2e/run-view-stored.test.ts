import { describe, expect, it } from 'vitest';
import { randomGraph } from '../../src/core/graph/generate';
import { graphOrThrow } from '../../src/core/graph/validate';
import { heuristicPolicy } from '../../src/core/policy/heuristic';
import { makeConfig } from '../../src/core/runtime/config';
import { simulate } from '../../src/core/runtime/simulate';
import type { TraceEvent } from '../../src/core/trace/events';
import type { TraceHeader } from '../../src/core/trace/header';
import { encodeTrace } from '../../src/core/trace/jsonl';
import { orchestrationEpisode } from '../support/orchestration-episode';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/** A stored run reads as the live one did, and a replay says what was true at its event. */

const profile = profilePerTest();

async function importAndOpen(header: TraceHeader, events: readonly TraceEvent[]) {
  const { page } = profile;
  await page.goto(`${appUrl}#pace=0&view=library`);
  await page.waitForSelector(t('import-jsonl'), { state: 'attached' });
  await page.setInputFiles(t('import-jsonl'), {
    name: 'run.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(encodeTrace(header, events)),
  });
  await page.waitForSelector(t('trace-row'));
  const row = (await page.textContent(t('trace-row'))) ?? '';
  await page.click(t('open-run'));
  await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
  return row;
}

describe('a stored run in the run view', () => {
  it('compares with a single agent on its own scenario and seed, whatever the sidebar shows', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#view=run&scenario=diamond&seed=4&pace=0`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    const id = new URL(page.url()).hash.match(/runs=([^&]+)/)?.[1];
    expect(id).toBeTruthy();
    // Opened from a link whose sidebar names another scenario (the Library opens runs like this).
    await page.goto(`${appUrl}#pace=0&view=run&scenario=wide-search&seed=1&runs=${id}`);
    await page.reload();
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
    await page.click(t('compare-serial'));
    await page.waitForSelector(t('compare-table'), { timeout: 60_000 });
    const titles = await page.$$eval('[data-testid="compare-table"] thead th', (th) =>
      th.slice(1).map((h) => h.textContent ?? ''),
    );
    expect(titles).toEqual(['heuristic · diamond · seed 4 (baseline)', 'serial · diamond · seed 4']);
    expect(profile.errors).toEqual([]);
  });

  it('shows its final answer and its quality by the measure it is graded by, as the live run did', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#view=run&scenario=mixed-coding&seed=2&pace=0`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    await page.waitForSelector(t('run-answer'));
    const answer = await page.textContent(`${t('run-answer')} .answer-text`);
    const quality = await page.textContent(t('metric-quality'));
    expect(quality).toMatch(/pass@1: share of functions passing/);
    expect(quality).not.toMatch(/item-F1/);
    // The link to it, opened afresh: the run comes from the library.
    const id = new URL(page.url()).hash.match(/runs=([^&]+)/)?.[1];
    expect(id).toBeTruthy();
    await page.goto(`${appUrl}#pace=0&view=run&runs=${id}`);
    await page.reload();
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
    await page.waitForSelector(t('run-answer'));
    expect(await page.textContent(`${t('run-answer')} .answer-text`)).toBe(answer);
    expect(await page.textContent(t('metric-quality'))).toBe(quality);
    expect(await page.textContent(t('answer-score'))).toMatch(/pass@1/);
    // Scrubbed back, the run is running then: no graded answer yet, as live; at the end, again.
    // The status says the replay is paused there, not "running" as if a new run went on.
    await page.click(t('replay-rewind'));
    expect(await page.textContent(t('run-status'))).toMatch(
      /^replay paused at event 1 of \d+ \(step-time 0 of \d/,
    );
    expect(await page.locator(t('run-answer')).count()).toBe(0);
    expect(await page.textContent(t('replay-answer-later'))).toMatch(/answer shows at its end/);
    await page.click(`${t('replay-answer-later')} button`);
    await page.waitForSelector(t('run-answer'));
    expect(await page.textContent(`${t('run-answer')} .answer-text`)).toBe(answer);
    expect(profile.errors).toEqual([]);
  });

  it('says what was true mid-replay: paused mid-run, the metrics as of that event, counted as the Library counts', async () => {
    const graph = graphOrThrow(randomGraph({ tasks: 16, seed: 4 }));
    const r = simulate({ graph, config: makeConfig({ seed: 4 }), policy: heuristicPolicy });
    const row = await importAndOpen(r.header, r.events);
    const { page } = profile;
    const n = r.events.length;
    expect(row).toContain(String(n));
    expect(await page.textContent(t('replay-position'))).toMatch(new RegExp(`^event ${n} of ${n} `));
    const cards = await page.locator('[data-testid^="metric-"]').count();
    const middle = Math.floor(n / 2);
    await page.fill(t('replay-scrubber'), String(middle));
    await page.dispatchEvent(t('replay-scrubber'), 'input');
    expect(await page.textContent(t('replay-position'))).toMatch(new RegExp(`^event ${middle + 1} of ${n} `));
    const step = /step-time (\S+)$/.exec((await page.textContent(t('replay-position'))) ?? '')?.[1];
    const end = Math.max(...r.events.map((e) => e.t));
    expect(await page.textContent(t('run-status'))).toBe(
      `replay paused at event ${middle + 1} of ${n} (step-time ${step} of ${end})`,
    );
    expect(await page.getAttribute(t('run-status'), 'data-state')).toBe('replay-paused');
    // Every card still there, each with what was known then or why it is not known yet.
    expect(await page.locator('[data-testid^="metric-"]').count()).toBe(cards);
    const critical = Number(await page.textContent(`${t('metric-critical-steps')} .value`));
    expect(critical).toBeGreaterThan(0);
    expect(critical).toBeLessThan(r.metrics.criticalSteps);
    expect(await page.textContent(t('metric-quality'))).toMatch(/graded when the run ends/);
    // The bound is the whole run's, so a partial run is not flagged as wasting parallelism.
    expect(await page.textContent(t('metric-critical-steps'))).not.toMatch(/More than 1\.5×/);
    // Back to the end: the stored status again.
    await page.fill(t('replay-scrubber'), String(n - 1));
    await page.dispatchEvent(t('replay-scrubber'), 'input');
    expect(await page.textContent(t('run-status'))).toBe('done');
    // The rewind button says what it does in words any font has, and to a screen reader.
    const rewind = page.locator(t('replay-rewind'));
    expect(await rewind.getAttribute('aria-label')).toMatch(/rewind/i);
    expect(await rewind.getAttribute('title')).toMatch(/rewind/i);
    expect(await rewind.textContent()).toMatch(/Start/);
    await rewind.click();
    expect(await page.textContent(t('replay-position'))).toMatch(new RegExp(`^event 1 of ${n} `));
    expect(await page.textContent(t('run-status'))).toBe(
      `replay paused at event 1 of ${n} (step-time 0 of ${end})`,
    );
    expect(profile.errors).toEqual([]);
  });

  it('opens an orchestration episode with every card true or saying why it does not apply, and no empty section', async () => {
    const episode = orchestrationEpisode(3);
    await importAndOpen(episode.header, episode.events);
    const { page } = profile;
    await page.waitForSelector(t('metric-wall-clock'));
    expect(await page.textContent(t('metric-wall-clock'))).toMatch(
      /not modelled in the simulated orchestration environment/,
    );
    expect(await page.textContent(t('metric-tool-calls'))).toMatch(
      /not modelled in the simulated orchestration environment/,
    );
    const tokens = (await page.textContent(t('metric-tokens'))) ?? '';
    expect(tokens).toMatch(/output tokens not modelled/);
    expect(tokens).not.toMatch(/ 0 out/);
    expect(tokens).not.toMatch(/no budget/);
    expect(await page.textContent(t('metric-quality'))).toMatch(/environment quality/);
    for (const card of await page.locator('[data-testid^="metric-"] .detail').allTextContents())
      expect(card.trim()).not.toBe('');
    expect(await page.locator(t('orchestrator-log')).count()).toBe(0);
    expect(profile.errors).toEqual([]);
  });
});
