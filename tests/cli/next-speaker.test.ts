import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'next-speaker-'));
const train = join(dir, 'train');
const test = join(dir, 'test');

beforeAll(async () => {
  for (const [out, split] of [
    [train, 'train'],
    [test, 'test'],
  ] as const) {
    const { code } = await runCli([
      'bench',
      '--scenario',
      'compare-options',
      '--policies',
      'serial,heuristic,peers',
      '--seeds',
      '4',
      '--split',
      split,
      '--trace-dir',
      out,
    ]);
    expect(code).toBe(0);
  }
});

describe('swarm next-speaker', () => {
  it('trains on logged runs, scores held-out runs against the bigram baseline, and answers', async () => {
    const model = join(dir, 'model.json');
    const trained = await runCli([
      'next-speaker',
      '--traces',
      train,
      '--test-traces',
      test,
      '--history',
      'last-k',
      '--out',
      model,
      '--json',
    ]);
    expect(trained.code).toBe(0);
    const report = JSON.parse(trained.stdout);
    expect(report.train.runs).toBe(12);
    expect(report.test.decisions).toBeGreaterThan(30);
    expect(report.test.accuracy).toBeGreaterThanOrEqual(report.test.baseline);
    const asked = await runCli([
      'next-speaker',
      '--model',
      model,
      '--request',
      'x',
      '--spoken',
      'judge,judge,judge,judge,decide',
    ]);
    expect(asked.stdout).toMatch(/^terminate \(confidence \d\.\d\d\)$/);
  });

  it('says what is wrong with its input', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'next-speaker-empty-'));
    expect((await runCli(['next-speaker', '--traces', empty])).stderr).toMatch(/no \*\.jsonl traces/);
    expect((await runCli(['next-speaker', '--traces', train, '--history', 'all'])).stderr).toMatch(
      /--history/,
    );
    const notModel = join(dir, 'not-model.json');
    writeFileSync(notModel, '{"a":1}');
    expect((await runCli(['next-speaker', '--model', notModel, '--request', 'x'])).stderr).toMatch(
      /not a next-speaker model/,
    );
  });
});
