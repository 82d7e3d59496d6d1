/**
 * Layered layout of a run's graph with d3-dag's Sugiyama method, left to right: a node's layer is
 * its longest chain of predecessors (layeringLongestPath), so everything a node waits for is to
 * its left. The graph is plain data (ids, kinds, edges) so the same function lays out the planned
 * task graph and the realized one with the orchestrator's steps, here or in a worker. Pure:
 * coordinates only, no drawing.
 *
 * Operators are picked by size. Measured in node on this 2-core machine (randomGraph layrpred,
 * meanPreds 2, median of 3): 100 tasks — two-layer median decrossing + centre coords 23 ms;
 * 1,500 tasks — the same takes 4.3 s, DFS decrossing + centre coords 0.2 s. Simplex layering and
 * optimal decrossing are far slower still. So: careful up to SMALL nodes, cheap beyond.
 *
 * A run's graph that may show the orchestrator's steps (`steady` in its input) is laid out by
 * steady-layout.ts instead, which takes its tasks' rows from this layout of the plan and keeps
 * them for the whole run: laid out afresh at each step, the decrossing moved tasks up and down.
 */

import {
  coordCenter,
  graph as dagGraph,
  decrossDfs,
  decrossTwoLayer,
  layeringLongestPath,
  sugiyama,
  twolayerAgg,
} from 'd3-dag';
import type { TaskGraph } from '../../core/graph/types';
import type { DagInput, DagLayout, LaidEdge, LaidNode } from './dag-shapes';
import { NODE_WIDTH } from './node-labels';
import { GAP_ACROSS, GAP_ALONG, type SteadyRows, steadyLayout, steadyRows } from './steady-layout';

export type { DagInput, DagLayout, LaidEdge, LaidNode, NodeKind } from './dag-shapes';
export { NODE_WIDTH };

/** Up to this many nodes the layout spends time on fewer crossings. */
export const SMALL = 300;
/** … and up to this many edges: the orchestrator's steps add long edges, and with them dummy nodes. */
export const SMALL_EDGES = 400;
export const NODE_HEIGHT = 22;

/** The planned task graph as layout input: tasks only, an edge per dependency. */
export function taskGraphInput(graph: TaskGraph): DagInput {
  const edges: [number, number][] = [];
  for (let i = 0; i < graph.n; i++) for (const p of graph.preds[i] ?? []) edges.push([p, i]);
  return { ids: graph.ids, kinds: graph.ids.map(() => 'task'), edges };
}

export function layoutDag(input: DagInput): DagLayout {
  const nodeWidth = input.nodeWidth ?? NODE_WIDTH;
  if (input.steady && input.ids.length > 0)
    return steadyLayout({ ...input, nodeWidth }, rowsOf(input, input.steady.tasks), NODE_HEIGHT);
  return sugiyamaLayout(input, nodeWidth);
}

/** The last planned graph's rows: a live run asks for the same ones at each of its layouts. */
let lastRows: { key: string; rows: SteadyRows } | undefined;

/** The rows of `input`'s first `tasks` nodes, from their own layout (the planned graph's). */
function rowsOf(input: DagInput, tasks: number): SteadyRows {
  const ids = input.ids.slice(0, tasks);
  const edges = input.edges.filter(([s, t]) => s < tasks && t < tasks);
  const key = JSON.stringify([ids, edges]);
  if (lastRows?.key === key) return lastRows.rows;
  const planned = sugiyamaLayout({ ids, kinds: input.kinds.slice(0, tasks), edges }, NODE_WIDTH);
  const rows = steadyRows(
    tasks,
    edges,
    planned.nodes.map((n) => n.y),
    NODE_HEIGHT + GAP_ACROSS,
  );
  lastRows = { key, rows };
  return rows;
}

function sugiyamaLayout(input: DagInput, nodeWidth: number): DagLayout {
  const n = input.ids.length;
  if (n === 0) return { nodes: [], edges: [], width: 0, height: 0, nodeWidth, nodeHeight: NODE_HEIGHT };
  const dag = dagGraph<number, undefined>();
  const nodes = Array.from({ length: n }, (_, i) => dag.node(i));
  for (const [s, t] of input.edges) {
    const source = nodes[s];
    const target = nodes[t];
    if (!source || !target) throw new Error(`layoutDag: edge ${s}→${t} names a node outside 0..${n - 1}`);
    dag.link(source, target);
  }
  const decross =
    n <= SMALL && input.edges.length <= SMALL_EDGES
      ? decrossTwoLayer().order(twolayerAgg()).inits([decrossDfs()]).passes(2)
      : decrossDfs();
  // d3-dag lays layers top to bottom; sizes are given as [across, along] and swapped on output.
  const layout = sugiyama()
    .layering(layeringLongestPath())
    .decross(decross)
    .coord(coordCenter())
    .nodeSize([NODE_HEIGHT, nodeWidth])
    .gap([GAP_ACROSS, GAP_ALONG]);
  const { width, height } = layout(dag);
  const laid: LaidNode[] = nodes.map((node, index) => ({
    index,
    id: input.ids[index] as string,
    kind: input.kinds[index] ?? 'task',
    x: node.y,
    y: node.x,
  }));
  const edges: LaidEdge[] = [];
  for (const link of dag.links()) {
    edges.push({
      source: link.source.data,
      target: link.target.data,
      points: link.points.map(([x, y]) => [y, x] as const),
    });
  }
  return { nodes: laid, edges, width: height, height: width, nodeWidth, nodeHeight: NODE_HEIGHT };
}
