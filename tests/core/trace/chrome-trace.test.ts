import { describe, expect, it } from 'vitest';
import type { GraphScenario } from '../../../src/core/graph/types';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig } from '../../../src/core/runtime/config';
import { graphExecutor } from '../../../src/core/runtime/graph-executor';
import type { SimulatedExecutor } from '../../../src/core/runtime/ports';
import { simulate } from '../../../src/core/runtime/simulate';
import { type ChromeTraceEvent, chromeTrace, US_PER_STEP } from '../../../src/core/trace/chrome-trace';
import type { TraceEvent } from '../../../src/core/trace/events';
import { scheduleFromEvents } from '../../../src/core/trace/schedule';
import { orchestrationEpisode } from '../../support/orchestration-episode';
import { chain, diamond } from '../graph/test-graphs';

/** Fails the attempts listed (as "task#attempt"), runs every other one as the graph executor does. */
const failing = (...attempts: string[]): SimulatedExecutor => ({
  simulate(request) {
    const outcome = graphExecutor.simulate(request);
    return attempts.includes(`${request.taskId}#${request.attempt}`)
      ? { ...outcome, ok: false, error: 'scripted failure' }
      : outcome;
  },
});

function run(graph: GraphScenario, fail: string[], wallStep = 3) {
  let ms = 0;
  return simulate({
    graph: graphOrThrow(graph),
    config: makeConfig({
      seed: 2,
      budgets: { maxConcurrentSubagents: 2 },
      retry: { maxAttempts: 3, backoffInitial: 1, degradeOffCriticalPath: false },
    }),
    policy: criticalPathPolicy,
    executor: failing(...fail),
    clock: { now: () => (ms += wallStep) },
  });
}

const byPh = (events: readonly ChromeTraceEvent[], ph: ChromeTraceEvent['ph']) =>
  events.filter((e) => e.ph === ph);
const ofType = <K extends TraceEvent['type']>(events: readonly TraceEvent[], type: K) =>
  events.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);

//      a[1]
//     /    \
//   b[2]   c[4]       b fails once, c twice: five attempts on two subagents.
//     \    /
//      d[1]
const r = run(diamond, ['b#1', 'c#1', 'c#2']);
const trace = chromeTrace(r.header, r.events);
const events = trace.traceEvents;

describe('chromeTrace', () => {
  it('is a valid JSON trace object with the time unit stated', () => {
    const text = JSON.stringify(trace);
    expect(JSON.parse(text)).toEqual(trace);
    expect(trace.displayTimeUnit).toBe('ms');
    expect(trace.metadata).toMatchObject({ scenario: { id: 'diamond' }, policy: 'critical-path', seed: 2 });
    for (const e of events) {
      expect(Number.isInteger(e.ts)).toBe(true);
      expect(e.pid).toBe(1);
    }
  });

  it('gives every subagent a thread of its own, named, the orchestrator thread 0, and the realized path one', () => {
    const spawned = ofType(r.events, 'subagent.spawned');
    expect(spawned.length).toBe(2);
    const names = byPh(events, 'M').filter((e) => e.name === 'thread_name');
    expect(names.map((e) => [e.tid, e.args?.name])).toEqual([
      [0, 'orchestrator'],
      ...spawned.map((s, i) => [i + 1, `${s.subagent} (${s.profile})`]),
      [1000, 'realized critical path'],
    ]);
  });

  it('draws the realized critical path link by link, end to end, from 0 to the run end', () => {
    const links = byPh(events, 'X').filter((e) => e.cat === 'critical-path');
    expect(links[0]?.ts).toBe(0);
    for (let k = 1; k < links.length; k++)
      expect(links[k]?.ts).toBe((links[k - 1]?.ts as number) + (links[k - 1]?.dur as number));
    const last = links.at(-1);
    expect((last?.ts as number) + (last?.dur as number)).toBe(r.metrics.criticalSteps * 1000);
  });

  it('draws every attempt, retries included, as one X slice on its subagent, at step-time × 1000 µs', () => {
    const tidOf = new Map(
      byPh(events, 'M')
        .filter((e) => e.name === 'thread_name')
        .map((e) => [String(e.args?.name).split(' ')[0], e.tid]),
    );
    const attempts = scheduleFromEvents(r.events);
    expect(attempts.map((a) => `${a.task}#${a.attempt}`)).toEqual([
      'a#1',
      'c#1',
      'b#1',
      'b#2',
      'c#2',
      'c#3',
      'd#1',
    ]);
    const slices = byPh(events, 'X').filter((e) => e.cat === 'task');
    expect(slices).toHaveLength(attempts.length);
    for (const a of attempts) {
      const slice = slices.find((s) => s.name === a.task && s.args?.attempt === a.attempt);
      expect(slice).toMatchObject({
        ts: a.start * US_PER_STEP,
        dur: (a.finish - a.start) * US_PER_STEP,
        tid: tidOf.get(a.worker),
        args: { outcome: a.outcome },
      });
    }
    const c1 = slices.find((s) => s.name === 'c' && s.args?.attempt === 1);
    expect(c1?.args).toMatchObject({
      outcome: 'failed',
      error: 'scripted failure',
      final: false,
      usage: { steps: 4, 'gen_ai.usage.input_tokens': 0 },
    });
    expect(c1?.cname).toBe('terrible');
    expect(byPh(events, 'i').filter((e) => e.name.startsWith('retry '))).toHaveLength(3);
  });

  it('puts each orchestrator step on thread 0, one main step long', () => {
    const steps = byPh(events, 'X').filter((e) => e.cat === 'orchestrator');
    const decisions = ofType(r.events, 'orchestrator.step');
    expect(steps.map((s) => [s.tid, s.ts, s.dur])).toEqual(
      decisions.map((e) => [0, e.t * US_PER_STEP, r.header.mainStepCost * US_PER_STEP]),
    );
  });

  it('draws a step that gives its own S_main (an orchestration episode) that long', () => {
    const episode = orchestrationEpisode(5);
    const slices = byPh(chromeTrace(episode.header, episode.events).traceEvents, 'X').filter(
      (e) => e.cat === 'orchestrator',
    );
    const decisions = ofType(episode.events, 'orchestrator.step');
    expect(decisions.length).toBeGreaterThan(1);
    expect(new Set(decisions.map((e) => e.main)).size).toBeGreaterThan(1);
    expect(slices.map((s) => s.dur)).toEqual(decisions.map((e) => (e.main as number) * US_PER_STEP));
  });

  it('draws one flow per dependency edge, from inside the dependency’s last attempt to inside the dependent’s first', () => {
    const starts = byPh(events, 's');
    const ends = byPh(events, 'f');
    expect(starts.map((e) => e.name).sort()).toEqual(['a → b', 'a → c', 'b → d', 'c → d']);
    expect(ends.map((e) => e.id).sort()).toEqual(starts.map((e) => e.id).sort());
    expect(new Set(starts.map((e) => e.id)).size).toBe(4);
    const slices = byPh(events, 'X').filter((e) => e.cat === 'task');
    const inside = (e: ChromeTraceEvent, s: ChromeTraceEvent | undefined) =>
      s !== undefined && e.tid === s.tid && s.ts <= e.ts && e.ts <= s.ts + (s.dur ?? 0);
    for (const s of starts) {
      const [from, to] = s.name.split(' → ');
      const f = ends.find((e) => e.id === s.id) as ChromeTraceEvent;
      expect(f).toMatchObject({ name: s.name, cat: s.cat, bp: 'e' });
      const lastOfFrom = slices.filter((x) => x.name === from).at(-1);
      const firstOfTo = slices.find((x) => x.name === to);
      expect(inside(s, lastOfFrom)).toBe(true);
      expect(inside(f, firstOfTo)).toBe(true);
      expect(s.ts).toBeLessThan(f.ts);
    }
  });

  it('draws no flow into a task that never ran', () => {
    // a fails for good (3 attempts), so b and c are skipped: neither edge has a second end.
    const failed = run(chain, ['a#1', 'a#2', 'a#3']);
    const t = chromeTrace(failed.header, failed.events);
    expect(byPh(t.traceEvents, 's')).toEqual([]);
    expect(byPh(t.traceEvents, 'f')).toEqual([]);
    expect(byPh(t.traceEvents, 'i').map((e) => e.name)).toEqual([
      'retry a',
      'retry a',
      'skip b',
      'skip c',
      'run completed-with-failures',
    ]);
  });

  it('is deterministic, and wall-clock time moves only args', () => {
    expect(JSON.stringify(chromeTrace(r.header, r.events))).toBe(JSON.stringify(trace));
    const slower = run(diamond, ['b#1', 'c#1', 'c#2'], 11);
    const other = chromeTrace(slower.header, slower.events).traceEvents;
    const strip = (list: readonly ChromeTraceEvent[]) => list.map(({ args: _, ...e }) => e);
    expect(strip(other)).toEqual(strip(events));
    expect(other).not.toEqual(events);
  });

  it('draws an attempt the trace never ends up to its last step-time', () => {
    const cut = r.events.filter((e) => !(e.type === 'task.finished' && e.task === 'd'));
    const d = chromeTrace(r.header, cut).traceEvents.find((e) => e.ph === 'X' && e.name === 'd');
    const lastT = (cut.at(-1) as TraceEvent).t;
    expect(d).toMatchObject({ args: { outcome: 'unfinished' } });
    expect((d?.ts ?? 0) + (d?.dur ?? 0)).toBe(lastT * US_PER_STEP);
  });
});
