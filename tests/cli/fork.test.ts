import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';

/**
 * `swarm fork` (issue 44, "fork any decision"): a run made again from its trace, then once more
 * under another policy from one orchestrator step on. The prefix before that step is the
 * original's, event for event; what follows is the other policy's.
 */
const dir = mkdtempSync(join(tmpdir(), 'fork-'));
let trace = '';

const withoutWall = (text: string) => {
  const decoded = decodeTrace(text);
  if (!decoded.ok) throw new Error('not a trace');
  return decoded.events.map((e) =>
    JSON.stringify(
      e.type === 'run.finished'
        ? { ...e, wallMs: 0, metrics: { ...e.metrics, wallClockMs: 0 } }
        : { ...e, wallMs: 0 },
    ),
  );
};

beforeAll(async () => {
  // A deep search under the heuristic: several orchestrator steps, one per hop that ends.
  const r = await runCli([
    'bench',
    '--scenario',
    'deep-search',
    '--policies',
    'heuristic',
    '--seeds',
    '1',
    '--trace-dir',
    dir,
  ]);
  expect(r.code).toBe(0);
  trace = join(dir, readdirSync(dir).find((f) => f.endsWith('.jsonl')) as string);
}, 60_000);

describe('swarm fork', () => {
  it('keeps the prefix before the fork step event for event, and runs the other policy after it', async () => {
    const out = join(dir, 'forked.jsonl');
    const r = await runCli([
      'fork',
      '--trace',
      trace,
      '--at',
      '2',
      '--policy',
      'serial',
      '--out',
      out,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.original.policy).toBe('heuristic');
    expect(report.fork.policy).toBe('serial');
    const original = withoutWall(readFileSync(trace, 'utf8'));
    const forked = withoutWall(readFileSync(out, 'utf8'));
    expect(report.prefixEvents).toBeGreaterThan(0);
    expect(forked.slice(0, report.prefixEvents)).toEqual(original.slice(0, report.prefixEvents));
    // Serial from step 2 launches one task at a time: the runs differ from there, and it is slower.
    expect(report.firstDifference.step).toBe(2);
    expect(report.fork.metrics.criticalSteps).toBeGreaterThan(report.original.metrics.criticalSteps);
  }, 60_000);

  it('says so, in words and with exit 2, when it cannot fork', async () => {
    const steps = readFileSync(trace, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"orchestrator.step"')).length;
    const late = await runCli(['fork', '--trace', trace, '--at', String(steps + 1), '--policy', 'serial']);
    expect(late.code).toBe(2);
    expect(late.stderr).toContain(
      `the run has orchestrator steps 1 to ${steps}; cannot fork at step ${steps + 1}`,
    );

    // A trace whose header this build does not turn into the same run (another seed written in).
    const lines = readFileSync(trace, 'utf8').split('\n');
    const header = JSON.parse(lines[0] as string);
    const tampered = join(dir, 'tampered.jsonl');
    writeFileSync(
      tampered,
      [JSON.stringify({ ...header, seed: header.seed + 1 }), ...lines.slice(1)].join('\n'),
    );
    const other = await runCli(['fork', '--trace', tampered, '--at', '1', '--policy', 'serial']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(
      /does not make the same run from the trace's header: the runs part at event \d+/,
    );

    const real = join(dir, 'real.jsonl');
    writeFileSync(
      real,
      [JSON.stringify({ ...header, provider: 'openai:some-model' }), ...lines.slice(1)].join('\n'),
    );
    const model = await runCli(['fork', '--trace', real, '--at', '1', '--policy', 'serial']);
    expect(model.code).toBe(2);
    expect(model.stderr).toContain(
      'its replies answer again up to the fork, and after it --provider answers',
    );

    const unknown = await runCli(['fork', '--trace', trace, '--at', '1', '--policy', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--policy: "nope" is not a policy (one of: ');
  }, 60_000);
});
