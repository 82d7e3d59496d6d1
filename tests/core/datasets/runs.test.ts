import { describe, expect, it } from 'vitest';
import { decodeTraceFiles, readDatasetRun, readDatasetRuns } from '../../../src/core/datasets/runs';
import { readTeamPlan } from '../../../src/core/router/plan';
import { encodeTrace } from '../../../src/core/trace/jsonl';
import { benchTraceDir, withMetrics } from './logged';

describe('dataset runs from logged traces', () => {
  it('read the request, the plan the policy implies, and how the run did', async () => {
    const { traces } = await benchTraceDir();
    const { runs, skipped } = readDatasetRuns(traces);
    expect(skipped).toEqual({});
    expect(runs).toHaveLength(traces.length);
    const byPolicy = (scenario: string, policy: string) =>
      runs.find((r) => r.source === `${scenario}-${policy}-seed1.jsonl`);
    expect(byPolicy('write-story', 'serial')?.plan).toMatchObject({
      topology: 'single',
      workers: ['Writer'],
    });
    expect(byPolicy('write-story', 'heuristic')?.plan).toMatchObject({
      topology: 'swarm',
      manager_role: 'Editor',
    });
    expect(byPolicy('compare-options', 'peers')?.plan).toMatchObject({
      topology: 'peers',
      manager_role: null,
    });
    for (const run of runs) {
      expect(readTeamPlan(run.plan).ok).toBe(true);
      expect(run.planFrom).toBe('policy');
      expect(run.request.length).toBeGreaterThan(20);
      expect(Number.isFinite(run.reward) && Number.isFinite(run.quality) && run.criticalSteps > 0).toBe(true);
    }
    const serial = byPolicy('write-story', 'serial');
    expect(serial?.workflow).toBe('write-story');
    expect(serial?.success).toBe(true);
  });

  it('take the header plan when a plan chose the team', async () => {
    const [trace] = (await benchTraceDir()).traces;
    if (!trace) throw new Error('no trace');
    const plan = {
      thought: 'One writer is enough.',
      topology: 'single',
      manager_role: null,
      workers: ['Bard'],
    } as const;
    const reading = readDatasetRun({ ...trace, header: { ...trace.header, policy: 'heuristic', plan } });
    expect(reading.ok && reading.run.plan).toEqual(plan);
    expect(reading.ok && reading.run.planFrom).toBe('header');
  });

  it('skip what is no finished task run with a request, and count why', async () => {
    const [trace] = (await benchTraceDir()).traces;
    if (!trace) throw new Error('no trace');
    const h = trace.header;
    const cases = [
      { ...trace, header: { ...h, scenario: { ...h.scenario, kind: 'graph' } } },
      { ...trace, header: { ...h, query: '  ' } },
      { ...trace, header: { ...h, scenario: { ...h.scenario, kind: 'orchestration' } } },
      { ...trace, events: trace.events.slice(0, -1) },
      withMetrics(trace, { reward: Number.NaN }),
      {
        ...trace,
        header: { ...h, plan: { thought: 'x', topology: 'swarm', manager_role: null, workers: ['A'] } },
      },
      { ...trace, header: { ...h, schema: 'swarmflight.trace/2' } },
    ] as const;
    const { runs, skipped } = readDatasetRuns(cases as never);
    expect(runs).toEqual([]);
    expect(skipped).toEqual({
      graph: 1,
      'no-query': 1,
      'unknown-kind': 1,
      unfinished: 2,
      'bad-plan': 1,
      schema: 1,
    });
  });

  it('decode files in name order, setting apart traces of another schema version and unreadable ones', async () => {
    const [trace] = (await benchTraceDir()).traces;
    if (!trace) throw new Error('no trace');
    const text = encodeTrace(trace.header, trace.events);
    const decoded = decodeTraceFiles([
      { name: 'b.jsonl', text },
      { name: 'c.jsonl', text: text.replace('swarmflight.trace/1', 'swarmflight.trace/2') },
      { name: 'a.jsonl', text: `${text}{"oops"\n` },
      { name: 'd.jsonl', text: '' },
    ]);
    expect(decoded.traces.map((t) => t.name)).toEqual(['b.jsonl']);
    expect(decoded.otherSchema).toEqual([{ name: 'c.jsonl', schema: 'swarmflight.trace/2' }]);
    expect(decoded.unreadable.map((u) => [u.name, u.line])).toEqual([
      ['a.jsonl', trace.events.length + 2],
      ['d.jsonl', 1],
    ]);
  });
});
