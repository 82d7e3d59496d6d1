/**
 * What the DAG view says about a task's slack and a what-if — this task k× faster, how much
 * shorter could the run be? — from the critical path method (core/graph/cpm) over the planned
 * steps before a run, and over the steps the run really took after it (`realizedTaskGraph`). The
 * planned critical path is also drawn, dashed, next to the realized one (core/trace/realized-path).
 */

import { type Cpm, criticalPath, lowerBound } from '../../core/graph/cpm';
import type { TaskGraph } from '../../core/graph/types';
import { graphOrThrow } from '../../core/graph/validate';
import { t } from '../i18n/t';
import type { Realized } from '../model/replay';

export interface CriticalMarks {
  readonly cpm: Cpm;
  /** Task indices on the drawn critical path. */
  readonly nodes: ReadonlySet<number>;
  /** Edges on it, as `source>target` indices. */
  readonly edges: ReadonlySet<string>;
}

export const edgeKey = (source: number, target: number) => `${source}>${target}`;

export function criticalMarks(graph: TaskGraph, overhead = 0): CriticalMarks {
  const cpm = criticalPath(graph, overhead);
  const nodes = new Set(cpm.path);
  const edges = new Set<string>();
  for (let k = 1; k < cpm.path.length; k++)
    edges.add(edgeKey(cpm.path[k - 1] as number, cpm.path[k] as number));
  return { cpm, nodes, edges };
}

export interface WhatIf {
  /** The bound the cards show: max(longest chain, work over P) of `graph`. */
  readonly before: number;
  readonly after: number;
  /** after − before: ≤ 0. */
  readonly delta: number;
}

/**
 * The task's steps divided by k, rounded up (a non-empty task keeps at least one step): what
 * becomes of the bound the cards show, max(longest chain, work over `workers`) on `graph` (the
 * plan's estimates before a run, the steps it took after). With no `workers`, the longest chain.
 */
export function whatIf(
  graph: TaskGraph,
  taskId: string,
  k: number,
  overhead = 0,
  workers = Number.POSITIVE_INFINITY,
): WhatIf {
  const before = lowerBound(graph, workers, overhead);
  const i = graph.index.get(taskId);
  if (i === undefined || k <= 0) return { before, after: before, delta: 0 };
  const tasks = graph.tasks.map((t, j) =>
    j === i ? { ...t, steps: t.steps === 0 ? 0 : Math.max(1, Math.ceil(t.steps / k)) } : t,
  );
  const after = lowerBound(graphOrThrow({ kind: 'graph', id: graph.id, tasks }), workers, overhead);
  return { before, after, delta: after - before };
}

/**
 * The graph with each task's steps as the run took them, all its attempts together (a task that
 * never ran takes 0), for slack and what-ifs after a run.
 */
export function realizedTaskGraph(graph: TaskGraph, realized: Realized): TaskGraph {
  const took = new Map<string, number>();
  for (const a of realized.attempts)
    took.set(a.task, (took.get(a.task) ?? 0) + ((a.end ?? a.start) - a.start));
  const tasks = graph.tasks.map((t) => ({ ...t, steps: took.get(t.id) ?? 0 }));
  return graphOrThrow({ kind: 'graph', id: graph.id, tasks });
}

/**
 * The bound a what-if moves, as a card shows it: its name there ("planned estimate" before a run,
 * "lower bound" after it), the card's own figure, and P. A detail said "makespan ±0 (10 → 10)"
 * beside 11 critical steps and a lower-bound card of its own: three names for two numbers.
 */
export interface ShownBound {
  readonly name: string;
  readonly value: number;
  readonly workers: number;
}

/** The hover line: "t07: 5 steps, slack 3 — 2× faster: lower bound 40 → 40 (±0)". */
export function describeTask(
  graph: TaskGraph,
  marks: CriticalMarks,
  taskId: string,
  k: number,
  overhead = 0,
  bound?: ShownBound,
): string {
  const i = graph.index.get(taskId);
  if (i === undefined) return taskId;
  const slack = marks.cpm.slack[i] as number;
  const w = whatIf(graph, taskId, k, overhead, bound?.workers);
  const where = marks.nodes.has(i) ? t('dag.onPath') : t('dag.slack', { slack });
  const sign = w.delta < 0 ? '−' : '±';
  // The card's figure, moved by what the same bound on this graph moves: the card's bound of a run
  // counts each retry's own orchestrator step, which the graph of durations does not.
  const before = bound?.value ?? w.before;
  const after = Math.max(0, before + w.delta);
  return t('dag.task', {
    task: taskId,
    steps: String(graph.steps[i]),
    where,
    k,
    bound: bound?.name ?? t('dag.longestChain'),
    before: String(before),
    after: String(after),
    delta: `${sign}${Math.abs(w.delta)}`,
  });
}
