/**
 * A run's graph laid out so that its tasks hold still while the run goes on (issue 44: laid out
 * afresh with each orchestrator step, Sugiyama's decrossing put the tasks of a column in another
 * order each time — a wide search's ten searches turned upside down at the first step and were
 * shuffled again at the end). Here a task's height comes from the planned graph alone: the same
 * before the run, at every step and in the finished picture. Only its column follows the run
 * (everything a node waits for is to its left), and only until the task is launched.
 *
 * Rows: each a chain of tasks, one waiting for the next. A task and what it waits for never share
 * a column, so a row's tasks never meet, while two tasks neither of which waits for the other (a
 * run may launch them in one step, into one column) are in different rows. As few rows as that
 * allows (the most tasks that could run at once), ordered by their tasks' heights in the planned
 * Sugiyama layout. The orchestrator's steps and the end keep a lane of their own across the
 * middle, no task in it; a retried attempt's node takes its task's row. Measured on the gallery's
 * graphs and random ones of 120 to 390 tasks: 0.6 to 1.7 times the planned layout's height (its
 * long edges take no room here, they bend around the nodes in their way). Pure: coordinates only.
 */

import type { DagInput, DagLayout, LaidEdge, LaidNode } from './dag-shapes';

/** Space between two nodes of a column and between two columns: what the Sugiyama layout leaves. */
export const GAP_ACROSS = 8;
export const GAP_ALONG = 36;
/** Least distance from an edge's bend to a node it passes. */
const CLEAR = 3;

export interface SteadyRows {
  /** Centre height of each planned task. */
  readonly y: readonly number[];
  /** Centre height of the orchestrator's lane. */
  readonly lane: number;
}

/**
 * The rows of `tasks` planned tasks (their dependencies `edges`, each `[source, target]`), `pitch`
 * apart: as few as there can be, each a chain of tasks one waiting for the other (a minimum chain
 * cover: as many rows as the most tasks that could run at once), ordered by their tasks' heights
 * in the planned layout `plannedY`; and a lane across the middle.
 */
export function steadyRows(
  tasks: number,
  edges: readonly (readonly [number, number])[],
  plannedY: readonly number[],
  pitch: number,
): SteadyRows {
  const before = ancestors(tasks, edges);
  const words = Math.ceil(tasks / 32);
  const waits = (i: number, j: number) => ((before[i * words + (j >> 5)] as number) & (1 << (j & 31))) !== 0;
  // Who may follow a task in its row: what waits for it, those it points at first, then the nearest.
  const direct = new Set(edges.map(([s, t]) => s * tasks + t));
  const later: number[][] = Array.from({ length: tasks }, (_, i) => {
    const out: number[] = [];
    for (let j = 0; j < tasks; j++) if (waits(j, i)) out.push(j);
    const gap = (j: number) => Math.abs((plannedY[j] as number) - (plannedY[i] as number));
    return out.sort(
      (a, b) =>
        Number(direct.has(i * tasks + b)) - Number(direct.has(i * tasks + a)) || gap(a) - gap(b) || a - b,
    );
  });
  // A maximum matching of each task to one that follows it (augmenting paths); the chains it
  // leaves are the rows.
  const next = new Array<number>(tasks).fill(-1);
  const prev = new Array<number>(tasks).fill(-1);
  for (let i = 0; i < tasks; i++) {
    const j = (later[i] as number[]).find((k) => prev[k] === -1);
    if (j !== undefined) {
      next[i] = j;
      prev[j] = i;
    }
  }
  for (let i = 0; i < tasks; i++) {
    if (next[i] !== -1) continue;
    const seen = new Uint8Array(tasks);
    const augment = (u: number): boolean => {
      for (const v of later[u] as number[]) {
        if (seen[v]) continue;
        seen[v] = 1;
        const owner = prev[v] as number;
        if (owner === -1 || augment(owner)) {
          next[u] = v;
          prev[v] = u;
          return true;
        }
      }
      return false;
    };
    augment(i);
  }
  const chains: number[][] = [];
  for (let i = 0; i < tasks; i++) {
    if (prev[i] !== -1) continue;
    const chain = [i];
    for (let k = next[i] as number; k !== -1; k = next[k] as number) chain.push(k);
    chains.push(chain);
  }
  const mean = (chain: number[]) => chain.reduce((sum, i) => sum + (plannedY[i] as number), 0) / chain.length;
  const means = new Map(chains.map((c) => [c, mean(c)]));
  chains.sort(
    (a, b) => (means.get(a) as number) - (means.get(b) as number) || (a[0] as number) - (b[0] as number),
  );
  // The lane: the middle row; the rows from it on move down one.
  const lane = Math.floor(chains.length / 2);
  const y = new Array<number>(tasks).fill(0);
  chains.forEach((chain, row) => {
    for (const i of chain) y[i] = (row < lane ? row : row + 1) * pitch;
  });
  return { y, lane: lane * pitch };
}

/** Each task's ancestors as a bit set, `ceil(tasks / 32)` words a task. */
function ancestors(tasks: number, edges: readonly (readonly [number, number])[]): Uint32Array {
  const words = Math.ceil(tasks / 32);
  const bits = new Uint32Array(tasks * words);
  const parents: number[][] = Array.from({ length: tasks }, () => []);
  for (const [s, t] of edges) parents[t]?.push(s);
  for (const i of topological(tasks, edges)) {
    for (const p of parents[i] as number[]) {
      bits[i * words + (p >> 5)] = (bits[i * words + (p >> 5)] as number) | (1 << (p & 31));
      for (let w = 0; w < words; w++)
        bits[i * words + w] = (bits[i * words + w] as number) | (bits[p * words + w] as number);
    }
  }
  return bits;
}

/** The nodes in an order where each comes after all it waits for (throws on a cycle). */
function topological(n: number, edges: readonly (readonly [number, number])[]): number[] {
  const indegree = new Array<number>(n).fill(0);
  const children: number[][] = Array.from({ length: n }, () => []);
  for (const [s, t] of edges) {
    children[s]?.push(t);
    indegree[t] = (indegree[t] as number) + 1;
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (indegree[i] === 0) out.push(i);
  for (let k = 0; k < out.length; k++)
    for (const c of children[out[k] as number] as number[]) {
      indegree[c] = (indegree[c] as number) - 1;
      if (indegree[c] === 0) out.push(c);
    }
  if (out.length !== n) throw new Error('layoutDag: the graph has a cycle');
  return out;
}

/**
 * The graph `input` with its nodes at fixed heights: a planned task at `rows.y`, a node that
 * `input.steady.rowOf` puts in a task's row at that task's height, the others in the lane. A
 * node's column is its longest chain of predecessors, as in the Sugiyama layout.
 */
export function steadyLayout(input: DagInput, rows: SteadyRows, nodeHeight: number): DagLayout {
  const n = input.ids.length;
  const nodeWidth = input.nodeWidth as number;
  for (const [s, t] of input.edges)
    if (!(s >= 0 && s < n && t >= 0 && t < n))
      throw new Error(`layoutDag: edge ${s}→${t} names a node outside 0..${n - 1}`);
  const parents: number[][] = Array.from({ length: n }, () => []);
  for (const [s, t] of input.edges) parents[t]?.push(s);
  const layer = new Array<number>(n).fill(0);
  for (const i of topological(n, input.edges))
    for (const p of parents[i] as number[]) layer[i] = Math.max(layer[i] as number, (layer[p] as number) + 1);
  const rowOf = input.steady?.rowOf ?? [];
  const y = input.ids.map((_, i) => {
    const task = rowOf[i] ?? i;
    return task >= 0 ? (rows.y[task] ?? rows.lane) : rows.lane;
  });
  // A run whose record lacks a launch could put two nodes at one place: the later one moves down.
  const columns = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const column = columns.get(layer[i] as number);
    if (column) column.push(i);
    else columns.set(layer[i] as number, [i]);
  }
  for (const column of columns.values()) {
    column.sort((a, b) => (y[a] as number) - (y[b] as number) || a - b);
    for (let k = 1; k < column.length; k++) {
      const least = (y[column[k - 1] as number] as number) + nodeHeight + GAP_ACROSS;
      if ((y[column[k] as number] as number) < least) y[column[k] as number] = least;
    }
  }
  const top = Math.min(...y, rows.lane) - nodeHeight / 2;
  for (let i = 0; i < n; i++) y[i] = (y[i] as number) - top;
  const height = Math.max(...y, rows.lane - top) + nodeHeight / 2;
  const columnX = (l: number) => l * (nodeWidth + GAP_ALONG) + nodeWidth / 2;
  const nodes: LaidNode[] = input.ids.map((id, index) => ({
    index,
    id,
    kind: input.kinds[index] ?? 'task',
    x: columnX(layer[index] as number),
    y: y[index] as number,
  }));
  // A long edge bends at each column it crosses: on the straight line from its source to its
  // target, or beside the node that is in the way.
  const heights = new Map([...columns].map(([l, column]) => [l, column.map((i) => y[i] as number)]));
  const clear = (l: number, want: number) => {
    const taken = heights.get(l) ?? [];
    const near = nodeHeight / 2 + CLEAR;
    const free = (v: number) => v >= 0 && v <= height && taken.every((h) => Math.abs(h - v) >= near);
    if (free(want)) return want;
    const sides = taken.flatMap((h) => [h - near, h + near]).filter(free);
    return sides.sort((a, b) => Math.abs(a - want) - Math.abs(b - want))[0] ?? want;
  };
  const edges: LaidEdge[] = input.edges.map(([source, target]) => {
    const from = layer[source] as number;
    const to = layer[target] as number;
    const y0 = y[source] as number;
    const y1 = y[target] as number;
    const points: (readonly [number, number])[] = [[columnX(from), y0]];
    for (let l = from + 1; l < to; l++)
      points.push([columnX(l), clear(l, y0 + ((y1 - y0) * (l - from)) / (to - from))]);
    points.push([columnX(to), y1]);
    return { source, target, points };
  });
  const layers = Math.max(...layer) + 1;
  return {
    nodes,
    edges,
    width: layers * nodeWidth + (layers - 1) * GAP_ALONG,
    height,
    nodeWidth,
    nodeHeight,
  };
}
