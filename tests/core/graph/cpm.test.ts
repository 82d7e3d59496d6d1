import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { criticalPath, lowerBound } from '../../../src/core/graph/cpm';
import type { GraphScenario, TaskGraph } from '../../../src/core/graph/types';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { arbitraryDag, arbitraryGraph } from './graph-arbitrary';
import {
  chain,
  diamond,
  empty,
  forkJoin,
  scenario,
  task,
  twoChains,
  wideStar,
  zeroCost,
} from './test-graphs';

interface Expected {
  es: number[];
  ef: number[];
  ls: number[];
  lf: number[];
  slack: number[];
  bottom: number[];
  length: number;
  path: string[];
  total: number;
}

/** Every CPM field of `input`, read back by task id in file order. */
function cpmOf(input: GraphScenario, overhead?: number): Expected {
  const graph = graphOrThrow(input);
  const cpm = criticalPath(graph, overhead);
  return {
    es: [...cpm.earliestStart],
    ef: [...cpm.earliestFinish],
    ls: [...cpm.latestStart],
    lf: [...cpm.latestFinish],
    slack: [...cpm.slack],
    bottom: [...cpm.bottomLevel],
    length: cpm.length,
    path: cpm.path.map((i) => graph.ids[i] as string),
    total: cpm.totalSteps,
  };
}

// Worked by hand from the drawings in test-graphs.ts; arrays follow the file order of the tasks.
describe('criticalPath on the named graphs', () => {
  it('empty: nothing', () => {
    expect(cpmOf(empty)).toEqual({
      es: [],
      ef: [],
      ls: [],
      lf: [],
      slack: [],
      bottom: [],
      length: 0,
      path: [],
      total: 0,
    });
  });

  it('chain: every task is critical', () => {
    expect(cpmOf(chain)).toEqual({
      es: [0, 2, 5],
      ef: [2, 5, 9],
      ls: [0, 2, 5],
      lf: [2, 5, 9],
      slack: [0, 0, 0],
      bottom: [9, 7, 4],
      length: 9,
      path: ['a', 'b', 'c'],
      total: 9,
    });
  });

  it('diamond: the short branch b has slack 2', () => {
    expect(cpmOf(diamond)).toEqual({
      es: [0, 1, 1, 5],
      ef: [1, 3, 5, 6],
      ls: [0, 3, 1, 5],
      lf: [1, 5, 5, 6],
      slack: [0, 2, 0, 0],
      bottom: [6, 3, 5, 1],
      length: 6,
      path: ['a', 'c', 'd'],
      total: 8,
    });
  });

  it('fork-join: x and y tie, x wins by id although y is listed first', () => {
    // File order: s, y, x, z, j.
    expect(cpmOf(forkJoin)).toEqual({
      es: [0, 1, 1, 1, 4],
      ef: [1, 4, 4, 3, 5],
      ls: [0, 1, 1, 2, 4],
      lf: [1, 4, 4, 4, 5],
      slack: [0, 0, 0, 1, 0],
      bottom: [5, 4, 4, 3, 1],
      length: 5,
      path: ['s', 'x', 'j'],
      total: 10,
    });
  });

  it('two chains: the longer chain b is critical, the other may slip by 1', () => {
    // File order: a1, a2, b1, b2.
    expect(cpmOf(twoChains)).toEqual({
      es: [0, 2, 0, 1],
      ef: [2, 4, 1, 5],
      ls: [1, 3, 0, 1],
      lf: [3, 5, 1, 5],
      slack: [1, 1, 0, 0],
      bottom: [4, 2, 5, 4],
      length: 5,
      path: ['b1', 'b2'],
      total: 9,
    });
  });

  it('zero cost: the path runs through the free tasks to a sink', () => {
    // File order: start, fetch, parse, merge, report, noop.
    expect(cpmOf(zeroCost)).toEqual({
      es: [0, 0, 0, 4, 4, 0],
      ef: [0, 4, 4, 4, 4, 0],
      ls: [0, 0, 0, 4, 4, 4],
      lf: [0, 4, 4, 4, 4, 4],
      slack: [0, 0, 0, 0, 0, 4],
      bottom: [4, 4, 4, 0, 0, 0],
      length: 4,
      path: ['start', 'fetch', 'merge', 'report'],
      total: 8,
    });
  });

  it('wide star: leaf1 and leaf3 tie, leaf1 wins', () => {
    const star = cpmOf(wideStar);
    expect(star.es).toEqual([0, 1, 1, 1, 1, 1, 1]);
    expect(star.slack).toEqual([0, 3, 0, 4, 0, 2, 3]);
    expect(star.bottom).toEqual([6, 2, 5, 1, 5, 3, 2]);
    expect(star.length).toBe(6);
    expect(star.path).toEqual(['hub', 'leaf1']);
    expect(star.total).toBe(19);
  });
});

describe('criticalPath with an overhead per task', () => {
  it('adds the overhead to every task on a chain', () => {
    const cpm = cpmOf(chain, 1);
    expect(cpm.es).toEqual([0, 3, 7]);
    expect(cpm.ef).toEqual([3, 7, 12]);
    expect(cpm.bottom).toEqual([12, 9, 5]);
    expect(cpm.length).toBe(12);
    // totalSteps stays the work of the tasks alone.
    expect(cpm.total).toBe(9);
  });

  it('leaves slack alone when both branches hold as many tasks', () => {
    const cpm = cpmOf(diamond, 2);
    expect(cpm.es).toEqual([0, 3, 3, 9]);
    expect(cpm.ls).toEqual([0, 5, 3, 9]);
    expect(cpm.slack).toEqual([0, 2, 0, 0]);
    expect(cpm.bottom).toEqual([12, 7, 9, 3]);
    expect(cpm.length).toBe(12);
  });

  it('can move the critical path to the branch with more tasks', () => {
    //   a[4]   b[1]
    //           |
    //          c[2]
    // a costs 4 + m, b → c costs 3 + 2m: a wins at m = 0, ties at m = 1 (and wins by id), loses at m = 2.
    const input = scenario('g', [task('a', 4), task('b', 1), task('c', 2, ['b'])]);
    expect(cpmOf(input).path).toEqual(['a']);
    expect(cpmOf(input, 1).path).toEqual(['a']);
    expect(cpmOf(input, 2).path).toEqual(['b', 'c']);
    expect(cpmOf(input, 2).length).toBe(7);
  });

  it('zero-cost tasks pay the overhead too', () => {
    const cpm = cpmOf(zeroCost, 1);
    expect(cpm.ef).toEqual([1, 6, 6, 7, 8, 1]);
    expect(cpm.slack).toEqual([0, 0, 0, 0, 0, 7]);
    expect(cpm.length).toBe(8);
  });
});

describe('lowerBound', () => {
  // [graph, workers, overhead, bound]: max(length, ceil(total / P) + overhead).
  const cases: [GraphScenario, number, number, number][] = [
    [empty, 4, 0, 0],
    [empty, 1, 3, 0],
    [chain, 1, 0, 9],
    [chain, 2, 0, 9],
    [chain, 1, 1, 12],
    [diamond, 1, 0, 8],
    [diamond, 2, 0, 6],
    // One worker, so every task waits for its own decision: 4 × 2 + 8.
    [diamond, 1, 2, 16],
    [forkJoin, 1, 0, 10],
    [forkJoin, 2, 0, 5],
    [forkJoin, 3, 0, 5],
    [twoChains, 1, 0, 9],
    [twoChains, 2, 0, 5],
    [zeroCost, 1, 0, 8],
    [zeroCost, 2, 1, 8],
    [wideStar, 2, 0, 10],
    [wideStar, 3, 0, 7],
    [wideStar, 4, 0, 6],
    [wideStar, 3, 1, 9],
    [wideStar, 2, 2, 17],
  ];
  it.each(cases.map(([g, ...rest]) => [g.id, g, ...rest] as const))(
    '%s on %i workers with overhead %i: %i',
    (_, input, workers, overhead, bound) => {
      expect(lowerBound(graphOrThrow(input), workers, overhead)).toBe(bound);
    },
  );

  it('defaults to no overhead', () => {
    expect(lowerBound(graphOrThrow(wideStar), 3)).toBe(7);
  });
});

/** Longest path to each task's finish by plain relaxation, with no topological order: an oracle. */
function longestByRelaxation(graph: TaskGraph, overhead: number): number {
  const finish = Array.from(graph.steps, (s) => s + overhead);
  for (let round = 0; round < graph.n; round++) {
    for (let i = 0; i < graph.n; i++) {
      for (const p of graph.preds[i] as number[]) {
        finish[i] = Math.max(
          finish[i] as number,
          (finish[p] as number) + (graph.steps[i] as number) + overhead,
        );
      }
    }
  }
  return Math.max(0, ...finish);
}

/** Every source-to-sink path of `graph`, by depth-first search (small graphs only). */
function allPaths(graph: TaskGraph): number[][] {
  const paths: number[][] = [];
  const walk = (path: number[]): void => {
    const succs = graph.succs[path.at(-1) as number] as number[];
    if (succs.length === 0) paths.push(path);
    for (const s of succs) walk([...path, s]);
  };
  for (let i = 0; i < graph.n; i++) if ((graph.preds[i] as number[]).length === 0) walk([i]);
  return paths;
}

describe('criticalPath properties on random DAGs', () => {
  const withOverhead = fc.tuple(arbitraryGraph(40), fc.integer({ min: 0, max: 3 }));

  it('keeps the CPM identities: slack ≥ 0, ES + bottom level ≤ length, equal exactly at zero slack', () => {
    fc.assert(
      fc.property(withOverhead, ([input, overhead]) => {
        const graph = graphOrThrow(input);
        const cpm = criticalPath(graph, overhead);
        const cost = (i: number) => (graph.steps[i] as number) + overhead;
        expect(cpm.length).toBe(longestByRelaxation(graph, overhead));
        expect(cpm.totalSteps).toBe(graph.steps.reduce((a, b) => a + b, 0));
        for (let i = 0; i < graph.n; i++) {
          const es = cpm.earliestStart[i] as number;
          const slack = cpm.slack[i] as number;
          expect(slack).toBeGreaterThanOrEqual(0);
          expect(slack).toBe((cpm.latestStart[i] as number) - es);
          expect(cpm.earliestFinish[i]).toBe(es + cost(i));
          expect(cpm.latestFinish[i]).toBe((cpm.latestStart[i] as number) + cost(i));
          expect(cpm.latestFinish[i]).toBeLessThanOrEqual(cpm.length);
          expect(es + (cpm.bottomLevel[i] as number)).toBeLessThanOrEqual(cpm.length);
          expect(es + (cpm.bottomLevel[i] as number) === cpm.length).toBe(slack === 0);
          for (const p of graph.preds[i] as number[]) {
            expect(es).toBeGreaterThanOrEqual(cpm.earliestFinish[p] as number);
            expect(cpm.latestFinish[p]).toBeLessThanOrEqual(cpm.latestStart[i] as number);
          }
        }
      }),
    );
  });

  it('gives a critical path that is a dependency chain from a source to a sink summing to length', () => {
    fc.assert(
      fc.property(withOverhead, ([input, overhead]) => {
        const graph = graphOrThrow(input);
        const { path, length, slack } = criticalPath(graph, overhead);
        if (graph.n === 0) {
          expect(path).toEqual([]);
          return;
        }
        expect(graph.preds[path[0] as number]).toEqual([]);
        expect(graph.succs[path.at(-1) as number]).toEqual([]);
        for (let k = 1; k < path.length; k++) expect(graph.preds[path[k] as number]).toContain(path[k - 1]);
        expect(path.reduce((sum, i) => sum + (graph.steps[i] as number) + overhead, 0)).toBe(length);
        for (const i of path) expect(slack[i]).toBe(0);
      }),
    );
  });

  it('breaks ties by id: the path is the id-wise first of all longest source-to-sink paths', () => {
    fc.assert(
      fc.property(arbitraryDag(9, 3), fc.integer({ min: 0, max: 2 }), (input, overhead) => {
        const graph = graphOrThrow(input);
        const { path, length } = criticalPath(graph, overhead);
        const cost = (p: number[]) => p.reduce((sum, i) => sum + (graph.steps[i] as number) + overhead, 0);
        const names = (p: readonly number[]) => p.map((i) => graph.ids[i] as string);
        const longest = allPaths(graph).filter((p) => cost(p) === length);
        const firstById = longest.map(names).sort((a, b) => {
          for (let k = 0; k < Math.min(a.length, b.length); k++) {
            if (a[k] !== b[k]) return (a[k] as string) < (b[k] as string) ? -1 : 1;
          }
          return a.length - b.length;
        })[0];
        expect(names(path)).toEqual(firstById ?? []);
      }),
    );
  });

  it('bounds: lowerBound ≥ length (with the overhead) and ≥ ceil((total + n·overhead) / P)', () => {
    fc.assert(
      fc.property(withOverhead, fc.integer({ min: 1, max: 16 }), ([input, overhead], workers) => {
        const graph = graphOrThrow(input);
        const bound = lowerBound(graph, workers, overhead);
        const { length, totalSteps } = criticalPath(graph, overhead);
        expect(bound).toBeGreaterThanOrEqual(length);
        expect(bound).toBeGreaterThanOrEqual(Math.ceil(totalSteps / workers));
        // A worker is held for the decision before each task, as in the realized bound.
        const share = Math.ceil((totalSteps + graph.n * overhead) / workers);
        expect(bound === length || bound === share).toBe(true);
      }),
    );
  });

  it('overhead m lengthens the critical path by at least m and at most m per task', () => {
    fc.assert(
      fc.property(withOverhead, ([input, overhead]) => {
        const graph = graphOrThrow(input);
        const base = criticalPath(graph).length;
        const paid = criticalPath(graph, overhead).length;
        if (graph.n > 0) expect(paid).toBeGreaterThanOrEqual(base + overhead);
        expect(paid).toBeLessThanOrEqual(base + overhead * graph.n);
      }),
    );
  });
});
