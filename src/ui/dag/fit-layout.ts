/**
 * A laid-out graph stretched along x to the panel's proportions. A large random graph has a few
 * layers of hundreds of nodes each: drawn at one scale it was a sliver using 5% of the panel's
 * width. Stretching spreads the layers apart (one pass over the coordinates, no new layout) and,
 * where nodes carry no names, widens them into the space gained. Pure.
 */

import type { DagLayout } from './layout';

/** Never more than this: a near-empty graph is not smeared across the panel. */
export const MAX_STRETCH = 200;

/**
 * The layout stretched so its width over its height is about `aspect` (the panel's); a layout at
 * least that wide already comes back as it is. `widenNodes` for unlabelled nodes only: a label
 * sits in the node's middle either way, but a wide empty box says nothing more.
 */
export function stretchToAspect(l: DagLayout, aspect: number, widenNodes: boolean): DagLayout {
  if (l.width <= 0 || l.height <= 0 || !(aspect > 0)) return l;
  const f = Math.min(MAX_STRETCH, (aspect * l.height) / l.width);
  if (f <= 1.05) return l;
  // Layers are nodeWidth + a gap apart; a widened node keeps a third of the stretched gap clear.
  const nodeWidth = widenNodes ? Math.max(l.nodeWidth, l.nodeWidth * f * 0.67) : l.nodeWidth;
  const sx = (x: number) => (x - l.nodeWidth / 2) * f + nodeWidth / 2;
  return {
    nodes: l.nodes.map((n) => ({ ...n, x: sx(n.x) })),
    edges: l.edges.map((e) => ({ ...e, points: e.points.map(([x, y]) => [sx(x), y] as const) })),
    width: (l.width - l.nodeWidth) * f + nodeWidth,
    height: l.height,
    nodeWidth,
    nodeHeight: l.nodeHeight,
  };
}
