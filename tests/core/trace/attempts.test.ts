import { describe, expect, it } from 'vitest';
import { randomGraph } from '../../../src/core/graph/generate';
import type { GraphScenario } from '../../../src/core/graph/types';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig, type RunConfigInput } from '../../../src/core/runtime/config';
import { graphExecutor } from '../../../src/core/runtime/graph-executor';
import type { SimulatedExecutor } from '../../../src/core/runtime/ports';
import { simulate } from '../../../src/core/runtime/simulate';
import { AttemptFold, foldAttempts } from '../../../src/core/trace/attempts';
import { chromeTrace } from '../../../src/core/trace/chrome-trace';
import type { TraceEvent } from '../../../src/core/trace/events';
import { scheduleFromEvents } from '../../../src/core/trace/schedule';
import { scenario, task } from '../graph/test-graphs';

const failing = (...attempts: string[]): SimulatedExecutor => ({
  simulate(request) {
    const outcome = graphExecutor.simulate(request);
    return attempts.includes(`${request.taskId}#${request.attempt}`)
      ? { ...outcome, ok: false, error: 'scripted failure' }
      : outcome;
  },
});

const run = (graph: GraphScenario, config: RunConfigInput, executor?: SimulatedExecutor) =>
  simulate({
    graph: graphOrThrow(graph),
    config: makeConfig(config),
    policy: criticalPathPolicy,
    ...(executor ? { executor } : {}),
  });

/** The trace as a version before `task.ready` would have written it. */
const older = (events: readonly TraceEvent[]) => events.filter((e) => e.type !== 'task.ready');

describe('the attempt fold', () => {
  it('folds each attempt from its start to its end, with the events at both ends', () => {
    const r = run(
      scenario('retry', [task('a', 2), task('b', 1, ['a'])]),
      { mainStepCost: 0, retry: { maxAttempts: 2, backoffInitial: 1 } },
      failing('a#1'),
    );
    const fold = foldAttempts(r.events);
    expect(fold.attempts).toEqual([
      {
        task: 'a',
        subagent: 'sa-1',
        attempt: 1,
        start: 0,
        end: 2,
        outcome: 'failed',
        error: 'scripted failure',
      },
      { task: 'a', subagent: 'sa-1', attempt: 2, start: 3, end: 5, outcome: 'finished' },
      { task: 'b', subagent: 'sa-1', attempt: 1, start: 5, end: 6, outcome: 'finished' },
    ]);
    expect(fold.starts.map((e) => e.type)).toEqual(['task.started', 'task.started', 'task.started']);
    expect(fold.ends.map((e) => e?.type)).toEqual(['task.failed', 'task.finished', 'task.finished']);
    expect([...fold.states]).toEqual([
      ['a', 'done'],
      ['b', 'done'],
    ]);
    expect([...fold.deps]).toEqual([
      ['a', []],
      ['b', ['a']],
    ]);
  });

  it('leaves an attempt the trace never ends running, and says which events ended one', () => {
    const fold = new AttemptFold();
    const base = (seq: number, t: number) => ({ seq, t, wallMs: 0 });
    const a = { id: 'a', steps: 1, deps: [] };
    expect(fold.push({ ...base(0, 0), type: 'run.started', workers: 1, tasks: [a] })).toBe(false);
    expect(fold.push({ ...base(1, 0), type: 'task.ready', task: 'a' })).toBe(false);
    expect(fold.push({ ...base(2, 1), type: 'task.started', task: 'a', subagent: 'sa-1', attempt: 1 })).toBe(
      false,
    );
    expect(fold.attempts).toMatchObject([{ task: 'a', end: undefined, outcome: 'running' }]);
    expect(fold.push({ ...base(3, 1), type: 'task.cancelled', task: 'a', reason: 'x', attempt: 2 })).toBe(
      false,
    );
    expect(fold.push({ ...base(4, 2), type: 'task.cancelled', task: 'a', reason: 'x', attempt: 1 })).toBe(
      true,
    );
    expect(fold.attempts).toMatchObject([{ task: 'a', end: 2, outcome: 'cancelled' }]);
    expect(fold.states.get('a')).toBe('cancelled');
  });

  it('takes readiness from task.ready: under `continue`, a failed task frees its dependents', () => {
    const r = run(
      scenario('continue', [task('a', 1), task('b', 1, ['a'])]),
      { mainStepCost: 1, failurePolicy: 'continue', retry: { maxAttempts: 1 } },
      failing('a#1'),
    );
    const failed = r.events.find((e) => e.type === 'task.failed') as TraceEvent;
    const ready = r.events.find((e) => e.type === 'task.ready' && e.task === 'b') as TraceEvent;
    expect(ready.seq).toBe(failed.seq + 1);
    expect(foldAttempts(r.events, failed.seq).states.get('b')).toBe('waiting');
    expect(foldAttempts(r.events, ready.seq).states.get('b')).toBe('ready');
    // An older trace never said so: b waits until it starts, as the page always showed it.
    expect(foldAttempts(older(r.events), ready.seq).states.get('b')).toBe('waiting');
  });

  it('folds an older trace (no task.ready) to the same states at every event, deriving readiness', () => {
    for (const seed of [1, 2, 3]) {
      const graph = randomGraph({ tasks: 40, seed, method: 'layrprob', failProbability: 0.3 });
      const r = run(graph, { seed, budgets: { maxConcurrentSubagents: 3 } });
      const old = older(r.events);
      expect(old.length).toBeLessThan(r.events.length);
      for (const e of old) {
        expect(foldAttempts(old, e.seq).states).toEqual(foldAttempts(r.events, e.seq).states);
      }
      expect(scheduleFromEvents(old)).toEqual(scheduleFromEvents(r.events));
      expect(chromeTrace(r.header, old)).toEqual(chromeTrace(r.header, r.events));
    }
  });
});
