import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerBound } from '../../../src/core/graph/cpm';
import type { TraceEvent } from '../../../src/core/trace/events';
import { realizedLowerBound } from '../../../src/core/trace/realized-bound';
import { type PathNode, RealizedFold } from '../../../src/core/trace/realized-path';
import { RUNS, run, scenarios, workersOf } from '../runtime/run-arbitrary';

/**
 * Over random graphs, policies (serial, critical-path, heuristic), join modes, S_main 0–3,
 * failures with retries and backoff, budgets that stop runs midway and aborts: the realized path
 * is one chain from 0 to the run's end whose length is the run's critical steps, and the realized
 * lower bound never exceeds them.
 */
const anyRun = fc.oneof(scenarios(), scenarios({ policy: 'heuristic' }));

function fold(events: readonly TraceEvent[], mainStepCost: number): RealizedFold {
  const f = new RealizedFold(mainStepCost);
  for (const e of events) f.push(e);
  return f;
}

function expectChain(nodes: readonly PathNode[], end: number): void {
  if (end === 0) return;
  expect(nodes[0]?.start).toBe(0);
  expect(nodes.at(-1)?.end).toBe(end);
  for (let k = 1; k < nodes.length; k++) expect(nodes[k]?.start).toBe(nodes[k - 1]?.end);
  for (const n of nodes) expect(n.end).toBeGreaterThanOrEqual(n.start);
}

describe('the realized critical path and lower bound', () => {
  it('is one chain from 0 to the end, as long as the critical steps; the bound is below them', () => {
    fc.assert(
      fc.property(anyRun, (s) => {
        const r = run(s);
        const m = s.config.mainStepCost ?? 1;
        const f = fold(r.result.events, m);
        const path = f.path();
        const critical = r.result.metrics.criticalSteps;
        expect(path.unavailable).toBeUndefined();
        expect(path.length).toBe(critical);
        expectChain(path.nodes, critical);
        // A trace of this version accounts for every step-time: no unexplained wait.
        expect(path.nodes.filter((n) => n.kind === 'wait')).toEqual([]);
        expect(realizedLowerBound(f, m)).toBeLessThanOrEqual(critical);
      }),
      RUNS,
    );
  });

  it('gives the plan’s bound when every task took its planned steps once (one meaning, two inputs)', () => {
    // The page shows both: "lower bound 153 · planned estimate 129" on stg-100 with 4 subagents, a
    // run with no retries, was the plan's bound charging the decisions once instead of per task.
    fc.assert(
      fc.property(scenarios({ failures: false, budgets: false }), (s) => {
        const r = run(s);
        const m = s.config.mainStepCost ?? 1;
        const f = fold(r.result.events, m);
        expect(realizedLowerBound(f, m)).toBe(lowerBound(r.graph, workersOf(s), m));
      }),
      RUNS,
    );
  });

  it('in barrier join, has one orchestrator step and the longest attempt per stage: Σ (S_main + max S_sub)', () => {
    fc.assert(
      fc.property(scenarios({ failures: false, budgets: false, join: 'barrier' }), (s) => {
        const r = run(s);
        const m = s.config.mainStepCost ?? 1;
        const f = fold(r.result.events, m);
        const stages = f.stages();
        const sum = stages.reduce((acc, st) => acc + st.main + st.maxSub, 0);
        expect(sum).toBe(r.result.metrics.criticalSteps);
        const mains = f.path().nodes.filter((n) => n.kind === 'main');
        // Every stage is on the path (a barrier makes each one wait for the previous); with S_main
        // 0 and empty tasks, stages at step-time 0 take no time and the walk stops at the first.
        if (m > 0)
          expect(mains.map((n) => (n.kind === 'main' ? n.step : 0))).toEqual(stages.map((st) => st.step));
      }),
      RUNS,
    );
  });

  it('during a run, is a chain up to the latest event folded', () => {
    fc.assert(
      fc.property(anyRun, fc.integer({ min: 0, max: 10_000 }), (s, cut) => {
        const r = run(s);
        const m = s.config.mainStepCost ?? 1;
        const events = r.result.events.slice(0, 1 + (cut % r.result.events.length));
        const f = fold(events, m);
        const path = f.path();
        const now = Math.max(...events.map((e) => e.t));
        expect(path.length).toBe(now);
        expectChain(path.nodes, now);
      }),
      RUNS,
    );
  });
});
