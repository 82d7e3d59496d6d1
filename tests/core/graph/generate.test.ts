import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GraphMethod, randomGraph } from '../../../src/core/graph/generate';
import { buildGraph } from '../../../src/core/graph/validate';

const methods: readonly GraphMethod[] = ['sameprob', 'samepred', 'layrprob', 'layrpred'];
const uint32 = fc.integer({ min: 0, max: 0xffffffff });

const meanPreds = (tasks: readonly { deps: readonly string[] }[]) =>
  tasks.reduce((sum, t) => sum + t.deps.length, 0) / tasks.length;

describe('randomGraph', () => {
  it.each(methods)('%s: the same seed gives the same graph', (method) => {
    fc.assert(
      fc.property(uint32, fc.integer({ min: 0, max: 60 }), (seed, tasks) => {
        expect(randomGraph({ tasks, seed, method })).toEqual(randomGraph({ tasks, seed, method }));
      }),
    );
  });

  it.each(methods)('%s: different seeds give different graphs', (method) => {
    // 20 tasks of 10 possible costs each: two seeds agree by chance about once in 10^20.
    fc.assert(
      fc.property(uint32, uint32, (a, b) => {
        fc.pre(a !== b);
        const tasksOf = (seed: number) => randomGraph({ tasks: 20, seed, method }).tasks;
        expect(tasksOf(a)).not.toEqual(tasksOf(b));
      }),
    );
    // Neighbouring seeds too: sfc32 seeded by one word must not repeat itself one draw later.
    for (let seed = 0; seed < 20; seed++) {
      expect(randomGraph({ tasks: 20, seed, method }).tasks).not.toEqual(
        randomGraph({ tasks: 20, seed: seed + 1, method }).tasks,
      );
    }
  });

  it('names the graph after its options unless given an id', () => {
    expect(randomGraph({ tasks: 5, seed: 7 }).id).toBe('random-sameprob-5-7');
    expect(randomGraph({ tasks: 5, seed: 7, method: 'layrpred' }).id).toBe('random-layrpred-5-7');
    expect(randomGraph({ tasks: 5, seed: 7, id: 'mine' }).id).toBe('mine');
    expect(randomGraph({ tasks: 0, seed: 1 }).tasks).toEqual([]);
  });

  it('gives every method a valid DAG of the requested size, costs in range, ids in index order', () => {
    fc.assert(
      fc.property(
        fc.record({
          tasks: fc.integer({ min: 0, max: 120 }),
          seed: uint32,
          method: fc.constantFrom(...methods),
          minSteps: fc.integer({ min: 0, max: 5 }),
          spread: fc.integer({ min: 0, max: 20 }),
          meanPreds: fc.integer({ min: 0, max: 8 }),
          layers: fc.option(fc.integer({ min: 1, max: 15 }), { nil: undefined }),
        }),
        ({ spread, ...options }) => {
          const maxSteps = options.minSteps + spread;
          const scenario = randomGraph({ ...options, maxSteps });
          expect(scenario.kind).toBe('graph');
          expect(scenario.tasks).toHaveLength(options.tasks);
          const result = buildGraph(scenario);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          // Zero-padded ids sort in index order, so "ties by id" are ties by index.
          expect([...result.graph.idRank]).toEqual([...Array(options.tasks).keys()]);
          scenario.tasks.forEach((t, j) => {
            expect(t.steps).toBeGreaterThanOrEqual(options.minSteps);
            expect(t.steps).toBeLessThanOrEqual(maxSteps);
            expect(Number.isInteger(t.steps)).toBe(true);
            expect(new Set(t.deps).size).toBe(t.deps.length);
            // Every edge goes from an earlier task to a later one: acyclic by construction.
            for (const d of t.deps) expect(result.graph.index.get(d) as number).toBeLessThan(j);
          });
        },
      ),
    );
  });

  it('samepred draws at most 2 × meanPreds predecessors per task', () => {
    for (const method of ['samepred', 'layrpred'] as const) {
      for (let seed = 0; seed < 10; seed++) {
        for (const t of randomGraph({ tasks: 60, seed, method, meanPreds: 2 }).tasks) {
          expect(t.deps.length).toBeLessThanOrEqual(4);
        }
      }
    }
  });

  it('layered methods with one layer have no edges', () => {
    for (const method of ['layrprob', 'layrpred'] as const) {
      expect(
        randomGraph({ tasks: 30, seed: 3, method, layers: 1 }).tasks.every((t) => t.deps.length === 0),
      ).toBe(true);
    }
  });

  it('copies failProbability and toolCalls onto every task', () => {
    const { tasks } = randomGraph({ tasks: 8, seed: 1, failProbability: 0.25, toolCalls: 2 });
    for (const t of tasks) expect(t).toMatchObject({ failProbability: 0.25, toolCalls: 2 });
    for (const t of randomGraph({ tasks: 8, seed: 1 }).tasks)
      expect(Object.keys(t).sort()).toEqual(['deps', 'id', 'steps']);
  });

  // Loose on purpose: early tasks (and, in layered graphs, the first layer) have fewer candidates
  // than meanPreds, so the mean runs a little under; over 10 seeds of 100 tasks it stays within ±40%.
  it.each(methods.flatMap((method) => [1, 3, 5].map((mean) => [method, mean] as const)))(
    '%s with meanPreds %i has roughly that many predecessors per task at n = 100',
    (method, mean) => {
      const seeds = [...Array(10).keys()];
      const observed = seeds.map((seed) =>
        meanPreds(randomGraph({ tasks: 100, seed, method, meanPreds: mean }).tasks),
      );
      const average = observed.reduce((a, b) => a + b, 0) / observed.length;
      expect(average).toBeGreaterThan(0.6 * mean);
      expect(average).toBeLessThan(1.4 * mean);
    },
  );
});
