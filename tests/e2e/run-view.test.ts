import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../src/core/graph/validate';
import { heuristicPolicy } from '../../src/core/policy/heuristic';
import { makeConfig } from '../../src/core/runtime/config';
import { simulate } from '../../src/core/runtime/simulate';
import { encodeTrace } from '../../src/core/trace/jsonl';
import { orchestrationEpisode } from '../support/orchestration-episode';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * The run view tells the truth (issue 15): the red nodes are the run's realized critical path —
 * one chain in time from 0 to the run's end, as long as the critical-steps card says — the lower
 * bound bounds. The wall clock's speed-up is timed alone, in run-view-speedup.test.ts.
 */

const profile = profilePerTest();

interface Red {
  task: string;
  kind: string;
  start: number;
  finish: number;
}

// Strings, not functions: the test runner's transform would add helpers the page does not have.
const readRed = `[...document.querySelectorAll('[data-testid="dag-node-critical"]')].map((n) => ({
  task: n.getAttribute('data-task'), kind: n.getAttribute('data-kind'),
  start: Number(n.getAttribute('data-start')), finish: Number(n.getAttribute('data-finish')) }))`;
const cardNumber = (id: string) =>
  `Number(document.querySelector('[data-testid="metric-${id}"] .value').textContent.replace(/,/g, ''))`;

async function runAndRead(hash: string) {
  const { page } = profile;
  await page.goto(`${appUrl}#pace=0&view=run&${hash}`);
  await page.click(t('run-button'));
  await page.waitForFunction(
    (sel) => ['done', 'failed', 'cancelled'].includes(document.querySelector(sel)?.textContent ?? ''),
    t('run-status'),
    { timeout: 60_000 },
  );
  await page.waitForSelector(t('dag-node-critical'));
  return {
    status: await page.textContent(t('run-status')),
    red: ((await page.evaluate(readRed)) as Red[]).sort((a, b) => a.start - b.start || a.finish - b.finish),
    critical: (await page.evaluate(cardNumber('critical-steps'))) as number,
    bound: (await page.evaluate(cardNumber('lower-bound'))) as number,
  };
}

describe('the run view', () => {
  it('marks the realized critical path: one chain from 0 to the end, as long as the critical steps', async () => {
    const runs = [
      ...['wide-search', 'deep-search', 'mixed-coding'].flatMap((s) =>
        [1, 2, 3].map((seed) => `scenario=${s}&seed=${seed}`),
      ),
      // A graph with failures and retries (failProbability on its hops).
      'scenario=deep-chain&seed=1',
      'scenario=deep-chain&seed=2',
    ];
    const problems: string[] = [];
    for (const hash of runs) {
      // pace=0: step-time does not depend on the pace, and the suite stays short.
      const r = await runAndRead(`${hash}&pace=0`);
      const chain = r.red.every((n, k) => k === 0 || n.start >= (r.red[k - 1] as Red).finish);
      const ok =
        r.status === 'done' &&
        r.red.length >= 2 &&
        r.red[0]?.start === 0 &&
        r.red.at(-1)?.finish === r.critical &&
        chain &&
        r.red.some((n) => n.kind === 'main') &&
        r.bound <= r.critical;
      if (!ok) problems.push(`${hash}: ${JSON.stringify(r)}`);
    }
    expect(problems).toEqual([]);
    expect(profile.errors).toEqual([]);
  }, 240_000);

  it('saves the run graph and the timeline as SVG and PNG files, whole and readable', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0`);
    await page.click(`${t('scenario-card-wide-search')} button.primary`);
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    const save = async (id: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(t(id))]);
      return { name: download.suggestedFilename(), bytes: await readFile((await download.path()) as string) };
    };
    const dag = await save('download-dag-svg');
    expect(dag.name).toBe('swarmflight-dag.svg');
    const svg = dag.bytes.toString('utf8');
    // Every node of the run graph is in the file, the realized path's among them, zoom or not.
    const nodes = await page.locator('[data-testid^="dag-node"]').count();
    expect(svg.match(/data-testid="dag-node/g)).toHaveLength(nodes);
    expect(svg).toContain('data-testid="dag-node-critical"');
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox=/);
    const timeline = await save('download-timeline-svg');
    expect(timeline.bytes.toString('utf8').match(/data-testid="timeline-bar"/g)).toHaveLength(10);
    for (const id of ['download-dag-png', 'download-timeline-png']) {
      const png = await save(id);
      expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(png.bytes.length).toBeGreaterThan(2000);
    }
    expect(profile.errors).toEqual([]);
  });

  it('shows an older trace without orchestrator steps with the planned path and says why', async () => {
    const graph = graphOrThrow({
      kind: 'graph',
      id: 'old',
      tasks: [
        { id: 'a', steps: 2, deps: [] },
        { id: 'b', steps: 3, deps: ['a'] },
      ],
    });
    const r = simulate({ graph, config: makeConfig({}), policy: heuristicPolicy });
    const events = r.events.filter((e) => e.type !== 'orchestrator.step').map((e, seq) => ({ ...e, seq }));
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=library`);
    await page.waitForSelector(t('import-jsonl'), { state: 'attached' });
    await page.setInputFiles(t('import-jsonl'), {
      name: 'old.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(encodeTrace(r.header, events)),
    });
    await page.waitForSelector(t('trace-row'));
    await page.click(t('open-run'));
    await page.waitForSelector(t('critical-path-summary'));
    expect(await page.textContent(t('critical-path-summary'))).toMatch(
      /planned.*no realized path: this trace has no orchestrator\.step events/,
    );
    // The summary can come before the graph is drawn on a loaded machine: wait for its nodes.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="dag-node"]').length === 2);
    expect(await page.locator(t('dag-node-critical')).count()).toBe(0);
    expect(await page.locator(t('dag-node')).count()).toBe(2);
    expect(profile.errors).toEqual([]);
  });

  it("draws a wide orchestration episode readably: the orchestrator's steps on the timeline, the graph's nodes large enough to read", async () => {
    // Instance 20 is wide search over 64 units: shards of 2 make one wave of 32 subagents, and
    // the orchestrator's own steps (writing 32 calls, reading 32 answers) are most of the run.
    const episode = orchestrationEpisode(20);
    const steps = episode.events.flatMap((e) => (e.type === 'orchestrator.step' ? [e] : []));
    expect(episode.events.filter((e) => e.type === 'task.assigned').length).toBeGreaterThanOrEqual(32);
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=library`);
    await page.waitForSelector(t('import-jsonl'), { state: 'attached' });
    await page.setInputFiles(t('import-jsonl'), {
      name: 'wide.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(encodeTrace(episode.header, episode.events)),
    });
    await page.waitForSelector(t('trace-row'));
    await page.click(t('open-run'));
    await page.waitForSelector(t('dag-node-critical'));
    // One bar per orchestrator step, each as wide as its own S_main on the subagents' x scale.
    const bars = (await page.evaluate(
      `[...document.querySelectorAll('[data-testid="timeline-step"]')].map((r) => Number(r.getAttribute('width')))`,
    )) as number[];
    expect(bars).toHaveLength(steps.length);
    const px = (bars[0] as number) / (steps[0]?.main as number);
    for (const [i, w] of bars.entries())
      expect(w).toBeCloseTo(Math.max(1.5, (steps[i]?.main as number) * px), 0);
    // Every step is a link of the critical path here (nothing else runs while it writes or reads).
    expect(await page.locator(`${t('timeline-step')}[data-critical="true"]`).count()).toBe(steps.length);
    // The 32 shards of one layer used to be squeezed into the graph's 380 px: 8 px nodes.
    const heights = (await page.evaluate(
      `[...document.querySelectorAll('[data-testid^="dag-node"] rect')].map((r) => r.getBoundingClientRect().height)`,
    )) as number[];
    expect(heights.length).toBeGreaterThanOrEqual(32);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(14);
    expect(profile.errors).toEqual([]);
  });

  it('opens a stored run beside the next run’s settings, and its own settings make the same run again', async () => {
    const first = await runAndRead('scenario=wide-search&seed=7&policy=critical-path&pace=0');
    expect(first.status).toBe('done');
    const { page } = profile;
    // A new visit (the run kept in the library): the form at its defaults, the run opened from there.
    await page.goto(`${appUrl}#view=library&pace=0`);
    await page.reload();
    await page.waitForSelector(t('trace-row'));
    await page.click(t('open-run'));
    await page.waitForSelector(t('stored-run-note'));
    expect(await page.textContent(t('stored-run-note'))).toMatch(
      /policy critical-path · seed 7 .*for a new run/,
    );
    expect(await page.inputValue(t('seed-input'))).toBe('1');
    await page.click(t('use-run-settings'));
    expect(await page.inputValue(t('seed-input'))).toBe('7');
    expect(await page.inputValue(t('policy-select'))).toBe('critical-path');
    expect(await page.textContent(t('stored-run-note'))).toMatch(/this run’s: Run makes it again/);
    expect(await page.locator(t('use-run-settings')).count()).toBe(0);
    expect(page.url()).toMatch(/seed=7/);
    await page.click(t('run-button'));
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent === 'done',
      t('run-status'),
      { timeout: 60_000 },
    );
    await page.waitForSelector(t('metric-critical-steps'));
    expect(await page.evaluate(cardNumber('critical-steps'))).toBe(first.critical);
    expect(profile.errors).toEqual([]);
  });
});
