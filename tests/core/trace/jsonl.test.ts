import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import { writtenMetrics } from '../../../src/core/trace/cost-alias';
import { decodeTrace, encodeTrace, withoutWallClock } from '../../../src/core/trace/jsonl';
import { computeMetrics } from '../../../src/core/trace/metrics';

//   plan ─┬─ a ─┬─ merge
//         └─ b ─┘        b fails half the time
const graph = graphOrThrow({
  kind: 'graph',
  id: 'fan',
  tasks: [
    { id: 'plan', steps: 1, deps: [] },
    { id: 'a', steps: 3, deps: ['plan'] },
    { id: 'b', steps: 2, deps: ['plan'], failProbability: 0.5 },
    { id: 'merge', steps: 1, deps: ['a', 'b'] },
  ],
});
const config = makeConfig({ seed: 4, budgets: { maxConcurrentSubagents: 2 } });
const run = simulate({ graph, config, policy: criticalPathPolicy, clock: { now: () => performance.now() } });
const text = encodeTrace(run.header, run.events);

describe('JSONL traces', () => {
  it('round-trips: header first, one event a line, the same metrics from the decoded events', () => {
    const lines = text.trimEnd().split('\n');
    expect(JSON.parse(lines[0] as string).schema).toBe('swarmflight.trace/1');
    expect(lines).toHaveLength(run.events.length + 1);
    const decoded = decodeTrace(text);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.header).toEqual(run.header);
    expect(decoded.events).toEqual(run.events);
    const again = computeMetrics(decoded.events.slice(0, -1), {
      prices: config.prices,
      mainStepCost: config.mainStepCost,
      maxCriticalSteps: config.budgets.maxCriticalSteps,
    });
    // The run hands out its metrics as written, with the old name of `cost` (cost-alias.ts).
    expect(writtenMetrics(again)).toEqual(run.metrics);
  });

  it('differs between two runs of one config and seed only in wall-clock fields', () => {
    const other = simulate({
      graph,
      config,
      policy: criticalPathPolicy,
      clock: { now: () => performance.now() * 2 },
    });
    expect(JSON.stringify(withoutWallClock(other.events))).toBe(JSON.stringify(withoutWallClock(run.events)));
  });

  it('never contains anything the header does not declare as config (no secrets: no free-form env)', () => {
    expect(Object.keys(run.header).sort()).toEqual(
      [
        'budgets',
        'failurePolicy',
        'join',
        'mainStepCost',
        'onBudgetExhausted',
        'policy',
        'profiles',
        'provider',
        'retry',
        'scenario',
        'schema',
        'seed',
      ].sort(),
    );
  });

  it('refuses a file that is not a trace, naming line 1', () => {
    const r = decodeTrace('{"hello":"world"}\n');
    expect(r).toEqual({
      ok: false,
      problems: [{ line: 1, message: expect.stringContaining('not a SwarmFlight trace header') }],
      badLines: 1,
    });
  });

  it('refuses a newer schema with a message that says so', () => {
    const newer = text.replace('swarmflight.trace/1', 'swarmflight.trace/9');
    const r = decodeTrace(newer);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]?.message).toMatch(/newer than this version reads/);
  });

  it('reports every bad line with its number', () => {
    const lines = text.trimEnd().split('\n');
    lines[2] = '{not json';
    lines[4] = JSON.stringify({ ...JSON.parse(lines[4] as string), type: 'task.teleported' });
    lines[6] = JSON.stringify({ ...JSON.parse(lines[6] as string), seq: 99 });
    const r = decodeTrace(lines.join('\n'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.line)).toEqual([3, 5, 7]);
    expect(r.problems[0]?.message).toMatch(/^not JSON/);
    expect(r.problems[1]?.message).toMatch(/unknown event type "task.teleported"/);
    expect(r.problems[2]?.message).toMatch(/"seq" is 99, expected/);
  });

  it('refuses an empty file and step-time that goes back', () => {
    expect(decodeTrace('')).toEqual({
      ok: false,
      problems: [{ line: 1, message: 'the file is empty' }],
      badLines: 1,
    });
    const lines = text.trimEnd().split('\n');
    const last = JSON.parse(lines.at(-1) as string);
    lines[lines.length - 1] = JSON.stringify({ ...last, t: -1 });
    const r = decodeTrace(lines.join('\n'));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.problems[0]).toEqual({ line: lines.length, message: expect.stringMatching(/never go back/) });
  });

  it('checks every event against its type: a line with the right envelope but wrong fields is refused', () => {
    const lines = text.trimEnd().split('\n');
    const started = JSON.parse(lines[1] as string);
    expect(started.type).toBe('run.started');
    lines[1] = JSON.stringify({ ...started, tasks: 'none' });
    const r = decodeTrace(lines.join('\n'));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.problems[0]?.message).toMatch(/a "run.started" event: "tasks" should be Array, got "none"/);
  });

  it('checks the header against the trace header shape, quoting a bad value shortly', () => {
    const lines = text.trimEnd().split('\n');
    const header = JSON.parse(lines[0] as string);
    lines[0] = JSON.stringify({ ...header, budgets: { maxSteps: 'x'.repeat(500) } });
    const r = decodeTrace(lines.join('\n'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]?.message).toMatch(/^the header: "budgets.maxSteps" should be/);
    expect(r.problems[0]?.message.length).toBeLessThan(160);
  });

  it('counts every bad line, however many, while keeping the first few problems', () => {
    const lines = text.trimEnd().split('\n');
    const bad = Array.from({ length: 1000 }, () => '{broken');
    const r = decodeTrace([lines[0], ...bad].join('\n'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.badLines).toBe(1000);
    expect(r.problems).toHaveLength(20);
  });
});
