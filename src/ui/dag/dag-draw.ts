/**
 * Drawing the run's graph with d3: shapes once per layout, then cheap updates of what changes as
 * the run goes on (status fills, the path's marks, each node's times). Node text comes from the
 * trace and is set as text, never as markup.
 */

import { select } from 'd3-selection';
import { curveBasis, line } from 'd3-shape';
import type { TaskStatus } from '../model/replay';
import { edgeKey } from './critical';
import type { DagLayout } from './layout';
import { charsFor, fitLabels, LABELS_UP_TO } from './node-labels';

export { LABELS_UP_TO };

export const STATUS_COLOURS: Readonly<Record<TaskStatus, string>> = {
  waiting: '#e4e7ee',
  ready: '#cfe0ff',
  running: '#f5c542',
  done: '#7cc79a',
  degraded: '#b7d9a8',
  failed: '#e0675f',
  skipped: '#b9bec9',
  cancelled: '#9aa0ab',
};
export const PATH_COLOUR = '#d1342f';
export const MAIN_FILL = '#2f3a4f';
const EDGE_COLOUR = '#b4bac6';
const OUTLINE = '#7d8595';

export interface Drawn {
  readonly groups: SVGGElement[];
  readonly shapes: SVGRectElement[];
  readonly edges: SVGPathElement[];
  readonly edgeKeys: string[];
}

export function drawGraph(canvas: SVGGElement, l: DagLayout, labels: readonly string[]): Drawn {
  const root = select(canvas);
  root.selectChildren().remove();
  // Large graphs: straight segments and no labels, which cost more to draw than they tell.
  const large = l.nodes.length > LABELS_UP_TO;
  const path = large ? line() : line().curve(curveBasis);
  const edges = root
    .append('g')
    .attr('fill', 'none')
    .attr('stroke', EDGE_COLOUR)
    .selectAll('path')
    .data(l.edges)
    .join('path')
    .attr('d', (e) => path(e.points as [number, number][]));
  const w = l.nodeWidth;
  const h = l.nodeHeight;
  const nodes = root
    .append('g')
    .selectAll('g')
    .data(l.nodes)
    .join('g')
    .attr('data-testid', 'dag-node')
    .attr('data-task', (n) => n.id)
    .attr('data-kind', (n) => n.kind)
    .attr('transform', (n) => `translate(${n.x - w / 2},${n.y - h / 2})`);
  // In the tab order, named, so a keyboard reaches each node's detail (arrow keys move along the
  // edges and columns: node-keys.ts). A large graph's thousands of nodes stay out of it.
  if (!large)
    nodes
      .attr('tabindex', 0)
      .attr('role', 'button')
      .attr('aria-label', (n) => labels[n.index] ?? n.id);
  nodes
    .append('rect')
    .attr('width', w)
    .attr('height', h)
    .attr('rx', (n) => (n.kind === 'main' ? h / 2 : 4))
    .attr('fill', (n) => (n.kind === 'main' ? MAIN_FILL : STATUS_COLOURS.waiting))
    .attr('stroke', OUTLINE);
  // Whole names where the node is wide enough, else cut so that no two read alike; the full name
  // is the node's tooltip.
  const fitted = large
    ? []
    : fitLabels(
        l.nodes.map((n) => labels[n.index] ?? n.id),
        charsFor(w),
      );
  const names = new Map(l.nodes.map((n, i) => [n.index, fitted[i] ?? '']));
  nodes
    .filter(() => !large)
    .append('title')
    .text((n) => labels[n.index] ?? n.id);
  nodes
    .filter(() => !large)
    .append('text')
    .attr('x', w / 2)
    .attr('y', h / 2 + 4)
    .attr('text-anchor', 'middle')
    .attr('font-size', 10)
    .attr('fill', (n) => (n.kind === 'main' ? '#ffffff' : '#1d2330'))
    .attr('pointer-events', 'none')
    .text((n) => names.get(n.index) ?? '');
  return {
    groups: nodes.nodes() as SVGGElement[],
    shapes: nodes.select<SVGRectElement>('rect').nodes(),
    edges: edges.nodes() as SVGPathElement[],
    edgeKeys: l.edges.map((e) => edgeKey(e.source, e.target)),
  };
}

export interface NodeState {
  readonly fill: string | undefined;
  readonly onPath: boolean;
  readonly planned: boolean;
  readonly start: number | undefined;
  readonly finish: number | undefined;
}

const stateKey = (s: NodeState) => `${s.fill}|${s.onPath}|${s.planned}|${s.start}|${s.finish}`;

/** Touches only nodes and edges whose state changed since the last call (`shown` remembers). */
export function updateGraph(
  drawn: Drawn,
  stateOf: (index: number) => NodeState,
  pathEdges: ReadonlySet<string>,
  plannedEdges: ReadonlySet<string>,
  shown: { nodes: string[]; edges: string[] },
): void {
  for (let i = 0; i < drawn.groups.length; i++) {
    const s = stateOf(i);
    const key = stateKey(s);
    if (shown.nodes[i] === key) continue;
    shown.nodes[i] = key;
    const g = drawn.groups[i] as SVGGElement;
    const rect = drawn.shapes[i] as SVGRectElement;
    g.setAttribute('data-testid', s.onPath ? 'dag-node-critical' : 'dag-node');
    setOrRemove(g, 'data-start', s.start);
    setOrRemove(g, 'data-finish', s.finish);
    if (s.fill) rect.setAttribute('fill', s.fill);
    rect.setAttribute('stroke', s.onPath ? PATH_COLOUR : s.planned ? PATH_COLOUR : OUTLINE);
    rect.setAttribute('stroke-width', s.onPath ? '2.5' : s.planned ? '1.5' : '1');
    if (s.planned && !s.onPath) rect.setAttribute('stroke-dasharray', '4 3');
    else rect.removeAttribute('stroke-dasharray');
  }
  for (let k = 0; k < drawn.edges.length; k++) {
    const edgeKey = drawn.edgeKeys[k] as string;
    const state = pathEdges.has(edgeKey) ? 'path' : plannedEdges.has(edgeKey) ? 'planned' : '';
    if (shown.edges[k] === state) continue;
    shown.edges[k] = state;
    const el = drawn.edges[k] as SVGPathElement;
    if (state) el.setAttribute('stroke', PATH_COLOUR);
    else el.removeAttribute('stroke');
    el.setAttribute('stroke-width', state === 'path' ? '2.5' : state === 'planned' ? '1.5' : '1');
    if (state === 'planned') el.setAttribute('stroke-dasharray', '4 3');
    else el.removeAttribute('stroke-dasharray');
  }
}

function setOrRemove(el: Element, name: string, value: number | undefined): void {
  if (value === undefined) el.removeAttribute(name);
  else el.setAttribute(name, String(value));
}
