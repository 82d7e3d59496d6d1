import type { GraphScenario, TaskSpec } from '../../../src/core/graph/types';

/**
 * Small named graphs shared by the graph tests, after d3-dag's `test-graphs.ts`. Each drawing reads
 * top to bottom: a task sits below the tasks it depends on, its cost in steps in brackets. The
 * expected CPM values live next to the tests that check them, worked out by hand from these drawings.
 */

export const task = (id: string, steps: number, deps: string[] = []): TaskSpec => ({ id, steps, deps });

export const scenario = (id: string, tasks: TaskSpec[]): GraphScenario => ({ kind: 'graph', id, tasks });

/** No tasks at all. */
export const empty = scenario('empty', []);

/**
 *   a[2]
 *    |
 *   b[3]
 *    |
 *   c[4]
 */
export const chain = scenario('chain', [task('a', 2), task('b', 3, ['a']), task('c', 4, ['b'])]);

/**
 *      a[1]
 *     /    \
 *   b[2]   c[4]
 *     \    /
 *      d[1]
 */
export const diamond = scenario('diamond', [
  task('a', 1),
  task('b', 2, ['a']),
  task('c', 4, ['a']),
  task('d', 1, ['b', 'c']),
]);

/**
 *          s[1]
 *       /   |   \
 *    y[3]  x[3]  z[2]
 *       \   |   /
 *          j[1]
 *
 * x and y tie for the critical path; y is listed first in the file so that a tie broken by file
 * order rather than by id shows.
 */
export const forkJoin = scenario('fork-join', [
  task('s', 1),
  task('y', 3, ['s']),
  task('x', 3, ['s']),
  task('z', 2, ['s']),
  task('j', 1, ['x', 'y', 'z']),
]);

/**
 *   a1[2]    b1[1]
 *     |        |
 *   a2[2]    b2[4]
 */
export const twoChains = scenario('two-chains', [
  task('a1', 2),
  task('a2', 2, ['a1']),
  task('b1', 1),
  task('b2', 4, ['b1']),
]);

/**
 *          start[0]
 *         /        \
 *   fetch[4]      parse[4]         noop[0]
 *         \        /
 *          merge[0]
 *             |
 *         report[0]
 *
 * Zero-cost tasks at the source, the join and the sink, and a zero-cost task on its own.
 */
export const zeroCost = scenario('zero-cost', [
  task('start', 0),
  task('fetch', 4, ['start']),
  task('parse', 4, ['start']),
  task('merge', 0, ['fetch', 'parse']),
  task('report', 0, ['merge']),
  task('noop', 0),
]);

/**
 *                     hub[1]
 *      /        /        |        \        \         \
 *  leaf0[2] leaf1[5] leaf2[1] leaf3[5] leaf4[3] leaf5[2]
 */
export const wideStar = scenario('wide-star', [
  task('hub', 1),
  ...[2, 5, 1, 5, 3, 2].map((steps, i) => task(`leaf${i}`, steps, ['hub'])),
]);

/** Every named graph above, for checks that hold on any graph. */
export const namedGraphs: readonly GraphScenario[] = [
  empty,
  chain,
  diamond,
  forkJoin,
  twoChains,
  zeroCost,
  wideStar,
];
