import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { criticalPath, lowerBound } from '../../../src/core/graph/cpm';
import type { GraphScenario } from '../../../src/core/graph/types';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { graphWidth } from '../../../src/core/graph/width';
import { makeConfig } from '../../../src/core/runtime/config';
import type { Clock } from '../../../src/core/runtime/ports';
import type { SimulateResult } from '../../../src/core/runtime/run-options';
import type { TraceEvent } from '../../../src/core/trace/events';
import { withoutWallClock } from '../../../src/core/trace/jsonl';
import type { ScheduleEntry } from '../../../src/core/trace/schedule';
import { fcRuns } from '../../support/fc-runs';
import { RUNS, type Run, run, type Scenario, scenarios, workersOf } from './run-arbitrary';

// ---------------------------------------------------------------------------------------------
// Oracles computed from the trace (and the graph's JSON), sharing no code with the runtime.
// ---------------------------------------------------------------------------------------------

const ofType = <K extends TraceEvent['type']>(events: readonly TraceEvent[], type: K) =>
  events.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);

/** The events that put a task in its terminal state, per task id. */
function terminalEvents(events: readonly TraceEvent[]): Map<string, TraceEvent[]> {
  const out = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const terminal =
      e.type === 'task.finished' ||
      e.type === 'task.degraded' ||
      (e.type === 'task.failed' && e.final) ||
      e.type === 'task.skipped' ||
      e.type === 'task.cancelled';
    if (!terminal) continue;
    const list = out.get(e.task) ?? [];
    list.push(e);
    out.set(e.task, list);
  }
  return out;
}

function expectOneTerminalStatePerTask(input: GraphScenario, events: readonly TraceEvent[]): void {
  const terminal = terminalEvents(events);
  for (const t of input.tasks) {
    const list = terminal.get(t.id) ?? [];
    expect(
      list.map((e) => e.type),
      `terminal events of task "${t.id}"`,
    ).toHaveLength(1);
    // Nothing happens to a task after its terminal event: no later attempt starts or ends.
    const at = (list[0] as TraceEvent).seq;
    const later = events.filter(
      (e) =>
        e.seq > at &&
        (e.type === 'task.assigned' ||
          e.type === 'task.started' ||
          e.type === 'task.finished' ||
          e.type === 'task.failed' ||
          e.type === 'task.retried') &&
        e.task === t.id,
    );
    expect(later, `events of task "${t.id}" after its terminal one`).toEqual([]);
  }
  expect(terminal.size).toBe(input.tasks.length);
  expect(events.at(-1)?.type).toBe('run.finished');
  expect(ofType(events, 'run.finished')).toHaveLength(1);
}

/** The tasks that depend on `roots`, directly or not, from the scenario's `deps` lists alone. */
function dependentsOf(input: GraphScenario, roots: Iterable<string>): Set<string> {
  const succs = new Map<string, string[]>();
  for (const t of input.tasks) for (const d of t.deps) succs.set(d, [...(succs.get(d) ?? []), t.id]);
  const seen = new Set<string>();
  const stack = [...roots].flatMap((r) => succs.get(r) ?? []);
  while (stack.length > 0) {
    const at = stack.pop() as string;
    if (seen.has(at)) continue;
    seen.add(at);
    stack.push(...(succs.get(at) ?? []));
  }
  return seen;
}

const finalFailures = (events: readonly TraceEvent[]) => ofType(events, 'task.failed').filter((e) => e.final);

/** A run in which every task finished on its first attempt and no breaker tripped. */
const clean = (r: Run) =>
  r.result.reason === 'completed' && ofType(r.result.events, 'task.failed').length === 0;

// ---------------------------------------------------------------------------------------------
// The properties.
// ---------------------------------------------------------------------------------------------

describe('runtime properties over random DAGs and configs', () => {
  it('1. never runs more than P attempts at once, nor two at once on one subagent', () => {
    fc.assert(
      fc.property(scenarios(), (s) => {
        const { result, schedule } = run(s);
        const P = workersOf(s);
        // Every attempt that started also ended (finished, failed or cancelled).
        expect(schedule).toHaveLength(ofType(result.events, 'task.started').length);
        // Sweep over half-open [start, finish) intervals; a zero-length attempt occupies nothing.
        const busy = schedule.filter((e) => e.finish > e.start);
        const points = busy.flatMap((e) => [
          { t: e.start, d: 1 },
          { t: e.finish, d: -1 },
        ]);
        points.sort((a, b) => a.t - b.t || a.d - b.d);
        let running = 0;
        for (const p of points) {
          running += p.d;
          expect(running, `attempts running at ${p.t}`).toBeLessThanOrEqual(P);
        }
        const byWorker = new Map<string, ScheduleEntry[]>();
        for (const e of busy) byWorker.set(e.worker, [...(byWorker.get(e.worker) ?? []), e]);
        for (const [worker, list] of byWorker) {
          list.sort((a, b) => a.start - b.start);
          for (let k = 1; k < list.length; k++) {
            const before = list[k - 1] as ScheduleEntry;
            const entry = list[k] as ScheduleEntry;
            expect(
              entry.start,
              `${worker}: ${entry.task} starts while ${before.task} runs`,
            ).toBeGreaterThanOrEqual(before.finish);
          }
        }
        expect(result.metrics.spawnCount).toBeLessThanOrEqual(P);
      }),
      RUNS,
    );
  });

  it('2. starts no attempt before its dependencies resolved, nor after one of them failed (unless continue)', () => {
    fc.assert(
      fc.property(scenarios(), (s) => {
        const { result } = run(s);
        const byId = new Map(s.graph.tasks.map((t) => [t.id, t]));
        const cont = s.config.failurePolicy === 'continue';
        const resolvedAt = new Map<string, number>();
        const failed = new Set<string>();
        for (const e of result.events) {
          if (e.type === 'task.finished' || e.type === 'task.degraded') resolvedAt.set(e.task, e.t);
          else if (e.type === 'task.failed' && e.final) {
            failed.add(e.task);
            if (cont) resolvedAt.set(e.task, e.t);
          } else if (e.type === 'task.assigned' || e.type === 'task.started') {
            for (const dep of byId.get(e.task)?.deps ?? []) {
              const at = resolvedAt.get(dep);
              expect(at, `${e.type} "${e.task}" before its dependency "${dep}" resolved`).toBeDefined();
              expect(at as number).toBeLessThanOrEqual(e.t);
              if (!cont) expect(failed.has(dep), `"${e.task}" starts after "${dep}" failed`).toBe(false);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('3. ends every task in exactly one terminal state, and the run with run.finished', () => {
    fc.assert(
      fc.property(scenarios(), (s) => {
        const { result } = run(s);
        expectOneTerminalStatePerTask(s.graph, result.events);
        const finished = ofType(result.events, 'run.finished')[0];
        expect(finished?.reason).toBe(result.reason);
      }),
      RUNS,
    );
  });

  it('4. never exceeds a budget', () => {
    fc.assert(
      fc.property(scenarios(), (s) => {
        const { result, schedule } = run(s);
        const { events, metrics } = result;
        const budgets = makeConfig(s.config).budgets;
        const attemptTools = [...ofType(events, 'task.finished'), ...ofType(events, 'task.failed')].reduce(
          (sum, e) => sum + e.usage.toolCalls,
          0,
        );
        const orchestratorTools = ofType(events, 'tool.call').filter(
          (e) => e.caller === 'orchestrator',
        ).length;
        expect(attemptTools + orchestratorTools).toBeLessThanOrEqual(budgets.maxToolCalls);
        expect(metrics.toolCalls).toBe(attemptTools + orchestratorTools);
        expect(metrics.criticalSteps).toBeLessThanOrEqual(budgets.maxCriticalSteps);
        expect(ofType(events, 'orchestrator.step').length).toBeLessThanOrEqual(budgets.maxOrchestratorSteps);
        expect(metrics.orchestratorSteps).toBeLessThanOrEqual(budgets.maxOrchestratorSteps);
        for (const e of schedule) expect(e.finish - e.start).toBeLessThanOrEqual(budgets.maxStepsPerSubagent);
      }),
      RUNS,
    );
  });

  it('5. takes at least the lower bound when it completes every task without failures', () => {
    fc.assert(
      fc.property(scenarios({ failures: false, budgets: false }), (s) => {
        const r = run(s);
        expect(clean(r)).toBe(true);
        const m = s.config.mainStepCost ?? 1;
        expect(r.result.metrics.criticalSteps).toBeGreaterThanOrEqual(lowerBound(r.graph, workersOf(s), m));
      }),
      RUNS,
    );
    // The same bound on the runs of the general generator that happen to complete cleanly.
    fc.assert(
      fc.property(scenarios(), (s) => {
        const r = run(s);
        if (!clean(r)) return;
        const m = s.config.mainStepCost ?? 1;
        expect(r.result.metrics.criticalSteps).toBeGreaterThanOrEqual(lowerBound(r.graph, workersOf(s), m));
      }),
      RUNS,
    );
  });

  it('6. critical-path policy meets the critical path with mainStepCost 0, async join and P ≥ width', () => {
    fc.assert(
      fc.property(
        scenarios({
          failures: false,
          budgets: false,
          mainStepCost: 0,
          join: 'async',
          policy: 'critical-path',
        }),
        (s) => {
          const graph = graphOrThrow(s.graph);
          const P = Math.max(workersOf(s), graphWidth(graph));
          const wide: Scenario = { ...s, config: { ...s.config, budgets: { maxConcurrentSubagents: P } } };
          const r = run(wide);
          expect(clean(r)).toBe(true);
          expect(r.result.metrics.criticalSteps).toBe(criticalPath(graph).length);
        },
      ),
      RUNS,
    );
  });

  it('7. skip-dependents skips exactly the transitive dependents of the failed tasks', () => {
    let cascades = 0;
    fc.assert(
      fc.property(scenarios({ failurePolicy: 'skip-dependents' }), (s) => {
        const { result } = run(s);
        const events = result.events;
        const failed = new Map(finalFailures(events).map((e) => [e.task, e]));
        const skipped = ofType(events, 'task.skipped');
        const skippedIds = new Set(skipped.map((e) => e.task));
        const expected = dependentsOf(s.graph, failed.keys());
        for (const e of skipped) {
          const cause = failed.get(e.cause);
          expect(cause, `"${e.task}" skipped for "${e.cause}", which did not fail`).toBeDefined();
          expect(
            dependentsOf(s.graph, [e.cause]).has(e.task),
            `"${e.cause}" is no ancestor of "${e.task}"`,
          ).toBe(true);
          expect((cause as TraceEvent).seq).toBeLessThan(e.seq);
        }
        const breaker = ofType(events, 'budget.exhausted').length > 0;
        if (!breaker) {
          expect([...skippedIds].sort()).toEqual([...expected].sort());
          if (skippedIds.size > 0) cascades++;
        } else {
          // A tripped breaker cancels what was pending first; whatever it left was skipped.
          const cancelled = new Set(ofType(events, 'task.cancelled').map((e) => e.task));
          for (const id of skippedIds) expect(expected.has(id)).toBe(true);
          for (const id of expected) expect(skippedIds.has(id) || cancelled.has(id), id).toBe(true);
        }
      }),
      RUNS,
    );
    expect(cascades, 'runs with a cascade').toBeGreaterThan(10);
  });

  it('8. gives the same trace for the same config and seed, also with a moving wall clock', () => {
    const realish: Clock = { now: () => performance.now() };
    fc.assert(
      fc.property(scenarios(), (s) => {
        const a = run(s).result;
        const b = run(s).result;
        const c = run(s, { clock: realish }).result;
        const text = (r: SimulateResult) => JSON.stringify(withoutWallClock(r.events));
        expect(text(b)).toBe(text(a));
        expect(text(c)).toBe(text(a));
        expect(b.header).toEqual(a.header);
        expect(c.reason).toBe(a.reason);
      }),
      { numRuns: fcRuns(60) },
    );
  });

  it('8b. a different seed on a graph with failures gives a different trace (an example)', () => {
    //   a[2] → b[3] → c[1]     d[2] → e[2]   every attempt fails with probability 0.5
    const input: GraphScenario = {
      kind: 'graph',
      id: 'flaky',
      tasks: [
        { id: 'a', steps: 2, deps: [], failProbability: 0.5 },
        { id: 'b', steps: 3, deps: ['a'], failProbability: 0.5 },
        { id: 'c', steps: 1, deps: ['b'], failProbability: 0.5 },
        { id: 'd', steps: 2, deps: [], failProbability: 0.5 },
        { id: 'e', steps: 2, deps: ['d'], failProbability: 0.5 },
      ],
    };
    const trace = (seed: number) =>
      JSON.stringify(
        withoutWallClock(
          run({ graph: input, policy: 'critical-path', config: { seed, failurePolicy: 'continue' } }).result
            .events,
        ),
      );
    expect(trace(1)).toBe(trace(1));
    expect(trace(2)).not.toBe(trace(1));
  });

  it('9. an abort after k events leaves every task in one terminal state, with reason "aborted"', () => {
    fc.assert(
      fc.property(scenarios(), fc.nat(), (s, pick) => {
        // The unaborted run tells which events come before its last machine step (the events of one
        // step share its step-time): aborting after one of them must stop the run, while aborting
        // during the last step comes too late to matter. run.started is a step of its own.
        const full = run(s).result.events;
        const cutoff = (full.at(-1) as TraceEvent).t;
        const before = full.filter((e) => e.t < cutoff).length;
        const k = 1 + (pick % Math.max(1, before));
        const controller = new AbortController();
        let seen = 0;
        const onEvent = () => {
          if (++seen === k) controller.abort();
        };
        const { result } = run(s, { signal: controller.signal, onEvent });
        expect(result.reason).toBe('aborted');
        expectOneTerminalStatePerTask(s.graph, result.events);
        // The abort is handled as one step that cancels what is left; only the end follows it.
        const events = result.events;
        const first = events.findIndex((e) => e.type === 'task.cancelled' && e.reason === 'aborted');
        expect(first).toBeGreaterThanOrEqual(k);
        const after = new Set(events.slice(first).map((e) => e.type));
        expect([...after].sort()).toEqual(['run.finished', 'run.graded', 'task.cancelled']);
      }),
      RUNS,
    );
  });

  it('10. barrier join: critical steps = Σ over orchestrator steps of (S_main + longest attempt launched)', () => {
    fc.assert(
      fc.property(scenarios({ failures: false, budgets: false, join: 'barrier' }), (s) => {
        const r = run(s);
        expect(clean(r)).toBe(true);
        const m = s.config.mainStepCost ?? 1;
        const length = new Map(r.schedule.map((e) => [`${e.task}#${e.attempt}`, e.finish - e.start]));
        let sum = 0;
        let longest = -1;
        for (const e of r.result.events) {
          if (e.type === 'orchestrator.step') {
            if (longest >= 0) sum += m + longest;
            longest = 0;
          } else if (e.type === 'task.assigned') {
            // Every assignment belongs to the orchestrator step right before it.
            longest = Math.max(longest, length.get(`${e.task}#${e.attempt}`) as number);
          }
        }
        if (longest >= 0) sum += m + longest;
        expect(r.result.metrics.criticalSteps).toBe(sum);
        expect(r.result.metrics.barrierWaste).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('11. metrics agree with the trace', () => {
    fc.assert(
      fc.property(scenarios(), (s) => {
        const { result, schedule } = run(s);
        const { events, metrics } = result;
        expect(metrics.spawnCount).toBe(ofType(events, 'subagent.spawned').length);
        expect(metrics.retryCount).toBe(ofType(events, 'task.retried').length);
        expect(metrics.orchestratorSteps).toBe(ofType(events, 'orchestrator.step').length);
        expect(metrics.invalidActions).toBe(
          ofType(events, 'orchestrator.step').reduce((sum, e) => sum + e.invalid.length, 0),
        );
        expect(metrics.criticalSteps).toBe(Math.max(0, ...events.map((e) => e.t)));
        const busy = schedule.reduce((sum, e) => sum + (e.finish - e.start), 0);
        if (metrics.criticalSteps === 0) expect(busy).toBe(0);
        else expect(metrics.avgParallelism * metrics.criticalSteps).toBeCloseTo(busy, 9);
        const steps = [...ofType(events, 'task.finished'), ...ofType(events, 'task.failed')].reduce(
          (sum, e) => sum + e.usage.steps,
          0,
        );
        expect(metrics.totalSteps).toBe(steps);
        const finishedMetrics = ofType(events, 'run.finished')[0]?.metrics;
        expect(finishedMetrics).toEqual({ ...metrics });
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Runtime bugs the properties found, each shrunk to its smallest counterexample, kept as
// regression tests now that they are fixed.
// ---------------------------------------------------------------------------------------------

describe('fixed runtime bugs (minimal counterexamples)', () => {
  it('maxCriticalSteps: a retry whose backoff ends past the budget stops at the budget (was a bug)', () => {
    //   a[1], fails every attempt; mainStepCost 0, maxAttempts 2, backoff 1, maxCriticalSteps 1.
    // a runs [0, 1) and fails at 1; its retry is due at 2. The runtime waits for it and only then
    // finds it cannot fit (2 + 1 > 1): the breaker trips at t = 2 and the run takes 2 critical steps.
    // Expected: the run stops by t = 1 (the retry cannot finish within the budget).
    const input: GraphScenario = {
      kind: 'graph',
      id: 'retry-past-budget',
      tasks: [{ id: 'a', steps: 1, deps: [], failProbability: 1 }],
    };
    const { result } = run({
      graph: input,
      policy: 'critical-path',
      config: {
        mainStepCost: 0,
        retry: { maxAttempts: 2, backoffInitial: 1 },
        budgets: { maxCriticalSteps: 1 },
      },
    });
    expect(result.reason).toBe('budget:maxCriticalSteps');
    expect(result.metrics.criticalSteps).toBeLessThanOrEqual(1); // got 2
  });

  it('maxCriticalSteps: a busy orchestrator does not carry the run past the budget (was a bug)', () => {
    //   a[0]   b[1]        mainStepCost 2, P 2, maxCriticalSteps 3.
    //           |          t 0: decide b and a (both fit: they end at 2 and 3). a ends at 2: an empty
    //          c[0]        decision, busy until 4. b ends at 3 and c is ready, but the next decision
    // can only come at 4, where c is refused (4 + 2 > 3): the breaker trips at 4 > 3.
    // Expected: criticalSteps ≤ 3 (trip by t 3, when c cannot fit any more). Got 4.
    const input: GraphScenario = {
      kind: 'graph',
      id: 'busy-past-budget',
      tasks: [
        { id: 'a', steps: 0, deps: [] },
        { id: 'b', steps: 1, deps: [] },
        { id: 'c', steps: 0, deps: ['b'] },
      ],
    };
    const { result } = run({
      graph: input,
      policy: 'critical-path',
      config: { mainStepCost: 2, budgets: { maxConcurrentSubagents: 2, maxCriticalSteps: 3 } },
    });
    expect(result.reason).toBe('budget:maxCriticalSteps');
    expect(result.metrics.criticalSteps).toBeLessThanOrEqual(3); // got 4
  });

  it('an abort during a drain cancels the running work (was a bug)', () => {
    //   a[2]   b[1]     P 2, mainStepCost 0, maxOrchestratorSteps 1, onBudgetExhausted drain.
    // Step 1 at t 0 starts a and b. b ends at 1; the next decision passes maxOrchestratorSteps, so
    // the breaker trips and a drains. The signal aborts right then, at the budget.exhausted event.
    // Expected: reason "aborted", a cancelled at t 1. Got: reason "budget:maxOrchestratorSteps",
    // a finished at t 2 — trip() returns early when a breaker is already set, so the abort is lost.
    const input: GraphScenario = {
      kind: 'graph',
      id: 'abort-while-draining',
      tasks: [
        { id: 'a', steps: 2, deps: [] },
        { id: 'b', steps: 1, deps: [] },
      ],
    };
    const controller = new AbortController();
    const { result } = run(
      {
        graph: input,
        policy: 'critical-path',
        config: {
          mainStepCost: 0,
          onBudgetExhausted: 'drain',
          budgets: { maxConcurrentSubagents: 2, maxOrchestratorSteps: 1 },
        },
      },
      { signal: controller.signal, onEvent: (e) => e.type === 'budget.exhausted' && controller.abort() },
    );
    expect(result.reason).toBe('aborted'); // got 'budget:maxOrchestratorSteps'
    const a = ofType(result.events, 'task.cancelled').find((e) => e.task === 'a');
    expect(a?.t).toBe(1); // a is not cancelled: it finishes at 2
  });
});
