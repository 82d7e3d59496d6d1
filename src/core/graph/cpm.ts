import type { TaskGraph } from './types';

/**
 * The critical path method over a task graph. All times are in steps, from 0.
 * `overhead` is added to every task's cost: pass the orchestrator's main step cost to get the
 * bounds of a run in which each task start follows one orchestrator decision.
 */
export interface Cpm {
  readonly earliestStart: Int32Array;
  readonly earliestFinish: Int32Array;
  readonly latestStart: Int32Array;
  readonly latestFinish: Int32Array;
  /** latestStart − earliestStart: how far a task can slip without delaying the whole graph. */
  readonly slack: Int32Array;
  /** Longest path from the task's start to the end of the graph, the task included. */
  readonly bottomLevel: Int32Array;
  /** Length of the longest path: no schedule on any number of workers is shorter. */
  readonly length: number;
  /** One longest path, from a source to a sink, as task indices (ties broken by id). */
  readonly path: readonly number[];
  readonly totalSteps: number;
}

export function criticalPath(graph: TaskGraph, overhead = 0): Cpm {
  const { n, topo, preds, succs, idRank } = graph;
  const cost = (i: number) => (graph.steps[i] as number) + overhead;
  const es = new Int32Array(n);
  const ef = new Int32Array(n);
  let length = 0;
  let totalSteps = 0;
  for (let k = 0; k < n; k++) {
    const i = topo[k] as number;
    let start = 0;
    for (const p of preds[i] as number[]) start = Math.max(start, ef[p] as number);
    es[i] = start;
    ef[i] = start + cost(i);
    length = Math.max(length, ef[i] as number);
    totalSteps += graph.steps[i] as number;
  }
  const lf = new Int32Array(n);
  const ls = new Int32Array(n);
  const bl = new Int32Array(n);
  const slack = new Int32Array(n);
  for (let k = n - 1; k >= 0; k--) {
    const i = topo[k] as number;
    let finish = length;
    let below = 0;
    for (const s of succs[i] as number[]) {
      finish = Math.min(finish, ls[s] as number);
      below = Math.max(below, bl[s] as number);
    }
    lf[i] = finish;
    ls[i] = finish - cost(i);
    bl[i] = cost(i) + below;
    slack[i] = (ls[i] as number) - (es[i] as number);
  }

  const path: number[] = [];
  const better = (a: number, b: number) => b < 0 || (idRank[a] as number) < (idRank[b] as number);
  let at = -1;
  for (let i = 0; i < n; i++) {
    if (preds[i]?.length === 0 && bl[i] === length && better(i, at)) at = i;
  }
  while (at >= 0) {
    path.push(at);
    let next = -1;
    for (const s of succs[at] as number[]) {
      if (es[s] === ef[at] && slack[s] === 0 && better(s, next)) next = s;
    }
    at = next;
  }

  return {
    earliestStart: es,
    earliestFinish: ef,
    latestStart: ls,
    latestFinish: lf,
    slack,
    bottomLevel: bl,
    length,
    path,
    totalSteps,
  };
}

/**
 * The time model (docs/architecture.md): no schedule on P workers beats max(critical path, ceil(total steps / P)).
 * With an orchestrator overhead m per task, a chain pays m per task, and so does a worker: it is
 * held from the decision that assigns it (m) to its task's end, so the work over P is
 * ceil((total + n·m) / P). This is the bound of core/trace/realized-bound.ts on the plan's step
 * estimates, so a run whose tasks take their estimates gets the same number from both; with m
 * added once instead, stg-100 on 4 workers read "lower bound 153 · planned estimate 129".
 */
export function lowerBound(graph: TaskGraph, workers: number, overhead = 0): number {
  if (graph.n === 0) return 0;
  const cpm = criticalPath(graph, overhead);
  return Math.max(cpm.length, Math.ceil((cpm.totalSteps + graph.n * overhead) / workers));
}
