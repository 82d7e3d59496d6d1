import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig, type RunConfigInput } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import type { TraceEvent } from '../../../src/core/trace/events';
import { realizedLowerBound } from '../../../src/core/trace/realized-bound';
import { RealizedFold, realizedPath } from '../../../src/core/trace/realized-path';
import { diamond, scenario, task } from '../graph/test-graphs';

const runOf = (graph = diamond, config: RunConfigInput = {}) =>
  simulate({ graph: graphOrThrow(graph), config: makeConfig(config), policy: criticalPathPolicy });

const describePath = (events: readonly TraceEvent[], m = 1) =>
  realizedPath(events, m).nodes.map((n) =>
    n.kind === 'main'
      ? `main${n.step}@${n.start}`
      : n.kind === 'task'
        ? `${n.task}@${n.start}-${n.end}`
        : `${n.kind}@${n.start}-${n.end}`,
  );

describe('the realized critical path', () => {
  it('runs through the slow branch of a diamond and the orchestrator step before each task', () => {
    // a[1] → b[2], c[4] → d[1], S_main 1: 1 + 1, then 1 + 4, then 1 + 1 = 9.
    const r = runOf();
    expect(r.metrics.criticalSteps).toBe(9);
    expect(describePath(r.events)).toEqual(['main1@0', 'a@1-2', 'main2@2', 'c@3-7', 'main4@7', 'd@8-9']);
  });

  it('goes through a failed attempt and its backoff when a retry is what the run waited for', () => {
    const graph = scenario('flaky', [{ ...task('x', 2), failProbability: 0.999 }]);
    const r = runOf(graph, {
      seed: 3,
      failurePolicy: 'continue',
      retry: { maxAttempts: 2, backoffInitial: 3, backoffFactor: 1, backoffMax: 3 },
    });
    const path = describePath(r.events);
    expect(path).toEqual(['main1@0', 'x@1-3', 'backoff@3-6', 'main3@6', 'x@7-9']);
    expect(realizedPath(r.events, 1).length).toBe(r.metrics.criticalSteps);
  });

  it('stops where a cancelled run stopped', () => {
    const stop = new AbortController();
    const r = simulate({
      graph: graphOrThrow(diamond),
      config: makeConfig({}),
      policy: criticalPathPolicy,
      // Stopped by the user when b finishes, while c still runs.
      onEvent: (e) => {
        if (e.type === 'task.finished' && e.task === 'b') stop.abort('stopped');
      },
      signal: stop.signal,
    });
    const path = realizedPath(r.events, 1);
    expect(r.reason).toBe('aborted');
    expect(path.length).toBe(r.metrics.criticalSteps);
    expect(path.nodes.at(-1)).toMatchObject({ kind: 'task', task: 'c', outcome: 'cancelled', end: 5 });
  });

  it('takes a step’s own S_main when the step gives one (the orchestration environment’s steps differ)', () => {
    const idle = {
      ready: 0,
      running: 0,
      waiting: 0,
      done: 0,
      failed: 0,
      skipped: 0,
      idleSubagents: 0,
      subagents: 0,
    };
    const stepAt = (t: number, step: number, main: number) => ({
      type: 'orchestrator.step' as const,
      t,
      step,
      main,
      observation: idle,
      actions: [],
      invalid: [],
      rewardProxy: 0,
      nextObservation: idle,
    });
    const usage = { steps: 2, 'gen_ai.usage.input_tokens': 0 } as never;
    const events = [
      { type: 'run.started', t: 0, workers: 4, tasks: [{ id: 'x', steps: 2, deps: [] }] },
      stepAt(0, 1, 3),
      { type: 'task.assigned', t: 0, task: 'x', subagent: 's1', attempt: 1 },
      { type: 'task.started', t: 3, task: 'x', subagent: 's1', attempt: 1 },
      { type: 'task.finished', t: 5, task: 'x', subagent: 's1', attempt: 1, usage },
      stepAt(5, 2, 2),
      { type: 'run.finished', t: 7, reason: 'done', metrics: {} },
    ].map((e, seq) => ({ ...e, seq, wallMs: 0 })) as TraceEvent[];
    // The header's cost of a step (1 here) is only the default: each step here says its own.
    expect(describePath(events, 1)).toEqual(['main1@0', 'x@3-5', 'main2@5']);
    const path = realizedPath(events, 1);
    expect(path.length).toBe(7);
    expect(path.nodes.map((n) => n.end - n.start)).toEqual([3, 2, 2]);
    const fold = new RealizedFold(1);
    for (const e of events) fold.push(e);
    expect(fold.stages().map((st) => [st.main, st.maxSub])).toEqual([
      [3, 2],
      [2, 0],
    ]);
  });

  it('says why when the trace has no orchestrator steps (an older or hand-made trace)', () => {
    const r = runOf();
    const path = realizedPath(
      r.events.filter((e) => e.type !== 'orchestrator.step'),
      1,
    );
    expect(path.nodes).toEqual([]);
    expect(path.unavailable).toMatch(/no orchestrator\.step events/);
  });
});

describe('the realized lower bound', () => {
  it('is the longest chain of S_main + realized steps, or the work over P, whichever is larger', () => {
    const r = runOf();
    const f = new RealizedFold(1);
    for (const e of r.events) f.push(e);
    // Chain a, c, d: (1 + 1) + (1 + 4) + (1 + 1) = 9; work (2 + 3 + 5 + 2) / 100 → 1.
    expect(realizedLowerBound(f, 1)).toBe(9);
    const one = runOf(diamond, { budgets: { maxConcurrentSubagents: 1 } });
    const g = new RealizedFold(1);
    for (const e of one.events) g.push(e);
    // One subagent: all 12 steps of occupancy in a row.
    expect(realizedLowerBound(g, 1)).toBe(12);
    expect(one.metrics.criticalSteps).toBeGreaterThanOrEqual(12);
  });
});
