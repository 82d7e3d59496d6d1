/**
 * The graph the run view draws: the tasks with their dependencies and, once the run has them, the
 * orchestrator's own steps as nodes of kind `main` — each step points at the attempts it launched
 * (fan-out) and at its next step (the orchestrator decides one step after another, so the steps
 * stand in time order), each task at the first step that saw it end (fan-in), and a closing `end`
 * node collects what no later step saw. An attempt that failed and was tried again (a killed
 * worker, a fault, a crash) has a node of its own beside its task's, pointing at the step that saw
 * it fail: the path a retry waited on runs through it. The realized critical path is marked on
 * it. Pure: data only.
 */

import type { TaskGraph } from '../../core/graph/types';
import type { PathNode } from '../../core/trace/realized-path';
import type { Realized } from '../model/replay';
import { edgeKey } from './critical';
import type { DagInput, NodeKind } from './layout';
import { nodeWidthFor } from './node-labels';
import { isPeersPlan } from './peers';

export interface RunGraph {
  readonly input: DagInput;
  /** What each node is called on the page. */
  readonly labels: readonly string[];
  /** Step-time each node started and finished (a task's last attempt); undefined before it ran. */
  readonly start: readonly (number | undefined)[];
  readonly finish: readonly (number | undefined)[];
  /** Tasks come first (their graph index), then one node per orchestrator step, then `end`. */
  readonly taskCount: number;
  /** Node index of each orchestrator step, by step number. */
  readonly stepNode: ReadonlyMap<number, number>;
  /** Node index of each failed attempt that was tried again, by `task#attempt`. */
  readonly attemptNode: ReadonlyMap<string, number>;
  readonly endNode: number | undefined;
}

/**
 * The orchestrator's steps are drawn while tasks and steps together are at most this many; past it
 * the graph shows tasks only and the stage strip has the steps. Each step adds long edges, which
 * the layout pays for in dummy nodes: 1,500 tasks with their 98 steps take 1.2 s to lay out, the
 * tasks alone 0.24 s (node, this machine).
 */
export const MAX_RUN_GRAPH_NODES = 400;

/**
 * Whether the run's graph has its orchestrator steps as nodes (else tasks only). A peers plan has
 * none to draw: its `orchestrator.step` events are the turn-taker's, at no cost, and the turns'
 * own dependencies already show the rounds.
 */
export function drawsSteps(graph: TaskGraph, realized: Realized | undefined): boolean {
  if (!realized || realized.path.unavailable || isPeersPlan(graph.ids)) return false;
  const steps = realized.stages.length;
  return steps > 0 && graph.n + steps + 1 <= MAX_RUN_GRAPH_NODES;
}

/**
 * Whether the graph could ever show its orchestrator's steps: then it is laid out steady (its
 * tasks' rows from the plan, a lane for the steps) from the start, before the run has any step.
 */
export function mayDrawSteps(graph: TaskGraph): boolean {
  return !isPeersPlan(graph.ids) && graph.n + 2 <= MAX_RUN_GRAPH_NODES;
}

/** Changes exactly when the run's graph gains or loses a node: what its layout depends on. */
export function graphShape(graph: TaskGraph, realized: Realized | undefined): string {
  if (!drawsSteps(graph, realized)) return 'tasks';
  return `${realized?.stages.length}|${retried(realized as Realized).length}|${realized?.endedAt ?? ''}`;
}

const attemptKey = (task: string, attempt: number) => `${task}#${attempt}`;

/** Indices into `realized.attempts` of the attempts that ended and were followed by another of their task. */
function retried(realized: Realized): number[] {
  const last = new Map<string, number>();
  for (const a of realized.attempts) last.set(a.task, Math.max(last.get(a.task) ?? 0, a.attempt));
  const out: number[] = [];
  realized.attempts.forEach((a, k) => {
    if (a.end !== undefined && a.attempt < (last.get(a.task) as number)) out.push(k);
  });
  return out;
}

export const END_ID = 'main:end';
export const stepId = (step: number) => `main:${step}`;

export function runGraph(graph: TaskGraph, realized: Realized | undefined): RunGraph {
  const n = graph.n;
  const ids: string[] = [...graph.ids];
  const kinds: NodeKind[] = graph.ids.map(() => 'task');
  const labels: string[] = [...graph.ids];
  const start: (number | undefined)[] = new Array(n).fill(undefined);
  const finish: (number | undefined)[] = new Array(n).fill(undefined);
  const edges: [number, number][] = [];
  for (let i = 0; i < n; i++) for (const p of graph.preds[i] ?? []) edges.push([p, i]);
  const stepNode = new Map<number, number>();
  const attemptNode = new Map<string, number>();
  // The row each node is drawn in: a task its own, a retried attempt its task's, a step the lane.
  const rowOf = graph.ids.map((_, i) => i);
  const steady = mayDrawSteps(graph) ? { tasks: n, rowOf } : undefined;
  const plain = {
    input: { ids, kinds, edges, nodeWidth: nodeWidthFor(labels), steady },
    labels,
    start,
    finish,
    taskCount: n,
    stepNode,
    attemptNode,
    endNode: undefined,
  };
  if (!realized) return plain;

  // Each task's last attempt: its times on the page, and the seq its end came at.
  const lastEndSeq = new Array<number>(n).fill(-1);
  for (const a of realized.attempts) {
    const i = graph.index.get(a.task);
    if (i === undefined) continue;
    start[i] = a.start;
    finish[i] = a.end;
    lastEndSeq[i] = a.endSeq;
  }
  const stages = realized.stages;
  if (!drawsSteps(graph, realized)) return plain;

  const runEnd = realized.endedAt;
  const clip = (t: number) => (runEnd === undefined ? t : Math.min(t, runEnd));
  const out: boolean[] = new Array<boolean>(n).fill(false);
  for (const s of stages) {
    const node = ids.length;
    stepNode.set(s.step, node);
    ids.push(stepId(s.step));
    kinds.push('main');
    labels.push(`main ${s.step}`);
    rowOf.push(-1);
    start.push(s.t);
    finish.push(clip(s.t + s.main));
    out.push(false);
  }
  // The attempts that failed and were tried again, each a node of its own (a task node shows its
  // task's last attempt), labelled with its attempt number and what ended it.
  const again = retried(realized);
  for (const k of again) {
    const a = realized.attempts[k] as Realized['attempts'][number];
    const node = ids.length;
    attemptNode.set(attemptKey(a.task, a.attempt), node);
    ids.push(attemptKey(a.task, a.attempt));
    kinds.push('task');
    labels.push(`${a.task} #${a.attempt} ${a.outcome === 'cancelled' ? 'cancelled' : 'failed'}`);
    rowOf.push(graph.index.get(a.task) ?? -1);
    start.push(a.start);
    finish.push(a.end);
    out.push(false);
  }
  // Fan-out: a step points at what it launched, the attempt's own node for a retried one.
  const nodeOfAttempt = (k: number): number | undefined => {
    const a = realized.attempts[k] as Realized['attempts'][number];
    return attemptNode.get(attemptKey(a.task, a.attempt)) ?? graph.index.get(a.task);
  };
  for (const s of stages) {
    const node = stepNode.get(s.step) as number;
    const launched = new Set<number>();
    for (const k of s.launched) {
      const target = nodeOfAttempt(k);
      if (target !== undefined) launched.add(target);
    }
    for (const target of launched) {
      edges.push([node, target]);
      out[node] = true;
    }
  }
  // The orchestrator's steps follow one another: each points at the next.
  for (let k = 1; k < stages.length; k++) {
    edges.push([
      stepNode.get((stages[k - 1] as { step: number }).step) as number,
      stepNode.get((stages[k] as { step: number }).step) as number,
    ]);
    out[stepNode.get((stages[k - 1] as { step: number }).step) as number] = true;
  }
  // Fan-in: a task, and a retried attempt, point at the first step after its end (stages are in
  // seq order).
  const seqs = stages.map((s) => s.seq);
  let endNode: number | undefined;
  const toEnd: number[] = [];
  const fanIn = (node: number, endSeq: number) => {
    const k = firstAfter(seqs, endSeq);
    if (k < stages.length) {
      edges.push([node, stepNode.get((stages[k] as { step: number }).step) as number]);
      out[node] = true;
    } else toEnd.push(node);
  };
  for (let i = 0; i < n; i++) if ((lastEndSeq[i] as number) >= 0) fanIn(i, lastEndSeq[i] as number);
  // A retried attempt points at the step that launched its retry: what the retry waited on (the
  // failure, then its backoff), and so where the realized path goes from it.
  const launchedBy = new Map<string, number>();
  for (const s of stages)
    for (const k of s.launched) {
      const a = realized.attempts[k] as Realized['attempts'][number];
      launchedBy.set(attemptKey(a.task, a.attempt), stepNode.get(s.step) as number);
    }
  for (const k of again) {
    const a = realized.attempts[k] as Realized['attempts'][number];
    const node = attemptNode.get(attemptKey(a.task, a.attempt)) as number;
    const retry = launchedBy.get(attemptKey(a.task, a.attempt + 1));
    if (retry !== undefined) {
      edges.push([node, retry]);
      out[node] = true;
    } else fanIn(node, a.endSeq);
  }
  if (runEnd !== undefined) {
    endNode = ids.length;
    ids.push(END_ID);
    kinds.push('main');
    labels.push('end');
    rowOf.push(-1);
    start.push(runEnd);
    finish.push(runEnd);
    for (const i of toEnd) edges.push([i, endNode]);
    for (const node of stepNode.values()) if (!out[node]) edges.push([node, endNode]);
  }
  return {
    input: { ids, kinds, edges, nodeWidth: nodeWidthFor(labels), steady },
    labels,
    start,
    finish,
    taskCount: n,
    stepNode,
    attemptNode,
    endNode,
  };
}

/** Index of the first seq greater than `seq` in an ascending list (its length when none). */
function firstAfter(seqs: readonly number[], seq: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((seqs[mid] as number) > seq) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface PathMarks {
  readonly nodes: ReadonlySet<number>;
  readonly edges: ReadonlySet<string>;
}

/**
 * The nodes of the realized path: its orchestrator steps, the `end` node of a finished run, each
 * task whose last attempt is on it and each retried attempt on it (the path runs through a failed
 * attempt when its retry waited for it; the backoff after it is the edge to the next step). Edges
 * between consecutive marked nodes are marked: each is an edge of the graph.
 */
export function realizedMarks(rg: RunGraph, realized: Realized, graph: TaskGraph): PathMarks {
  const nodes: number[] = [];
  const lastAttempt = new Map<string, number>();
  for (const a of realized.attempts) lastAttempt.set(a.task, a.attempt);
  for (const link of realized.path.nodes) {
    const node = nodeOf(link, rg, graph, lastAttempt);
    if (node !== undefined && nodes.at(-1) !== node) nodes.push(node);
  }
  if (rg.endNode !== undefined && realized.path.nodes.length > 0) nodes.push(rg.endNode);
  const edges = new Set<string>();
  for (let k = 1; k < nodes.length; k++) edges.add(edgeKey(nodes[k - 1] as number, nodes[k] as number));
  return { nodes: new Set(nodes), edges };
}

function nodeOf(
  link: PathNode,
  rg: RunGraph,
  graph: TaskGraph,
  lastAttempt: ReadonlyMap<string, number>,
): number | undefined {
  if (link.kind === 'main') return rg.stepNode.get(link.step);
  if (link.kind !== 'task') return undefined;
  if (lastAttempt.get(link.task) === link.attempt) return graph.index.get(link.task);
  return rg.attemptNode.get(attemptKey(link.task, link.attempt));
}
