import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkRow } from '../../src/core/datasets/trl-check';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'export-dataset-'));
const traces = join(dir, 'traces');
const serialOnly = join(dir, 'serial');

beforeAll(async () => {
  for (const [out, policies] of [
    [traces, 'serial,heuristic'],
    [serialOnly, 'serial'],
  ] as const) {
    const { code } = await runCli([
      'bench',
      '--scenario',
      'write-story',
      '--policies',
      policies,
      '--seeds',
      '4',
      '--trace-dir',
      out,
    ]);
    expect(code).toBe(0);
  }
  const peers = await runCli([
    'bench',
    '--scenario',
    'compare-options',
    '--policies',
    'serial,peers',
    '--seeds',
    '2',
    '--trace-dir',
    traces,
  ]);
  expect(peers.code).toBe(0);
});

const rowsOf = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);

describe('swarm export-dataset', () => {
  it('writes an SFT dataset, its validation split and its card; every row passes the TRL check', async () => {
    const out = join(dir, 'sft', 'team.jsonl');
    mkdirSync(join(dir, 'sft'));
    const { code, stdout, stderr } = await runCli([
      'export-dataset',
      '--traces',
      traces,
      '--format',
      'sft',
      '--out',
      out,
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^wrote .*team\.jsonl \(\d+ rows\), .*team\.validation\.jsonl \(\d+ rows?\), .*team\.md\n/,
    );
    expect(stdout).toMatch(/sft from 12 traces: 12 runs, \d+ successful with reward ≥ 0; skipped: none/);
    expect(readdirSync(join(dir, 'sft')).sort()).toEqual(['team.jsonl', 'team.md', 'team.validation.jsonl']);
    const train = rowsOf(out);
    const validation = rowsOf(join(dir, 'sft', 'team.validation.jsonl'));
    expect(train.length).toBeGreaterThan(0);
    for (const row of [...train, ...validation]) expect(checkRow(row, 'sft')).toEqual([]);
    const request = (row: unknown) =>
      (row as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === 'user')
        ?.content;
    const plansIn = (rows: unknown[]) =>
      rows.filter((r) => JSON.stringify(r).includes('You are a meta-router')).map(request);
    const trained = new Set(plansIn(train));
    expect(plansIn(validation).filter((q) => trained.has(q))).toEqual([]);
    expect(readFileSync(join(dir, 'sft', 'team.md'), 'utf8')).toContain('data_files:');
  });

  it('writes a DPO dataset and reports what it did as JSON', async () => {
    const out = join(dir, 'pairs.jsonl');
    const { code, stdout } = await runCli([
      'export-dataset',
      '--traces',
      traces,
      '--format',
      'dpo',
      '--out',
      out,
      '--margin',
      '0.05',
      '--val-fraction',
      '0.5',
      '--json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({
      format: 'dpo',
      files: { train: out, validation: join(dir, 'pairs.validation.jsonl'), card: join(dir, 'pairs.md') },
      dpo: { requests: 6, contested: 6 },
      options: { margin: 0.05, valFraction: 0.5 },
    });
    const rows = [...rowsOf(out), ...rowsOf(report.files.validation)];
    expect(rows).toHaveLength(report.rows.train + report.rows.validation);
    expect(rows).toHaveLength(report.dpo.pairs);
    for (const row of rows) expect(checkRow(row, 'dpo')).toEqual([]);
  });

  it('takes only the kinds asked, with the history asked', async () => {
    const out = join(dir, 'next.jsonl');
    const { code, stdout } = await runCli([
      'export-dataset',
      '--traces',
      traces,
      '--format',
      'sft',
      '--kinds',
      'next-speaker',
      '--history',
      'summary',
      '--out',
      out,
      '--json',
    ]);
    expect(code).toBe(0);
    expect(Object.keys(JSON.parse(stdout).kinds)).toEqual(['next-speaker']);
    expect(readFileSync(out, 'utf8')).toContain('History (summary)');
  });

  it('says what is wrong with its input and writes nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'export-dataset-empty-'));
    const out = join(empty, 'out.jsonl');
    const noTraces = await runCli(['export-dataset', '--traces', empty, '--format', 'sft', '--out', out]);
    expect(noTraces.code).toBe(2);
    expect(noTraces.stderr).toMatch(/no \*\.jsonl traces to read; nothing written/);

    const old = mkdtempSync(join(tmpdir(), 'export-dataset-old-'));
    const [first] = readdirSync(traces);
    const text = readFileSync(join(traces, first as string), 'utf8');
    writeFileSync(join(old, 'a.jsonl'), text.replace('"swarmflight.trace/1"', '"swarmflight.trace/2"'));
    const otherVersion = await runCli(['export-dataset', '--traces', old, '--format', 'sft', '--out', out]);
    expect(otherVersion.code).toBe(2);
    expect(otherVersion.stderr).toContain(
      '1 trace of another schema version (swarmflight.trace/2); this version reads swarmflight.trace/1; nothing written',
    );

    const noPairs = await runCli(['export-dataset', '--traces', serialOnly, '--format', 'dpo', '--out', out]);
    expect(noPairs.code).toBe(2);
    expect(noPairs.stderr).toMatch(
      /no preference pair: 4 requests seen, and no request has two different plans/,
    );

    writeFileSync(join(old, 'b.jsonl'), `${text}not json\n`);
    const broken = await runCli(['export-dataset', '--traces', old, '--format', 'sft', '--out', out]);
    expect(broken.stderr).toMatch(/b\.jsonl:\d+: not JSON/);
    expect(readdirSync(empty)).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses bad flags', async () => {
    const run = (...args: string[]) => runCli(['export-dataset', '--traces', traces, ...args]);
    const out = ['--out', join(dir, 'x.jsonl')];
    expect((await run('--out', join(dir, 'x.jsonl'))).stderr).toMatch(/--format is required/);
    expect((await run('--format', 'kto', ...out)).stderr).toMatch(/--format must be one of sft, dpo/);
    expect((await run('--format', 'sft', '--out', join(dir, 'x.json'))).stderr).toMatch(
      /--out must name the train file/,
    );
    expect((await run('--format', 'sft', ...out, '--kinds', 'plans,stories')).stderr).toMatch(
      /--kinds takes/,
    );
    expect((await run('--format', 'sft', ...out, '--val-fraction', '1')).stderr).toMatch(
      /--val-fraction must be a number in \[0, 1\)/,
    );
    expect((await run('--format', 'sft', ...out, '--margin=-1')).stderr).toMatch(
      /--margin must be a number ≥ 0/,
    );
    expect((await run('--format', 'dpo', ...out, '--kinds', 'plans')).stderr).toMatch(
      /--kinds is for --format sft/,
    );
    expect((await runCli(['export-dataset', '--help'])).stdout).toMatch(/^swarm export-dataset --traces DIR/);
  });
});
