/**
 * Where the agent graph's names go. A name under its node, as before, ran into the neighbours'
 * circles from about 14 subagents on, and a peer's name sat on the arrows leaving it. Names now
 * go outside the ring, beside their node: level while no two collide, else along the radius
 * (neighbours' names then sit side by side like spokes), else not at all (each node's tooltip names
 * it). Every placement is checked against every other name and every circle. Pure.
 */

import type { AgentGraph } from './agent-graph';

/** Width of a character of the 11 px labels, a little generous (DejaVu Sans). */
export const LABEL_CHAR = 6.6;
/** A label's height, 11 px type with a pixel to spare either side. */
export const LABEL_HEIGHT = 13;
/** Between a circle's rim and its name. */
const GAP = 4;

export type Point = readonly [number, number];

export interface AgentLabel {
  readonly id: string;
  readonly text: string;
  /** Where the text is anchored, its anchor, and its rotation in degrees about (x, y). */
  readonly x: number;
  readonly y: number;
  readonly anchor: 'start' | 'middle' | 'end';
  readonly rotate: number;
  /** The box the text takes, corner by corner, for the checks (and the tests). */
  readonly corners: readonly Point[];
}

export interface LabelLayout {
  readonly labels: readonly AgentLabel[];
  /** Everything drawn, circles and names, with a margin: the picture's viewBox. */
  readonly bounds: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  };
}

export interface Circle {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/**
 * The names of `graph`'s nodes, with `radius(node)` the circle each is drawn with. The orchestrator,
 * in the middle, has its name under it.
 */
export function agentLabels(graph: AgentGraph, radius: (id: string) => number, size: number): LabelLayout {
  const circles = graph.nodes.map((n) => ({ x: n.x, y: n.y, r: radius(n.id) }));
  const centre = size / 2;
  const place = (mode: 'level' | 'radial') =>
    graph.nodes.map((n, i) => {
      const r = (circles[i] as Circle).r;
      const width = [...n.label].length * LABEL_CHAR;
      if (n.kind === 'orchestrator') return level(n.id, n.label, n.x, n.y, r, Math.PI / 2, width);
      const angle = Math.atan2(n.y - centre, n.x - centre);
      return mode === 'level'
        ? level(n.id, n.label, n.x, n.y, r, angle, width)
        : radial(n.id, n.label, n.x, n.y, r, angle, width);
    });
  let labels: AgentLabel[] = [];
  for (const mode of ['level', 'radial'] as const) {
    const tried = place(mode);
    if (clear(tried, circles)) {
      labels = tried;
      break;
    }
  }
  // No room for every name: the orchestrator keeps its own, the others are in their tooltips.
  if (labels.length === 0) labels = place('level').filter((_, i) => graph.nodes[i]?.kind === 'orchestrator');
  return { labels, bounds: boundsOf(circles, labels) };
}

/** A level name beside its node, on the side facing away from the ring's centre. */
function level(id: string, text: string, x: number, y: number, r: number, angle: number, width: number) {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const px = x + (r + GAP) * cos;
  const py = y + (r + GAP) * sin;
  const anchor: AgentLabel['anchor'] = cos > 0.35 ? 'start' : cos < -0.35 ? 'end' : 'middle';
  const left = anchor === 'start' ? px : anchor === 'end' ? px - width : px - width / 2;
  const top = sin > 0.35 ? py : sin < -0.35 ? py - LABEL_HEIGHT : py - LABEL_HEIGHT / 2;
  const corners: Point[] = [
    [left, top],
    [left + width, top],
    [left + width, top + LABEL_HEIGHT],
    [left, top + LABEL_HEIGHT],
  ];
  return { id, text, x: px, y: top + LABEL_HEIGHT / 2, anchor, rotate: 0, corners };
}

/** A name along the radius, outward from its node, read left to right on either half. */
function radial(id: string, text: string, x: number, y: number, r: number, angle: number, width: number) {
  const u: Point = [Math.cos(angle), Math.sin(angle)];
  const v: Point = [-u[1], u[0]];
  const px = x + (r + GAP) * u[0];
  const py = y + (r + GAP) * u[1];
  const at = (along: number, across: number): Point => [
    px + along * u[0] + across * v[0],
    py + along * u[1] + across * v[1],
  ];
  const h = LABEL_HEIGHT / 2;
  const corners = [at(0, -h), at(width, -h), at(width, h), at(0, h)];
  const right = u[0] >= -1e-9;
  const degrees = (angle * 180) / Math.PI;
  return {
    id,
    text,
    x: px,
    y: py,
    anchor: right ? ('start' as const) : ('end' as const),
    rotate: right ? degrees : degrees + 180,
    corners,
  };
}

/** No two names overlap, and no name covers a circle. */
export function clear(labels: readonly AgentLabel[], circles: readonly Circle[]): boolean {
  for (let i = 0; i < labels.length; i++) {
    const a = (labels[i] as AgentLabel).corners;
    for (let j = i + 1; j < labels.length; j++)
      if (polygonsOverlap(a, (labels[j] as AgentLabel).corners)) return false;
    for (const c of circles) if (circleHitsPolygon(c, a)) return false;
  }
  return true;
}

/** Convex polygons overlap unless some edge's normal separates them (separating axis theorem). */
export function polygonsOverlap(a: readonly Point[], b: readonly Point[]): boolean {
  for (const poly of [a, b]) {
    for (let k = 0; k < poly.length; k++) {
      const p = poly[k] as Point;
      const q = poly[(k + 1) % poly.length] as Point;
      const axis: Point = [q[1] - p[1], p[0] - q[0]];
      const [minA, maxA] = project(a, axis);
      const [minB, maxB] = project(b, axis);
      if (maxA <= minB || maxB <= minA) return false;
    }
  }
  return true;
}

function project(poly: readonly Point[], axis: Point): [number, number] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const [x, y] of poly) {
    const d = x * axis[0] + y * axis[1];
    min = Math.min(min, d);
    max = Math.max(max, d);
  }
  return [min, max];
}

/** Whether a circle and a convex polygon (corners in order) share any point. */
export function circleHitsPolygon(c: Circle, poly: readonly Point[]): boolean {
  let inside = true;
  let sign = 0;
  for (let k = 0; k < poly.length; k++) {
    const p = poly[k] as Point;
    const q = poly[(k + 1) % poly.length] as Point;
    if (distanceToSegment(c, p, q) < c.r) return true;
    const cross = (q[0] - p[0]) * (c.y - p[1]) - (q[1] - p[1]) * (c.x - p[0]);
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) inside = false;
  }
  return inside;
}

function distanceToSegment(c: Circle, p: Point, q: Point): number {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((c.x - p[0]) * dx + (c.y - p[1]) * dy) / len));
  return Math.hypot(c.x - (p[0] + t * dx), c.y - (p[1] + t * dy));
}

function boundsOf(circles: readonly Circle[], labels: readonly AgentLabel[]) {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  const add = (x: number, y: number) => {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  };
  for (const c of circles) {
    add(c.x - c.r - 6, c.y - c.r - 6);
    add(c.x + c.r + 6, c.y + c.r + 6);
  }
  for (const l of labels) for (const [x, y] of l.corners) add(x, y);
  if (!Number.isFinite(x0)) return { x: 0, y: 0, width: 1, height: 1 };
  const m = 4;
  return { x: x0 - m, y: y0 - m, width: x1 - x0 + 2 * m, height: y1 - y0 + 2 * m };
}
