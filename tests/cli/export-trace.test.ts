import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'export-trace-'));
const trace = join(dir, 'run.jsonl');

beforeAll(async () => {
  const { code } = await runCli([
    'route',
    'Compare these three e-bikes and pick one',
    '--run',
    '--trace',
    trace,
  ]);
  expect(code).toBe(0);
});

describe('swarm export-trace', () => {
  it('writes OTLP/JSON spans and the Chrome trace', async () => {
    const otlp = join(dir, 'run.otlp.json');
    const done = await runCli([
      'export-trace',
      '--trace',
      trace,
      '--format',
      'otlp',
      '--out',
      otlp,
      '--start',
      '2026-11-25T00:00:00Z',
    ]);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^wrote .*run\.otlp\.json \(otlp, \d+ spans from \d+ events\)$/);
    const doc = JSON.parse(readFileSync(otlp, 'utf8'));
    const spans = doc.resourceSpans[0].scopeSpans[0].spans;
    expect(spans[0].name).toBe('invoke_agent orchestrator');
    expect(spans[0].startTimeUnixNano).toBe(`${Date.parse('2026-11-25T00:00:00Z')}000000`);
    const chrome = join(dir, 'run.chrome.json');
    expect(
      (await runCli(['export-trace', '--trace', trace, '--format', 'chrome', '--out', chrome])).code,
    ).toBe(0);
    expect(JSON.parse(readFileSync(chrome, 'utf8')).traceEvents.length).toBeGreaterThan(0);
  });

  it('says what is wrong and writes nothing', async () => {
    const out = join(dir, 'never.json');
    const missing = await runCli([
      'export-trace',
      '--trace',
      join(dir, 'nope.jsonl'),
      '--format',
      'otlp',
      '--out',
      out,
    ]);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toMatch(/nope\.jsonl: cannot read the trace \(no such file\)/);
    // OTLP times are unsigned: 1969 wrote a negative startTimeUnixNano.
    const early = await runCli([
      'export-trace',
      '--trace',
      trace,
      '--format',
      'otlp',
      '--out',
      out,
      '--start',
      '1969-07-20T20:17:00Z',
    ]);
    expect(early.code).toBe(2);
    expect(early.stderr).toMatch(/--start must be 1970-01-01T00:00:00Z or later/);
    const other = join(dir, 'other.jsonl');
    writeFileSync(
      other,
      `${readFileSync(trace, 'utf8').replace('swarmflight.trace/1', 'swarmflight.trace/0')}`,
    );
    expect(
      (await runCli(['export-trace', '--trace', other, '--format', 'otlp', '--out', out])).stderr,
    ).toMatch(/a trace of schema swarmflight\.trace\/0; this version reads swarmflight\.trace\/1/);
    const broken = join(dir, 'broken.jsonl');
    writeFileSync(broken, `${readFileSync(trace, 'utf8').split('\n').slice(0, 3).join('\n')}\n{not json\n`);
    expect(
      (await runCli(['export-trace', '--trace', broken, '--format', 'otlp', '--out', out])).stderr,
    ).toMatch(/broken\.jsonl:4: /);
    expect(
      (await runCli(['export-trace', '--trace', trace, '--format', 'zipkin', '--out', out])).stderr,
    ).toMatch(/--format/);
    expect(existsSync(out)).toBe(false);
  });
});
