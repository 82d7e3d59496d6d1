import fc from 'fast-check';
import { type GraphMethod, randomGraph } from '../../../src/core/graph/generate';
import type { GraphScenario, TaskSpec } from '../../../src/core/graph/types';

const methods: readonly GraphMethod[] = ['sameprob', 'samepred', 'layrprob', 'layrpred'];

/**
 * A DAG whose file order, id order and dependency order all differ: tasks are ranked by a hidden
 * order k that every edge follows, named `n${k}` (so "n10" sorts before "n2"), then shuffled.
 * randomGraph alone always lists a task after its dependencies, which hides order bugs.
 */
export function arbitraryDag(maxTasks: number, maxSteps = 9, minTasks = 0): fc.Arbitrary<GraphScenario> {
  return fc.integer({ min: minTasks, max: maxTasks }).chain((n) => {
    const pairs = (n * (n - 1)) / 2;
    return fc
      .record({
        density: fc.integer({ min: 0, max: 100 }),
        draws: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: pairs, maxLength: pairs }),
        steps: fc.array(fc.integer({ min: 0, max: maxSteps }), { minLength: n, maxLength: n }),
        fileOrder: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
      })
      .map(({ density, draws, steps, fileOrder }) => {
        const deps: string[][] = Array.from({ length: n }, () => []);
        let d = 0;
        for (let later = 0; later < n; later++) {
          for (let earlier = 0; earlier < later; earlier++) {
            if ((draws[d++] as number) < density) deps[later]?.push(`n${earlier}`);
          }
        }
        const tasks: TaskSpec[] = fileOrder.map((k) => ({
          id: `n${k}`,
          steps: steps[k] as number,
          deps: deps[k] as string[],
        }));
        return { kind: 'graph' as const, id: `dag-${n}`, tasks };
      });
  });
}

/**
 * randomGraph with fast-check-drawn options, so that a failure shrinks to a small seed and size.
 * Costs stay within [0, maxSteps] (default 13: minSteps up to 3 plus a spread up to 10).
 */
export function arbitraryRandomGraph(
  maxTasks: number,
  { minTasks = 0, maxSteps = 13 }: { minTasks?: number; maxSteps?: number } = {},
): fc.Arbitrary<GraphScenario> {
  return fc
    .record({
      tasks: fc.integer({ min: minTasks, max: maxTasks }),
      seed: fc.integer({ min: 0, max: 0xffffffff }),
      method: fc.constantFrom(...methods),
      minSteps: fc.integer({ min: 0, max: 3 }),
      spread: fc.integer({ min: 0, max: 10 }),
      meanPreds: fc.integer({ min: 0, max: 6 }),
    })
    .map(({ spread, ...o }) =>
      randomGraph({
        ...o,
        minSteps: Math.min(o.minSteps, maxSteps),
        maxSteps: Math.min(maxSteps, o.minSteps + spread),
      }),
    );
}

/** Either kind of random DAG. */
export const arbitraryGraph = (maxTasks: number): fc.Arbitrary<GraphScenario> =>
  fc.oneof(arbitraryDag(maxTasks), arbitraryRandomGraph(maxTasks));
