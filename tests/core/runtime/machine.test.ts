import { describe, expect, it } from 'vitest';
import type { GraphScenario } from '../../../src/core/graph/types';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { fillSlots } from '../../../src/core/policy/list-scheduling';
import type { Action, Policy, PolicyContext, RunView } from '../../../src/core/policy/types';
import { makeConfig, type RunConfigInput } from '../../../src/core/runtime/config';
import { graphExecutor } from '../../../src/core/runtime/graph-executor';
import type { SimulatedExecutor, ToolPort } from '../../../src/core/runtime/ports';
import { simulate } from '../../../src/core/runtime/simulate';
import type { TraceEvent } from '../../../src/core/trace/events';
import { decodeTrace, encodeTrace } from '../../../src/core/trace/jsonl';
import { type ScheduleEntry, scheduleFromEvents } from '../../../src/core/trace/schedule';
import { diamond, scenario, task, twoChains } from '../graph/test-graphs';

// Exact scenarios on small graphs, every number worked out by hand from the drawings. Times are
// in step-time; an attempt assigned at decision time t starts at t + mainStepCost (S_main).

type Extra = { executor?: SimulatedExecutor; tools?: ToolPort; policy?: Policy };

function runOn(input: GraphScenario, config: RunConfigInput, extra: Extra = {}) {
  const result = simulate({
    graph: graphOrThrow(input),
    config: makeConfig(config),
    policy: extra.policy ?? criticalPathPolicy,
    ...(extra.executor ? { executor: extra.executor } : {}),
    ...(extra.tools ? { tools: extra.tools } : {}),
  });
  return {
    ...result,
    /** One line per attempt, in start order: "task#attempt worker [start,finish) outcome". */
    schedule: scheduleFromEvents(result.events).map(row),
    /** The step-time of every orchestrator decision. */
    decisions: ofType(result.events, 'orchestrator.step').map((e) => e.t),
  };
}

const row = (e: ScheduleEntry) => `${e.task}#${e.attempt} ${e.worker} [${e.start},${e.finish}) ${e.outcome}`;

const ofType = <K extends TraceEvent['type']>(events: readonly TraceEvent[], type: K) =>
  events.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);

/** Fails the attempts listed (as "task#attempt"), runs every other one as the graph executor does. */
const failing = (...attempts: string[]): SimulatedExecutor => ({
  simulate(request) {
    const outcome = graphExecutor.simulate(request);
    return attempts.includes(`${request.taskId}#${request.attempt}`)
      ? { ...outcome, ok: false, error: 'scripted failure' }
      : outcome;
  },
});

/**
 * A hand-written policy: `script` gives the actions of decision k (from 1); decisions past the
 * script, or where it returns undefined, fill free slots the way list scheduling does.
 */
function scripted(
  script: (view: RunView, k: number) => Action[] | undefined,
  prioritize: (ctx: PolicyContext) => Float64Array = (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
): Policy {
  let k = 0;
  return {
    name: 'scripted',
    prioritize,
    decide: (view) => script(view, ++k) ?? fillSlots(view, view.freeSlots, 'medium'),
  };
}

describe('the diamond under both join modes (S_main = 1, P = 2)', () => {
  //      a[1]
  //     /    \
  //   b[2]   c[4]
  //     \    /
  //      d[1]
  // t 0: decide a → a runs [1, 2).  t 2: decide c (bottom level 5 + 2·1) and b → both start at 3;
  // b ends at 5, c at 7.  t 7: decide d → d runs [8, 9).  Critical steps 9 = (1+1) + (1+4) + (1+1).
  const expected = [
    'a#1 sa-1 [1,2) finished',
    'c#1 sa-1 [3,7) finished',
    'b#1 sa-2 [3,5) finished',
    'd#1 sa-1 [8,9) finished',
  ];

  it('async: the orchestrator also wakes when b ends, and finds nothing to do', () => {
    const r = runOn(diamond, { join: 'async', mainStepCost: 1, budgets: { maxConcurrentSubagents: 2 } });
    expect(r.reason).toBe('completed');
    expect(r.schedule).toEqual(expected);
    expect(r.decisions).toEqual([0, 2, 5, 7]);
    expect(ofType(r.events, 'orchestrator.step')[2]?.actions).toEqual([]);
    expect(r.metrics.criticalSteps).toBe(9);
    expect(r.metrics.barrierWaste).toBe(0);
    // Busy step-time 1 + 4 + 2 + 1 = 8 over 9 steps.
    expect(r.metrics.avgParallelism).toBeCloseTo(8 / 9, 12);
    expect(r.metrics.spawnCount).toBe(2);
  });

  it('barrier: one decision per stage, critical steps by the formula Σ (S_main + slowest)', () => {
    const r = runOn(diamond, { join: 'barrier', mainStepCost: 1, budgets: { maxConcurrentSubagents: 2 } });
    expect(r.reason).toBe('completed');
    expect(r.schedule).toEqual(expected);
    expect(r.decisions).toEqual([0, 2, 7]);
    expect(r.metrics.criticalSteps).toBe(9);
    expect(r.metrics.barrierWaste).toBe(0);
  });

  it('two chains show the barrier waste: async 7, barrier 8', () => {
    //   a1[2]    b1[1]
    //     |        |
    //   a2[2]    b2[4]
    // Bottom levels with S_main 1: b1 7, a1 6, b2 5, a2 3.
    // async:   t 0 decide b1, a1 → [1,2) and [1,3).  t 2 decide b2 → [3,7).  t 3 decide a2 → [4,6)
    //          on sa-2, the subagent a1 just left.
    // barrier: t 0 the same.  t 3 (stage over) decide b2, a2 → [4,8) and [4,6).  (1+2) + (1+4) = 8.
    const config = { mainStepCost: 1, budgets: { maxConcurrentSubagents: 2 } };
    const async = runOn(twoChains, { ...config, join: 'async' });
    expect(async.schedule).toEqual([
      'b1#1 sa-1 [1,2) finished',
      'a1#1 sa-2 [1,3) finished',
      'b2#1 sa-1 [3,7) finished',
      'a2#1 sa-2 [4,6) finished',
    ]);
    expect(async.metrics.criticalSteps).toBe(7);
    expect(async.metrics.barrierWaste).toBe(0);
    const barrier = runOn(twoChains, { ...config, join: 'barrier' });
    expect(barrier.schedule).toEqual([
      'b1#1 sa-1 [1,2) finished',
      'a1#1 sa-2 [1,3) finished',
      'b2#1 sa-1 [4,8) finished',
      'a2#1 sa-2 [4,6) finished',
    ]);
    expect(barrier.decisions).toEqual([0, 3]);
    expect(barrier.metrics.criticalSteps).toBe(8);
    // Without the waits, b2 could have started one step after b1: 2 + 1 + 4 = 7.
    expect(barrier.metrics.barrierWaste).toBe(1);
  });
});

describe('retries', () => {
  it('waits out the backoff before each new attempt: min(max, initial · factor^(k−1))', () => {
    //   a[2]
    //    |
    //   b[1]       a fails on attempts 1 and 2; S_main 1; backoff 2, ×2, at most 8.
    // t 0 decide a#1 → [1,3) fails; retry due at 3 + 2 = 5.  t 3 a decision with nothing to do.
    // t 5 decide a#2 → [6,8) fails; retry due at 8 + 4 = 12.  t 8 nothing to do.
    // t 12 decide a#3 → [13,15) ok.  t 15 decide b → [16,17).
    const chain = scenario('retry', [task('a', 2), task('b', 1, ['a'])]);
    const r = runOn(
      chain,
      { mainStepCost: 1, retry: { maxAttempts: 3, backoffInitial: 2, backoffFactor: 2, backoffMax: 8 } },
      { executor: failing('a#1', 'a#2') },
    );
    expect(r.reason).toBe('completed');
    expect(r.schedule).toEqual([
      'a#1 sa-1 [1,3) failed',
      'a#2 sa-1 [6,8) failed',
      'a#3 sa-1 [13,15) finished',
      'b#1 sa-1 [16,17) finished',
    ]);
    expect(
      ofType(r.events, 'task.retried').map(({ t, attempt, readyAt }) => ({ t, attempt, readyAt })),
    ).toEqual([
      { t: 3, attempt: 2, readyAt: 5 },
      { t: 8, attempt: 3, readyAt: 12 },
    ]);
    expect(ofType(r.events, 'task.failed').map((e) => e.final)).toEqual([false, false]);
    expect(r.decisions).toEqual([0, 3, 5, 8, 12, 15]);
    expect(r.metrics.criticalSteps).toBe(17);
    expect(r.metrics.retryCount).toBe(2);
  });

  it('caps the backoff at backoffMax and gives up after maxAttempts', () => {
    // a[1] always fails; S_main 0; backoff 3, ×3, at most 5: waits 3 then min(5, 9) = 5.
    // a#1 [0,1) → due 4; a#2 [4,5) → due 10; a#3 [10,11) fails for good.
    const r = runOn(
      scenario('give-up', [task('a', 1), task('b', 1, ['a'])]),
      {
        mainStepCost: 0,
        failurePolicy: 'skip-dependents',
        retry: { maxAttempts: 3, backoffInitial: 3, backoffFactor: 3, backoffMax: 5 },
      },
      { executor: failing('a#1', 'a#2', 'a#3') },
    );
    expect(r.schedule).toEqual(['a#1 sa-1 [0,1) failed', 'a#2 sa-1 [4,5) failed', 'a#3 sa-1 [10,11) failed']);
    expect(ofType(r.events, 'task.failed').map((e) => e.final)).toEqual([false, false, true]);
    expect(ofType(r.events, 'task.skipped')).toMatchObject([{ task: 'b', cause: 'a', t: 11 }]);
    expect(r.reason).toBe('completed-with-failures');
    expect(r.metrics.criticalSteps).toBe(11);
  });
});

describe('degrading off the critical path', () => {
  // The diamond with S_main 1: b has slack 2, c has none. Both declare a default.
  const withDefaults = scenario('diamond-defaults', [
    task('a', 1),
    { ...task('b', 2, ['a']), default: null },
    { ...task('c', 4, ['a']), default: null },
    task('d', 1, ['b', 'c']),
  ]);
  const config = { mainStepCost: 1, budgets: { maxConcurrentSubagents: 2 }, retry: { maxAttempts: 3 } };

  it('takes the default of a failed task with slack at once: no retry, no delay', () => {
    const r = runOn(withDefaults, config, { executor: failing('b#1') });
    expect(r.reason).toBe('completed');
    expect(r.schedule).toEqual([
      'a#1 sa-1 [1,2) finished',
      'c#1 sa-1 [3,7) finished',
      'b#1 sa-2 [3,5) failed',
      'd#1 sa-1 [8,9) finished',
    ]);
    expect(ofType(r.events, 'task.failed')).toMatchObject([{ task: 'b', final: false, t: 5 }]);
    expect(ofType(r.events, 'task.degraded')).toMatchObject([{ task: 'b', attempt: 1, t: 5 }]);
    expect(r.metrics.retryCount).toBe(0);
    expect(r.metrics.criticalSteps).toBe(9);
    expect(r.metrics.successRate).toBe(1);
  });

  it('retries a failed task on the critical path even when it declares a default', () => {
    // c#1 fails at 7 and is retried (backoff 1, due 8): c#2 [9,13), then d [14,15).
    const r = runOn(withDefaults, config, { executor: failing('c#1') });
    expect(ofType(r.events, 'task.degraded')).toEqual([]);
    expect(r.schedule.slice(2)).toEqual([
      'b#1 sa-2 [3,5) finished',
      'c#2 sa-1 [9,13) finished',
      'd#1 sa-1 [14,15) finished',
    ]);
    expect(r.metrics.criticalSteps).toBe(15);
  });

  it('retries instead when degradeOffCriticalPath is off, and the retry delays d', () => {
    // b#1 fails at 5, due at 6: b#2 runs [7,9), past c's end at 7, so d waits: [10,11).
    const r = runOn(
      withDefaults,
      { ...config, retry: { maxAttempts: 3, degradeOffCriticalPath: false } },
      { executor: failing('b#1') },
    );
    expect(ofType(r.events, 'task.degraded')).toEqual([]);
    expect(r.schedule.slice(3)).toEqual(['b#2 sa-2 [7,9) finished', 'd#1 sa-1 [10,11) finished']);
    expect(r.metrics.criticalSteps).toBe(11);
    expect(r.metrics.retryCount).toBe(1);
  });
});

describe('fail-fast', () => {
  it('cancels running work and everything not started when a task fails for good', () => {
    //   a[1]   b[5]       a always fails, one attempt; S_main 1, P 2.
    //    |                Bottom levels: b 6, a 4, c 2 → b on sa-1, a on sa-2, both from 1.
    //   c[1]              a fails at 2: b is cancelled mid-run, c before it ever started.
    const input = scenario('fail-fast', [task('a', 1), task('b', 5), task('c', 1, ['a'])]);
    const r = runOn(
      input,
      {
        mainStepCost: 1,
        failurePolicy: 'fail-fast',
        retry: { maxAttempts: 1 },
        budgets: { maxConcurrentSubagents: 2 },
      },
      { executor: failing('a#1') },
    );
    expect(r.reason).toBe('task-failed');
    expect(r.schedule).toEqual(['b#1 sa-1 [1,2) cancelled', 'a#1 sa-2 [1,2) failed']);
    expect(ofType(r.events, 'task.cancelled')).toMatchObject([
      { task: 'b', t: 2, reason: 'task-failed', attempt: 1, subagent: 'sa-1' },
      { task: 'c', t: 2, reason: 'task-failed' },
    ]);
    expect(ofType(r.events, 'task.cancelled')[1]).not.toHaveProperty('attempt');
    expect(ofType(r.events, 'run.finished')[0]?.detail).toBe('task "a" failed: scripted failure');
    expect(r.metrics.criticalSteps).toBe(2);
  });
});

describe('a tool-call budget: cancel vs drain', () => {
  //   a[4]   b[1]        every attempt makes 2 tool calls; maxToolCalls 4; S_main 1, P 2.
  //           |          t 0: a (sa-1) and b (sa-2) reserve 2 + 2 = 4 and run from 1.
  //          c[1]        t 2: b is done; assigning c would need 6 > 4: the budget trips.
  const input = scenario('tools', [
    { ...task('a', 4), toolCalls: 2 },
    { ...task('b', 1), toolCalls: 2 },
    { ...task('c', 1, ['b']), toolCalls: 2 },
  ]);
  const config = { mainStepCost: 1, budgets: { maxConcurrentSubagents: 2, maxToolCalls: 4 } };

  it('cancel: stops a where it is', () => {
    const r = runOn(input, { ...config, onBudgetExhausted: 'cancel' });
    expect(r.reason).toBe('budget:maxToolCalls');
    expect(ofType(r.events, 'budget.exhausted')).toMatchObject([
      { budget: 'maxToolCalls', limit: 4, used: 6, t: 2 },
    ]);
    expect(ofType(r.events, 'orchestrator.step')[1]?.invalid).toEqual([
      { action: { type: 'assign', subagent: 'sa-2', task: 'c' }, reason: 'budget exhausted' },
    ]);
    expect(r.schedule).toEqual(['a#1 sa-1 [1,2) cancelled', 'b#1 sa-2 [1,2) finished']);
    expect(ofType(r.events, 'task.cancelled').map((e) => e.task)).toEqual(['a', 'c']);
    expect(r.metrics.criticalSteps).toBe(2);
    expect(r.metrics.toolCalls).toBe(2);
  });

  it('drain: lets a finish, starts nothing new', () => {
    const r = runOn(input, { ...config, onBudgetExhausted: 'drain' });
    expect(r.reason).toBe('budget:maxToolCalls');
    expect(r.schedule).toEqual(['a#1 sa-1 [1,5) finished', 'b#1 sa-2 [1,2) finished']);
    expect(ofType(r.events, 'task.cancelled')).toMatchObject([{ task: 'c', t: 2 }]);
    expect(r.metrics.criticalSteps).toBe(5);
    expect(r.metrics.toolCalls).toBe(4);
  });
});

describe('orchestrator actions through a scripted policy', () => {
  //   a[5]   b[1]
  //           |
  //          c[1]      S_main 1, P 2, async.
  const input = scenario('join', [task('a', 5), task('b', 1), task('c', 1, ['b'])]);
  const config = { mainStepCost: 1, budgets: { maxConcurrentSubagents: 2 } };
  const startBoth: Action[] = [
    { type: 'spawn', count: 2, profile: 'medium' },
    { type: 'assign', subagent: 'sa-1', task: 'a' },
    { type: 'assign', subagent: 'sa-2', task: 'b' },
  ];

  it('join: the orchestrator sleeps until the subagents it joins on are done', () => {
    // Without the join, b ends at 2 and c runs [3,4). Joined on sa-1 (a), the next decision waits
    // for a to end at 6, and c runs [7,8).
    const free = runOn(input, config, { policy: scripted((_, k) => (k === 1 ? startBoth : undefined)) });
    expect(free.schedule).toContain('c#1 sa-2 [3,4) finished');
    expect(free.metrics.criticalSteps).toBe(6);
    const joined = runOn(input, config, {
      policy: scripted((_, k) =>
        k === 1 ? [...startBoth, { type: 'join', subagents: ['sa-1'] }] : undefined,
      ),
    });
    expect(joined.decisions).toEqual([0, 6]);
    expect(joined.schedule).toContain('c#1 sa-1 [7,8) finished');
    expect(joined.metrics.criticalSteps).toBe(8);
    expect(joined.reason).toBe('completed');
  });

  it('finish: ends the run at once, cancelling what runs; later actions of the step are invalid', () => {
    // a runs [1,6), b [1,2). At 2 the policy finishes: a is cancelled mid-run, c never starts.
    const r = runOn(input, config, {
      policy: scripted((_, k) =>
        k === 1
          ? startBoth
          : [
              { type: 'finish', answer: 'enough' },
              { type: 'spawn', count: 1, profile: 'medium' },
            ],
      ),
    });
    expect(r.reason).toBe('finished');
    expect(r.schedule).toEqual(['a#1 sa-1 [1,2) cancelled', 'b#1 sa-2 [1,2) finished']);
    expect(ofType(r.events, 'task.cancelled').map((e) => [e.task, e.reason])).toEqual([
      ['a', 'finished'],
      ['c', 'finished'],
    ]);
    expect(ofType(r.events, 'orchestrator.step')[1]?.invalid).toEqual([
      { action: { type: 'spawn', count: 1, profile: 'medium' }, reason: 'the run is stopping (finished)' },
    ]);
    expect(r.metrics.invalidActions).toBe(1);
    expect(r.metrics.criticalSteps).toBe(2);
    expect(r.metrics.successRate).toBe(0);
  });

  it('replan: re-ranks the ready tasks with a fresh prioritize call', () => {
    // Four independent tasks, one subagent. The first ranking puts a first, the second one (made
    // by the replan in decision 1) reverses it: a, then d, c, b.
    const four = scenario('four', [task('a', 1), task('b', 1), task('c', 1), task('d', 1)]);
    // What each call saw: which tasks were still open then (undefined: no `remaining` given).
    const calls: (boolean[] | undefined)[] = [];
    const prioritize = (ctx: PolicyContext) => {
      calls.push(ctx.remaining ? [0, 1, 2, 3].map(ctx.remaining) : undefined);
      const n = ctx.graph.n;
      return Float64Array.from({ length: n }, (_, i) => (calls.length === 1 ? n - i : i));
    };
    const policy = scripted(
      (view, k) =>
        k === 1 ? [...fillSlots(view, 1, 'medium'), { type: 'replan', scope: 'all' }] : undefined,
      prioritize,
    );
    const r = runOn(four, { mainStepCost: 0, budgets: { maxConcurrentSubagents: 1 } }, { policy });
    expect(r.schedule).toEqual([
      'a#1 sa-1 [0,1) finished',
      'd#1 sa-1 [1,2) finished',
      'c#1 sa-1 [2,3) finished',
      'b#1 sa-1 [3,4) finished',
    ]);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toBeUndefined();
    // The replan sees which tasks are still open: all of them at t 0 (a is only launching).
    expect(calls[1]).toEqual([true, true, true, true]);
  });

  it('tool_call: runs the tool, counts the call, and wakes the orchestrator with the result', () => {
    // t 0: spawn, assign a and b, then call a tool; the result is due at 0 + S_main = 1.
    const seen: [string, unknown][] = [];
    const tools: ToolPort = {
      call: (tool, args) => {
        seen.push([tool, args]);
        return { ok: true, result: '42' };
      },
    };
    const r = runOn(input, config, {
      tools,
      policy: scripted((_, k) =>
        k === 1 ? [...startBoth, { type: 'tool_call', tool: 'lookup', args: { q: 'x' } }] : undefined,
      ),
    });
    expect(seen).toEqual([['lookup', { q: 'x' }]]);
    // The call is recorded when its result comes back, one main step later.
    expect(ofType(r.events, 'tool.call')).toMatchObject([
      {
        t: 1,
        caller: 'orchestrator',
        callId: 'call-1',
        tool: 'lookup',
        args: { q: 'x' },
        ok: true,
        result: '42',
      },
    ]);
    // The result wakes the orchestrator at 1, b's end at 2, c's end at 4.
    expect(r.decisions).toEqual([0, 1, 2, 4]);
    expect(r.metrics.toolCalls).toBe(1);
    expect(r.reason).toBe('completed');
    expect(r.metrics.criticalSteps).toBe(6);
  });

  it('tool_call: counts against maxToolCalls', () => {
    const r = runOn(
      input,
      { ...config, budgets: { ...config.budgets, maxToolCalls: 0 } },
      { policy: scripted(() => [{ type: 'tool_call', tool: 'lookup', args: null }]) },
    );
    expect(r.reason).toBe('budget:maxToolCalls');
    expect(ofType(r.events, 'orchestrator.step')[0]?.invalid).toEqual([
      { action: { type: 'tool_call', tool: 'lookup', args: null }, reason: 'budget exhausted' },
    ]);
    expect(ofType(r.events, 'tool.call')).toEqual([]);
  });

  it('tool_call: the tool.call event keeps seq order (was a bug)', () => {
    // a[1]; decision 1 is [tool_call, spawn 1]. The machine numbers subagent.spawned 2 while
    // deciding, but the driver numbers tool.call (3) when it runs the tool effect, which comes first
    // in the effect list: the trace reads seq 0, 1, 3, 2, … and decodeTrace rejects it.
    // Expected: seq equal to the position in the trace. (apply() pushes the 'tool' effect into the
    // caused list; the driver then takes state.seq++ for it, after the caused events were numbered.)
    const one = scenario('one', [task('a', 1)]);
    const r = runOn(
      one,
      { mainStepCost: 1 },
      {
        policy: scripted((_, k) =>
          k === 1
            ? [
                { type: 'tool_call', tool: 'lookup', args: null },
                { type: 'spawn', count: 1, profile: 'medium' },
              ]
            : undefined,
        ),
      },
    );
    expect(r.events.map((e) => e.seq)).toEqual(r.events.map((_, i) => i)); // got [0, 1, 3, 2, …]
    expect(decodeTrace(encodeTrace(r.header, r.events)).ok).toBe(true);
  });
});

describe('invalid actions and stalls', () => {
  //   a[1]   b[1]      S_main 1.
  const input = scenario('pair', [task('a', 1), task('b', 1)]);

  it('records invalid actions in the step and counts them, and applies the valid ones', () => {
    const r = runOn(
      input,
      { mainStepCost: 1 },
      {
        policy: scripted((_, k) =>
          k === 1
            ? [
                { type: 'spawn', count: 1, profile: 'medium' },
                { type: 'assign', subagent: 'sa-1', task: 'a' },
                { type: 'assign', subagent: 'sa-1', task: 'b' },
                { type: 'assign', subagent: 'sa-1', task: 'nope' },
                { type: 'assign', subagent: 'sa-9', task: 'b' },
              ]
            : undefined,
        ),
      },
    );
    expect(ofType(r.events, 'orchestrator.step')[0]?.invalid).toEqual([
      { action: { type: 'assign', subagent: 'sa-1', task: 'b' }, reason: 'subagent "sa-1" is busy' },
      { action: { type: 'assign', subagent: 'sa-1', task: 'nope' }, reason: 'unknown task "nope"' },
      { action: { type: 'assign', subagent: 'sa-9', task: 'b' }, reason: 'unknown subagent "sa-9"' },
    ]);
    expect(r.metrics.invalidActions).toBe(3);
    // a ran as asked; b, left ready, goes at the next decision.
    expect(r.schedule).toEqual(['a#1 sa-1 [1,2) finished', 'b#1 sa-1 [3,4) finished']);
    expect(r.reason).toBe('completed');
  });

  it('a policy that never assigns anything ends the run as stalled', () => {
    const r = runOn(input, { mainStepCost: 1 }, { policy: scripted(() => []) });
    expect(r.reason).toBe('stalled');
    expect(r.decisions).toEqual([0]);
    expect(ofType(r.events, 'task.cancelled').map((e) => [e.task, e.reason])).toEqual([
      ['a', 'stalled'],
      ['b', 'stalled'],
    ]);
    expect(ofType(r.events, 'run.finished')[0]?.detail).toBe(
      'the policy started nothing while 2 task(s) were open',
    );
    expect(r.metrics.criticalSteps).toBe(0);
  });

  it('a policy that stops assigning half-way stalls once nothing is left running', () => {
    // Decision 1 starts a; at 2 the policy does nothing although b is ready.
    const r = runOn(
      input,
      { mainStepCost: 1 },
      {
        policy: scripted((view, k) => (k === 1 ? fillSlots(view, 1, 'medium') : [])),
      },
    );
    expect(r.reason).toBe('stalled');
    expect(r.schedule).toEqual(['a#1 sa-1 [1,2) finished']);
    expect(ofType(r.events, 'task.cancelled')).toMatchObject([{ task: 'b', t: 2, reason: 'stalled' }]);
  });
});

describe('task.ready', () => {
  const readiness = (events: readonly TraceEvent[]) =>
    events
      .filter((e) => e.type === 'task.ready' || e.type === 'task.finished' || e.type === 'run.started')
      .map(
        (e) =>
          `${e.type === 'run.started' ? 'start' : `${e.type.slice(5)} ${(e as { task: string }).task}`} @${e.t}`,
      );

  it('is emitted once per task, right after the event that resolved its last dependency', () => {
    const r = runOn(diamond, { mainStepCost: 1, budgets: { maxConcurrentSubagents: 2 } });
    expect(readiness(r.events)).toEqual([
      'start @0',
      'ready a @0',
      'finished a @2',
      'ready b @2',
      'ready c @2',
      'finished b @5',
      'finished c @7',
      'ready d @7',
      'finished d @9',
    ]);
  });

  it('is not emitted again for a retry, nor for a task skipped after a failure', () => {
    const r = runOn(
      scenario('retry', [task('a', 1), task('b', 1, ['a'])]),
      { mainStepCost: 0, failurePolicy: 'skip-dependents', retry: { maxAttempts: 2, backoffInitial: 1 } },
      { executor: failing('a#1', 'a#2') },
    );
    expect(ofType(r.events, 'task.ready').map((e) => e.task)).toEqual(['a']);
  });

  it('under `continue`, a failed task resolves its dependents too', () => {
    const r = runOn(
      scenario('continue', [task('a', 1), task('b', 1, ['a'])]),
      { mainStepCost: 0, failurePolicy: 'continue', retry: { maxAttempts: 1 } },
      { executor: failing('a#1') },
    );
    expect(ofType(r.events, 'task.ready').map((e) => `${e.task} @${e.t}`)).toEqual(['a @0', 'b @1']);
  });
});
