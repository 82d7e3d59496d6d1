import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GraphScenario, TaskGraph } from '../../../src/core/graph/types';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { graphWidth } from '../../../src/core/graph/width';
import { arbitraryGraph } from './graph-arbitrary';
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

const widthOf = (input: GraphScenario) => graphWidth(graphOrThrow(input));

/** Which tasks each task reaches, by a depth-first walk per task: no bitsets, no topological order. */
function reachability(graph: TaskGraph): boolean[][] {
  return Array.from({ length: graph.n }, (_, from) => {
    const seen = new Array<boolean>(graph.n).fill(false);
    const stack = [...(graph.succs[from] as number[])];
    while (stack.length > 0) {
      const at = stack.pop() as number;
      if (seen[at]) continue;
      seen[at] = true;
      stack.push(...(graph.succs[at] as number[]));
    }
    return seen;
  });
}

/** The largest antichain, by trying every subset of tasks: 2^n, so only for small n. */
function bruteForceWidth(graph: TaskGraph): number {
  const reach = reachability(graph);
  const comparable = (a: number, b: number) => (reach[a] as boolean[])[b] || (reach[b] as boolean[])[a];
  let best = 0;
  for (let set = 0; set < 1 << graph.n; set++) {
    const members = [...Array(graph.n).keys()].filter((i) => set & (1 << i));
    if (members.length <= best) continue;
    if (members.every((a, k) => members.slice(k + 1).every((b) => !comparable(a, b)))) best = members.length;
  }
  return best;
}

describe('graphWidth on the named graphs', () => {
  const cases: [GraphScenario, number][] = [
    [empty, 0], // nothing
    [chain, 1], // a, b, c all ordered
    [diamond, 2], // {b, c}
    [forkJoin, 3], // {x, y, z}
    [twoChains, 2], // one from each chain
    [zeroCost, 3], // {fetch, parse, noop}: zero-cost tasks count like any other
    [wideStar, 6], // the leaves
  ];
  it.each(cases.map(([g, width]) => [g.id, g, width] as const))('%s: %i', (_, input, width) => {
    expect(widthOf(input)).toBe(width);
  });

  it('counts dependencies through other tasks, not only direct ones', () => {
    // a → b → c with a shortcut a → c, and d beside them: {c, d} at most, not {a, c}.
    expect(
      widthOf(scenario('g', [task('a', 1), task('b', 1, ['a']), task('c', 1, ['b', 'a']), task('d', 1)])),
    ).toBe(2);
  });

  it('needs the matching to reroute: the crown on 3 + 3 tasks', () => {
    // Top ti depends on every bottom but bi. Matching bottoms in order gives b0–t1 and b1–t0, so b2
    // is matched only by moving b1 over to t2.
    const bottoms = ['b0', 'b1', 'b2'];
    const tops = bottoms.map((_, i) =>
      task(
        `t${i}`,
        1,
        bottoms.filter((__, j) => j !== i),
      ),
    );
    expect(widthOf(scenario('crown', [...bottoms.map((b) => task(b, 1)), ...tops]))).toBe(3);
  });

  it('crosses 32-task words of the bitset', () => {
    const star = (leaves: number) =>
      scenario('star', [
        task('hub', 1),
        ...Array.from({ length: leaves }, (_, i) => task(`leaf${i}`, 1, ['hub'])),
      ]);
    const longChain = (n: number) =>
      scenario(
        'chain',
        Array.from({ length: n }, (_, i) => task(`c${i}`, 1, i === 0 ? [] : [`c${i - 1}`])),
      );
    expect(widthOf(star(31))).toBe(31);
    expect(widthOf(star(32))).toBe(32);
    expect(widthOf(star(70))).toBe(70);
    expect(widthOf(longChain(33))).toBe(1);
    expect(widthOf(longChain(100))).toBe(1);
    // Three chains of 40, tied together at the end: width 3.
    const tied = [0, 1, 2].flatMap((c) =>
      Array.from({ length: 40 }, (_, i) => task(`k${c}-${i}`, 1, i === 0 ? [] : [`k${c}-${i - 1}`])),
    );
    expect(widthOf(scenario('tied', [...tied, task('end', 1, ['k0-39', 'k1-39', 'k2-39'])]))).toBe(3);
  });
});

describe('graphWidth properties', () => {
  it('equals a brute-force maximum antichain on random graphs of up to 12 tasks', () => {
    fc.assert(
      fc.property(arbitraryGraph(12), (input) => {
        const graph = graphOrThrow(input);
        expect(graphWidth(graph)).toBe(bruteForceWidth(graph));
      }),
    );
  });

  it('on larger graphs, is at least the largest level and at most n', () => {
    // Tasks at the same depth (longest path in edges from a source) never reach each other.
    fc.assert(
      fc.property(arbitraryGraph(80), (input) => {
        const graph = graphOrThrow(input);
        const depth = new Int32Array(graph.n);
        for (const i of graph.topo) {
          for (const p of graph.preds[i] as number[])
            depth[i] = Math.max(depth[i] as number, (depth[p] as number) + 1);
        }
        const perLevel = new Map<number, number>();
        for (const d of depth) perLevel.set(d, (perLevel.get(d) ?? 0) + 1);
        const width = graphWidth(graph);
        expect(width).toBeGreaterThanOrEqual(Math.max(0, ...perLevel.values()));
        expect(width).toBeLessThanOrEqual(graph.n);
      }),
    );
  });
});
