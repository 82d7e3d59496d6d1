import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import type { TraceEvent } from '../../../src/core/trace/events';
import { earlyEnd, pathSummary, plannedWords } from '../../../src/ui/dag/path-summary';
import { foldTrace } from '../../../src/ui/model/replay';

/**
 * Issue 44, item 5: a wide search stopped at once read "critical path (red): 1 steps = 1 in 1
 * orchestrator step + 0 in subagents", through a cancelled node — the length of a task that never
 * ran, in bad grammar.
 */

const fan = graphOrThrow({
  kind: 'graph',
  id: 'fan',
  tasks: [
    { id: 'a', steps: 4, deps: [] },
    { id: 'b', steps: 4, deps: [] },
    { id: 'c', steps: 2, deps: ['a', 'b'] },
  ],
});

/** The run's trace, stopped (as the Stop button does) at the first event `stop` picks, if given. */
function trace(graph = fan, stop: (e: TraceEvent) => boolean = () => false): TraceEvent[] {
  const abort = new AbortController();
  const events: TraceEvent[] = [];
  simulate({
    graph,
    config: makeConfig({ seed: 1 }),
    policy: criticalPathPolicy,
    signal: abort.signal,
    onEvent: (e) => {
      events.push(e);
      if (stop(e)) abort.abort('stopped by the user');
    },
  });
  return events;
}

const summary = (events: TraceEvent[]) => pathSummary(foldTrace(events).realized, 8);

describe('the path summary of a run stopped before its tasks ended', () => {
  it('says it was stopped and when, instead of a critical path through the cancelled task', () => {
    // Stopped as its first subagents start, at step 1: as the page's wide search was.
    const events = trace(fan, (e) => e.type === 'task.started');
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', reason: 'aborted' });
    expect(summary(events)).toBe(
      "the run was stopped at step 1, before its tasks ended · red, what ran until then: 1 step = 1 in 1 orchestrator step + 0 in subagents · planned estimate (dashed): 8 steps, the plan's longest chain",
    );
  });

  it('still calls a whole run’s chain its critical path', () => {
    expect(summary(trace())).toBe(
      "critical path (red): 8 steps = 2 in 2 orchestrator steps + 6 in subagents · planned estimate (dashed): 8 steps, the plan's longest chain",
    );
  });

  it('counts one step as one step', () => {
    const one = graphOrThrow({ kind: 'graph', id: 'one', tasks: [{ id: 'x', steps: 0, deps: [] }] });
    expect(pathSummary(foldTrace(trace(one)).realized, 1)).toMatch(
      /^critical path \(red\): 1 step = .* planned estimate \(dashed\): 1 step, the plan's/,
    );
  });

  it("names one planned estimate, the cards' own, when the work over P is longer than the chain", () => {
    // Stress's card said "planned estimate 98" beside "planned (dashed): 95 steps, an estimate".
    expect(plannedWords(95, { value: 98, workers: 10 })).toBe(
      "planned (dashed): the plan's longest chain, 95 steps · planned estimate 98: its work over 10 subagents is longer",
    );
    expect(plannedWords(95, { value: 95, workers: 10 })).toBe(
      "planned estimate (dashed): 95 steps, the plan's longest chain",
    );
    expect(summary(trace())).toContain('planned estimate (dashed): 8 steps');
    expect(pathSummary(foldTrace(trace()).realized, 8, false, { value: 9, workers: 1 })).toMatch(
      / · planned estimate 9: its work over 1 subagent is longer$/,
    );
  });

  it('names each way a run ends early, and none for a run that ran its course', () => {
    expect(earlyEnd('aborted')).toBe('the run was stopped');
    expect(earlyEnd('budget:maxToolCalls')).toBe('the run stopped when its tool-call budget ran out');
    expect(earlyEnd('task-failed')).toBe('the run stopped when a task failed (fail-fast)');
    expect(earlyEnd('stalled')).toBe('the run stopped when its policy started nothing more');
    expect(earlyEnd('context-overflow')).toBe("the run stopped when the orchestrator's context overflowed");
    // The orchestration environment's episodes end 'done', 'budget' or 'overflow', at their end.
    for (const whole of ['completed', 'completed-with-failures', 'finished', 'done', 'budget', undefined])
      expect(earlyEnd(whole)).toBeUndefined();
  });
});
