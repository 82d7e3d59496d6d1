import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import {
  CONTROLS,
  PROFILES,
  RETRIES,
  toActions,
  WIDTHS,
  widthCount,
} from '../../../src/core/learning/actions';
import type { Action, Policy } from '../../../src/core/policy/types';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';

const graph = graphOrThrow({
  kind: 'graph',
  id: 'fan',
  tasks: Array.from({ length: 8 }, (_, i) => ({ id: `t${i + 1}`, steps: 2, deps: [] as string[] })),
});

const choice = (width: string, profile: string, control = 'go') => ({
  width: WIDTHS.indexOf(width as never),
  profile: PROFILES.indexOf(profile as never),
  control: CONTROLS.indexOf(control as never),
});

/** Runs the fan graph with a policy that makes `first` at its first decision and `rest` after. */
function run(first: ReturnType<typeof choice>, rest = first, maxConcurrentSubagents = 100) {
  const decisions: Action[][] = [];
  const policy: Policy = {
    name: 'fixed',
    prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
    decide: (view) => {
      const actions = toActions(view, decisions.length === 0 ? first : rest);
      decisions.push(actions);
      return actions;
    },
  };
  const result = simulate({ graph, config: makeConfig({ budgets: { maxConcurrentSubagents } }), policy });
  return { decisions, result };
}

describe('the factorised action', () => {
  it('launches a share of what can start, at least one', () => {
    expect([0, 1, 5, 8].map((k) => widthCount('quarter', k))).toEqual([0, 1, 2, 2]);
    expect(widthCount('half', 5)).toBe(3);
    expect(widthCount('one', 8)).toBe(1);
    expect(widthCount('all+spares', 8)).toBe(8);
  });

  it('all: every ready task at once on fresh subagents of the chosen profile', () => {
    const { decisions, result } = run(choice('all', 'large'));
    expect(decisions[0]?.[0]).toEqual({ type: 'spawn', count: 8, profile: 'large' });
    expect(decisions[0]?.filter((a) => a.type === 'assign')).toHaveLength(8);
    expect(result.metrics.spawnCount).toBe(8);
    expect(result.metrics.unusedSubagents).toBe(0);
  });

  it('one: a single subagent reused task after task (serial execution of the plan)', () => {
    const { result } = run(choice('one', 'medium'));
    expect(result.metrics.spawnCount).toBe(1);
    expect(result.metrics.criticalSteps).toBe(8 * (1 + 2));
  });

  it('reuses idle subagents of the chosen profile only, spawning the other profile anew', () => {
    const { decisions } = run(choice('quarter', 'small'), choice('quarter', 'large'));
    // First: 2 small spawned. Next decision: the small ones are idle but large is chosen.
    expect(decisions[1]?.[0]).toEqual({ type: 'spawn', count: 2, profile: 'large' });
  });

  it('all+spares spawns as many idle subagents again: spawned for show, never used', () => {
    const { decisions, result } = run(choice('all+spares', 'medium'));
    expect(decisions[0]?.at(-1)).toEqual({ type: 'spawn', count: 8, profile: 'medium' });
    expect(result.metrics.spawnCount).toBe(16);
    expect(result.metrics.unusedSubagents).toBe(8);
    expect(result.metrics.subtaskFinishRate).toBe(1);
  });

  it('falls back on idle subagents of another profile when the subagent budget is spent', () => {
    const { decisions, result } = run(choice('all', 'small'), choice('all', 'large'), 4);
    expect(decisions[1]?.some((a) => a.type === 'spawn')).toBe(false);
    expect(result.metrics.spawnCount).toBe(4);
    expect(result.reason).toBe('completed');
  });

  it('finish submits what is done: graded as it stands, the rest cancelled, not a failed episode', () => {
    const early = run(choice('all', 'medium', 'finish')).result;
    expect(early.reason).toBe('finished');
    expect(early.metrics.reward).toBe(0);
    // One task done, then submitted: 1 of 8.
    const { result } = run(choice('one', 'medium'), choice('one', 'medium', 'finish'));
    expect(result.reason).toBe('finished');
    expect(result.metrics.episodeSuccess).toBe(1);
    expect(result.metrics.quality).toBeCloseTo(1 / 8, 12);
    expect(result.metrics.reward).toBeCloseTo(1 / 8, 12);
  });
});

describe('a failed task: retry, escalate or degrade', () => {
  // Every task fails its first attempt half the time (a keyed draw), so some waves hold retries.
  const flaky = graphOrThrow({
    kind: 'graph',
    id: 'flaky-fan',
    tasks: Array.from({ length: 8 }, (_, i) => ({
      id: `t${i + 1}`,
      steps: 2,
      deps: [] as string[],
      failProbability: 0.5,
    })),
  });
  const runWith = (retry: string) => {
    const policy: Policy = {
      name: 'fixed',
      prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
      decide: (view) =>
        toActions(view, { ...choice('all', 'small'), retry: RETRIES.indexOf(retry as never) }),
    };
    return simulate({ graph: flaky, config: makeConfig({ seed: 3 }), policy });
  };
  /** The profile of the subagent of each attempt after the first, by task. */
  const retriedOn = (result: ReturnType<typeof runWith>) => {
    const profileOf = new Map<string, string>();
    const out: string[] = [];
    for (const e of result.events) {
      if (e.type === 'subagent.spawned') profileOf.set(e.subagent, e.profile);
      if (e.type === 'task.assigned' && e.attempt > 1) out.push(profileOf.get(e.subagent) as string);
    }
    return out;
  };

  it('retry runs the next attempt on the profile that failed', () => {
    const result = runWith('retry');
    const profiles = retriedOn(result);
    expect(profiles.length).toBeGreaterThan(0);
    expect(new Set(profiles)).toEqual(new Set(['small']));
  });

  it('escalate runs it one profile up: small, then medium, then large', () => {
    const result = runWith('escalate');
    const profiles = retriedOn(result);
    expect(profiles).toContain('medium');
    expect(profiles).not.toContain('small');
    expect(result.metrics.spawnCount).toBeGreaterThan(8);
  });

  it('degrade gives the failed task up: skipped, with the cause, and the run goes on', () => {
    const result = runWith('degrade');
    expect(retriedOn(result)).toEqual([]);
    const skipped = result.events.filter((e) => e.type === 'task.skipped');
    expect(skipped.length).toBeGreaterThan(0);
    for (const e of skipped)
      expect(e.type === 'task.skipped' && e.cause).toMatch(/given up by the orchestrator/);
    const failedFirst = result.events.filter((e) => e.type === 'task.failed').length;
    expect(skipped.length).toBe(failedFirst);
    // The run ends with parts missing, not cancelled.
    expect(result.reason).toBe('completed-with-failures');
    expect(result.metrics.skipRate).toBeGreaterThan(0);
  });

  it('refuses to give up a task that has not failed', () => {
    const policy: Policy = {
      name: 'bad',
      prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
      decide: (view) =>
        view.t === 0
          ? [{ type: 'give_up', task: 't1' }, ...toActions(view, choice('all', 'small'))]
          : toActions(view, choice('all', 'small')),
    };
    const result = simulate({ graph, config: makeConfig({}), policy });
    const step = result.events.find((e) => e.type === 'orchestrator.step');
    expect(step?.type === 'orchestrator.step' && step.invalid[0]?.reason).toBe(
      'task "t1" is not waiting for a retry, nor a spare replica',
    );
  });
});
