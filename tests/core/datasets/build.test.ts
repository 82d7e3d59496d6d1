import { describe, expect, it } from 'vitest';
import { buildDataset, type DatasetBuild, defaultDatasetOptions } from '../../../src/core/datasets/build';
import { datasetFiles } from '../../../src/core/datasets/files';
import { findKeys, redactKeys, redactValue } from '../../../src/core/datasets/redact';
import type { LoadedTrace } from '../../../src/core/datasets/runs';
import { checkRows } from '../../../src/core/datasets/trl-check';
import { benchTraceDir, withMetrics } from './logged';

const sft = { ...defaultDatasetOptions, format: 'sft' } as const;
const dpo = { ...defaultDatasetOptions, format: 'dpo' } as const;
const built = (result: ReturnType<typeof buildDataset>): DatasetBuild => {
  if (!result.ok) throw new Error(result.reason);
  return result;
};

const KEY = `sk-proj-${'Q7x9'.repeat(10)}`;

describe('keys never leave in a dataset', () => {
  it('are scrubbed from text by their usual shapes', () => {
    const text = `key ${KEY}, header Bearer abc.def-ghi_jkl012345, hf_${'a'.repeat(34)}, ghp_${'b'.repeat(36)}, AKIAABCDEFGHIJKLMNOP, AIza${'c'.repeat(35)}`;
    const clean = redactKeys(text);
    expect(findKeys(clean)).toEqual([]);
    expect(clean.match(/\[redacted\]/g)).toHaveLength(6);
    expect(redactKeys('a task-list, sk-short and Bearer of bad news')).toBe(
      'a task-list, sk-short and Bearer of bad news',
    );
    expect(redactValue({ a: [`x ${KEY}`], b: 1 })).toEqual({ a: ['x [redacted]'], b: 1 });
  });

  it('are scrubbed from every row built from traces that hold one', async () => {
    const { traces } = await benchTraceDir();
    const leaky: LoadedTrace[] = traces.map((t) => ({
      ...t,
      header: { ...t.header, query: `${t.header.query} (my key is ${KEY})` },
      events: t.events.map((e) =>
        e.type === 'tool.call' ? { ...e, result: `${e.result} Authorization: Bearer ${KEY.slice(3)}` } : e,
      ),
    }));
    for (const options of [sft, dpo]) {
      const build = built(buildDataset({ traces: leaky }, options));
      const text = JSON.stringify([...build.train, ...build.validation]);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(KEY.slice(3));
      expect(text).toContain('[redacted]');
      // Every DPO row holds the request; a swarm subagent's trajectory holds its own task instead.
      const rows = build.train.length + build.validation.length;
      if (options.format === 'dpo') expect(build.redacted).toBe(rows);
      else expect(build.redacted).toBeGreaterThan(0);
      expect(checkRows([...build.train, ...build.validation], options.format)).toEqual([]);
    }
  });
});

describe('a built dataset', () => {
  it('has every row checked, split by request, and a card that says what it holds', async () => {
    const { traces } = await benchTraceDir();
    const build = built(buildDataset({ traces }, sft));
    expect(checkRows([...build.train, ...build.validation], 'sft')).toEqual([]);
    expect(build.sources).toEqual({
      traces: traces.length,
      runs: traces.length,
      qualifying: expect.any(Number),
      skipped: {},
    });
    const files = datasetFiles(build, 'out/story-sft');
    expect(files.train.name).toBe('out/story-sft.jsonl');
    expect(files.validation.name).toBe('out/story-sft.validation.jsonl');
    expect(files.train.text.trim().split('\n')).toHaveLength(build.train.length);
    const card = files.card.text;
    expect(card).toMatch(
      /^---\nconfigs:\n- config_name: default\n {2}data_files:\n {2}- split: train\n {4}path: story-sft\.jsonl/,
    );
    for (const kind of ['plans', 'next-speaker', 'trajectories']) {
      const count = build.kinds[kind as 'plans'];
      expect(card).toContain(`| ${kind} | ${count?.train} | ${count?.validation} |`);
    }
    expect(card).toContain(`${traces.length} traces, ${traces.length} runs read; skipped: none.`);
    expect(card).toContain('reward ≥ 0 (--min-reward)');
    expect(card).toContain('no request is on both sides');
    expect(card).toContain('Identical rows kept once');
    expect(card).toContain("The tools' definitions are not in the traces");
    expect(card).toContain('load_dataset("json", data_files=');
    expect(card).toContain('SFTTrainer(');
    const pairs = datasetFiles(built(buildDataset({ traces }, dpo)), 'pairs').card.text;
    expect(pairs).toContain('DPOTrainer(');
    expect(pairs).toContain('Tie rule');
    expect(pairs).toMatch(/\d+ pairs? formed \(\d+ by reward, \d+ by simplicity\)/);
  });

  it('drops identical rows: the same runs twice make the same dataset', async () => {
    const { traces } = await benchTraceDir();
    const once = built(buildDataset({ traces }, sft));
    const twice = built(
      buildDataset({ traces: [...traces, ...traces.map((t) => ({ ...t, name: `copy-${t.name}` }))] }, sft),
    );
    expect(twice.train).toEqual(once.train);
    expect(twice.validation).toEqual(once.validation);
    expect(twice.duplicates).toBeGreaterThan(0);
  });

  it('is refused, with why, when there is nothing to build it from', async () => {
    const { traces } = await benchTraceDir();
    expect(buildDataset({ traces: [] }, sft)).toEqual({ ok: false, reason: 'no traces to read' });
    expect(
      buildDataset({ traces: [], otherSchema: [{ name: 'a.jsonl', schema: 'swarmflight.trace/2' }] }, sft),
    ).toEqual({
      ok: false,
      reason:
        '1 trace of another schema version (swarmflight.trace/2); this version reads swarmflight.trace/1',
    });
    const graphs = traces.map((t) => ({
      ...t,
      header: { ...t.header, scenario: { ...t.header.scenario, kind: 'graph' } },
    }));
    expect(buildDataset({ traces: graphs }, sft)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /^no trace holds a finished task run with a request \(\d+ traces; skipped: \d+ graph\)$/,
      ),
    });
    const failed = traces.map((t) => withMetrics(t, { episodeSuccess: 0 }));
    expect(buildDataset({ traces: failed }, sft)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^no successful run with a reward of at least 0 among \d+ runs/),
    });
    const serial = traces.filter((t) => t.header.policy === 'serial');
    expect(buildDataset({ traces: serial }, dpo)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /^no preference pair: 5 requests seen, and no request has two different plans/,
      ),
    });
  });
});

describe('the languages of a dataset', () => {
  it('are counted per distinct request, from its script, and named on the card', async () => {
    const { traces } = await benchTraceDir();
    const asked = (t: LoadedTrace, query: string): LoadedTrace => ({ ...t, header: { ...t.header, query } });
    const mixed = traces.map((t, i) =>
      i % 3 === 1
        ? asked(t, `写一个关于灯塔的故事 ${i}`)
        : i % 3 === 2
          ? asked(t, `Напиши рассказ о маяке ${i}`)
          : t,
    );
    const build = built(buildDataset({ traces: mixed }, sft));
    expect(build.languages.zh).toBeGreaterThan(0);
    expect(build.languages.ru).toBeGreaterThan(0);
    const card = datasetFiles(build, 'data').card.text;
    expect(card).toMatch(/Languages of the requests \(detected from their script\): .*zh \d+/);
  });
});
