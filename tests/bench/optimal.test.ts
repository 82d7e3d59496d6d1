import { describe, expect, it } from 'vitest';
import { optimalMakespan } from '../../bench/optimal';
import { lowerBound } from '../../src/core/graph/cpm';
import { type GraphMethod, randomGraph } from '../../src/core/graph/generate';
import type { TaskGraph } from '../../src/core/graph/types';
import { graphOrThrow } from '../../src/core/graph/validate';
import { checkSchedule, type ScheduleEntry } from '../support/check-schedule';

/** A graph from [id, steps, deps] rows. */
const graph = (rows: [string, number, string[]][]): TaskGraph =>
  graphOrThrow({ kind: 'graph', id: 'test', tasks: rows.map(([id, steps, deps]) => ({ id, steps, deps })) });

const makespanOf = (schedule: readonly ScheduleEntry[]) => Math.max(0, ...schedule.map((e) => e.finish));

/** Solves, and checks that the schedule returned is valid and as long as claimed. */
function solve(g: TaskGraph, workers: number, opts: Parameters<typeof optimalMakespan>[2] = {}) {
  const result = optimalMakespan(g, workers, opts);
  expect(checkSchedule(g, workers, result.schedule)).toEqual([]);
  if (opts.upperBound === undefined) expect(makespanOf(result.schedule)).toBe(result.makespan);
  expect(result.lowerBound).toBeLessThanOrEqual(result.makespan);
  return result;
}

/**
 * Brute force, written without the solver's bounds or dominance rules: every topological order,
 * each task placed in turn on the worker that frees up first, at the later of that and its
 * dependencies' finish. This reaches an optimum: list an optimal schedule's tasks by start time;
 * by induction each lands no later than it started there, since if every worker were still busy
 * at that time, those P tasks and this one would all have been running at once in the optimum.
 * Two prunings, both exact: a partial makespan never shrinks (with `below`, only schedules shorter
 * than it are looked for, and `below` is returned if there are none); and two orders that reach
 * the same placed set, the same worker free times and the same finish times of the placed tasks
 * that still have unplaced dependants have the same futures, so only the one with the smaller
 * partial makespan needs continuing.
 */
function bruteForce(g: TaskGraph, workers: number, below = Number.POSITIVE_INFINITY): number {
  const left = g.preds.map((p) => p.length);
  const finish = new Array<number>(g.n).fill(0);
  const placed = new Array<boolean>(g.n).fill(false);
  const freeAt = new Array<number>(workers).fill(0);
  const seen = new Map<string, number>();
  let best = below;
  const extend = (count: number, makespan: number): void => {
    if (makespan >= best) return;
    if (count === g.n) {
      best = makespan;
      return;
    }
    const frontier = [...Array(g.n).keys()].filter(
      (i) => placed[i] && (g.succs[i] as number[]).some((s) => !placed[s]),
    );
    const key = `${placed.map((x) => (x ? 1 : 0)).join('')}|${[...freeAt].sort((a, b) => a - b)}|${frontier.map((i) => `${i}:${finish[i]}`)}`;
    const before = seen.get(key);
    if (before !== undefined && before <= makespan) return;
    seen.set(key, makespan);
    let w = 0;
    for (let x = 1; x < workers; x++) if ((freeAt[x] as number) < (freeAt[w] as number)) w = x;
    for (let i = 0; i < g.n; i++) {
      if (placed[i] || left[i] !== 0) continue;
      const steps = g.steps[i] as number;
      let start = steps > 0 ? (freeAt[w] as number) : 0; // zero-cost tasks take no worker time
      for (const d of g.preds[i] as number[]) start = Math.max(start, finish[d] as number);
      const was = freeAt[w] as number;
      if (steps > 0) freeAt[w] = start + steps;
      finish[i] = start + steps;
      placed[i] = true;
      for (const s of g.succs[i] as number[]) left[s] = (left[s] as number) - 1;
      extend(count + 1, Math.max(makespan, start + steps));
      for (const s of g.succs[i] as number[]) left[s] = (left[s] as number) + 1;
      placed[i] = false;
      freeAt[w] = was;
    }
  };
  extend(0, 0);
  return best;
}

/**
 * The best non-delay schedule: at every completion, as many ready tasks start as there are free
 * workers (any choice of which). Used to show that an instance needs deliberate idle time.
 */
function bestNonDelay(g: TaskGraph, workers: number): number {
  let best = Number.POSITIVE_INFINITY;
  const visit = (t: number, done: Set<number>, running: Map<number, number>): void => {
    const ready = [...Array(g.n).keys()].filter(
      (i) => !done.has(i) && !running.has(i) && (g.preds[i] as number[]).every((d) => done.has(d)),
    );
    if (ready.length === 0 && running.size === 0) {
      best = Math.min(best, t);
      return;
    }
    const k = Math.min(workers - running.size, ready.length);
    const choose = (from: number, picked: number[]): void => {
      if (picked.length === k) {
        const next = new Map(running);
        for (const i of picked) next.set(i, t + (g.steps[i] as number));
        const at = Math.min(...next.values());
        const nextDone = new Set(done);
        for (const [i, f] of next) {
          if (f === at) {
            nextDone.add(i);
            next.delete(i);
          }
        }
        visit(at, nextDone, next);
        return;
      }
      for (let j = from; j < ready.length; j++) choose(j + 1, [...picked, ready[j] as number]);
    };
    choose(0, []);
  };
  visit(0, new Set(), new Map());
  return best;
}

describe('optimalMakespan', () => {
  it('handles the empty graph and a chain', () => {
    expect(solve(graph([]), 3)).toMatchObject({ makespan: 0, proven: true });
    const chain = graph([
      ['a', 3, []],
      ['b', 4, ['a']],
      ['c', 5, ['b']],
    ]);
    expect(solve(chain, 2)).toMatchObject({ makespan: 12, lowerBound: 12, proven: true });
  });

  it('beats largest-first list scheduling on independent tasks', () => {
    // 3, 3, 2, 2, 2 on two workers: list scheduling by cost gives 3+2+2 = 7; 3+3 | 2+2+2 gives 6.
    const g = graph([
      ['a', 3, []],
      ['b', 3, []],
      ['c', 2, []],
      ['d', 2, []],
      ['e', 2, []],
    ]);
    expect(solve(g, 2)).toMatchObject({ makespan: 6, proven: true });
  });

  it('finds and proves an optimum that needs a worker to idle while a task is ready', () => {
    // a → {b, c} → d, and e alone. Every non-delay schedule starts e at 0 beside a, and then b and
    // c cannot run side by side: 14. The optimum leaves the second worker idle over [0, 3) so that
    // b and c start together at 3: a, b | c, d on one line, e after b: 13.
    const g = graph([
      ['a', 3, []],
      ['b', 4, ['a']],
      ['c', 6, ['a']],
      ['d', 4, ['b', 'c']],
      ['e', 6, []],
    ]);
    expect(bestNonDelay(g, 2)).toBe(14);
    const result = solve(g, 2);
    expect(result).toMatchObject({ makespan: 13, lowerBound: 13, proven: true });
    const start = new Map(result.schedule.map((e) => [e.task, e.start]));
    expect(start.get('e')).toBeGreaterThan(0); // e was ready at 0 and waited
    expect(start.get('b')).toBe(3);
    expect(start.get('c')).toBe(3);
  });

  it('treats zero-cost tasks as taking no worker time', () => {
    const g = graph([
      ['s', 0, []],
      ['a', 2, ['s']],
      ['b', 2, ['s']],
      ['join', 0, ['a', 'b']],
      ['c', 3, ['join']],
      ['d', 0, []],
    ]);
    expect(solve(g, 2)).toMatchObject({ makespan: 5, proven: true });
    expect(solve(g, 1)).toMatchObject({ makespan: 7, proven: true });
  });

  it('meets the critical path when there are as many workers as tasks', () => {
    const g = graphOrThrow(randomGraph({ tasks: 30, seed: 7, method: 'layrprob' }));
    const result = solve(g, 30);
    expect(result).toMatchObject({ makespan: lowerBound(g, 30), proven: true });
  });

  it('trusts an upper bound from the caller', () => {
    const g = graph([
      ['a', 3, []],
      ['b', 3, []],
      ['c', 2, []],
      ['d', 2, []],
      ['e', 2, []],
    ]);
    expect(solve(g, 2, { upperBound: 6 })).toMatchObject({ makespan: 6, proven: true });
    // Below max(critical path, ⌈work / P⌉) = 6 a bound is impossible, and it is ignored.
    expect(solve(g, 2, { upperBound: 5 })).toMatchObject({ makespan: 6, proven: true });
  });

  it('returns its best schedule and an honest lower bound when time runs out', () => {
    // A hard instance: 50 tasks with costs up to 50, where critical path and load both bind.
    const g = graphOrThrow(
      randomGraph({ tasks: 50, seed: 13, method: 'samepred', meanPreds: 2, maxSteps: 50 }),
    );
    const result = solve(g, 6, { timeLimitMs: 100 });
    expect(result.proven).toBe(false);
    expect(result.lowerBound).toBeGreaterThanOrEqual(lowerBound(g, 6));
    expect(result.lowerBound).toBeLessThan(result.makespan);
  });

  it('matches brute force on random graphs of 10 to 12 tasks', () => {
    const methods: GraphMethod[] = ['sameprob', 'samepred', 'layrprob', 'layrpred'];
    let searched = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const tasks = 10 + (seed % 3);
      const g = graphOrThrow(
        randomGraph({
          tasks,
          seed,
          method: methods[seed % 4] as GraphMethod,
          meanPreds: seed % 2 ? 1.5 : 3,
          minSteps: seed % 5 === 0 ? 0 : 1,
        }),
      );
      for (const workers of [2, 3]) {
        const result = solve(g, workers);
        expect(result.proven, `seed ${seed}, ${workers} workers`).toBe(true);
        // The schedule is valid (checked in solve), so only shorter ones need looking for.
        expect(bruteForce(g, workers, result.makespan), `seed ${seed}, ${workers} workers`).toBe(
          result.makespan,
        );
        if (result.nodes > 0) searched++;
      }
    }
    // The comparison means little if every instance is settled by the bounds before any search.
    expect(searched).toBeGreaterThan(5);
  }, 60_000); // the brute force takes a few seconds
});

describe('checkSchedule', () => {
  // a → c ← b, on two workers.
  const g = graph([
    ['a', 2, []],
    ['b', 3, []],
    ['c', 1, ['a', 'b']],
  ]);
  const entry = (
    task: string,
    worker: string,
    start: number,
    finish: number,
    attempt = 1,
  ): ScheduleEntry => ({
    task,
    worker,
    start,
    finish,
    attempt,
  });
  const valid = [entry('a', 'w1', 0, 2), entry('b', 'w2', 0, 3), entry('c', 'w1', 3, 4)];

  it('accepts a valid schedule, back-to-back attempts and zero-length attempts', () => {
    expect(checkSchedule(g, 2, valid)).toEqual([]);
    const chain = graph([
      ['x', 2, []],
      ['z', 0, ['x']],
      ['y', 2, ['z']],
    ]);
    // One worker: z takes no time, and y may start the instant x finishes.
    expect(
      checkSchedule(chain, 1, [entry('x', 'w1', 0, 2), entry('z', 'w1', 2, 2), entry('y', 'w1', 2, 4)]),
    ).toEqual([]);
  });

  it('reports a missing task and an unknown one', () => {
    expect(checkSchedule(g, 2, valid.slice(0, 2)).join()).toMatch(/"c" never runs/);
    expect(checkSchedule(g, 2, [...valid, entry('zz', 'w1', 5, 6)]).join()).toMatch(/"zz".*no such task/);
  });

  it('reports a wrong duration', () => {
    const bad = [entry('a', 'w1', 0, 3), entry('b', 'w2', 0, 3), entry('c', 'w1', 3, 4)];
    expect(checkSchedule(g, 2, bad).join()).toMatch(/"a" attempt 1: runs 3 steps .* costs 2/);
  });

  it('reports a task that starts before a dependency finished', () => {
    const bad = [entry('a', 'w1', 0, 2), entry('b', 'w2', 0, 3), entry('c', 'w1', 2, 3)];
    expect(checkSchedule(g, 2, bad)).toEqual([
      'task "c" attempt 1 starts at 2, before its dependency "b" finished at 3',
    ]);
  });

  it('reports more attempts at once than workers', () => {
    const bad = [entry('a', 'w1', 0, 2), entry('b', 'w2', 0, 3), entry('c', 'w3', 3, 4)];
    expect(checkSchedule(g, 1, bad).join()).toMatch(/2 attempts run at once at time 0, but there are only 1/);
  });

  it('reports a worker running two attempts at once', () => {
    const bad = [entry('a', 'w1', 0, 2), entry('b', 'w1', 1, 4), entry('c', 'w2', 4, 5)];
    expect(checkSchedule(g, 2, bad)).toEqual([
      'worker "w1" starts task "b" attempt 1 at 1 while it runs task "a" attempt 1 until 2',
    ]);
  });

  it('takes the last attempt as the successful one', () => {
    // a fails once over [0, 2) and succeeds over [2, 4): c must wait for 4, not 2.
    const retried = [entry('a', 'w1', 0, 2, 1), entry('a', 'w1', 2, 4, 2), entry('b', 'w2', 0, 3)];
    expect(checkSchedule(g, 2, [...retried, entry('c', 'w1', 4, 5)])).toEqual([]);
    expect(checkSchedule(g, 2, [...retried, entry('c', 'w2', 3, 4)])).toEqual([
      'task "c" attempt 1 starts at 3, before its dependency "a" finished at 4',
    ]);
  });

  it('reports attempts that are misnumbered or overlap', () => {
    const gap = [
      entry('a', 'w1', 0, 2, 1),
      entry('a', 'w1', 2, 4, 3),
      entry('b', 'w2', 0, 3),
      entry('c', 'w1', 4, 5),
    ];
    expect(checkSchedule(g, 2, gap).join()).toMatch(/"a": attempts are 1, 3; expected 1 to 2/);
    const overlap = [
      entry('a', 'w1', 0, 2, 1),
      entry('a', 'w3', 1, 3, 2),
      entry('b', 'w2', 0, 3),
      entry('c', 'w1', 3, 4),
    ];
    expect(checkSchedule(g, 3, overlap).join()).toMatch(
      /"a": attempt 2 starts at 1, before attempt 1 finished at 2/,
    );
  });
});
