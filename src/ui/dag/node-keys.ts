/**
 * Arrow keys on the run graph: → to a node this one points at, ← to one that points at it, ↑ and ↓
 * to the node above or below in the same column. Among several, the nearest in height (then the
 * first drawn). Pure: the layout in, a node's index out (undefined: nowhere to go).
 */
import type { DagLayout } from './layout';

export type ArrowKey = 'ArrowRight' | 'ArrowLeft' | 'ArrowUp' | 'ArrowDown';

export function nextNode(layout: DagLayout, from: number, key: ArrowKey): number | undefined {
  const at = new Map(layout.nodes.map((n) => [n.index, n]));
  const here = at.get(from);
  if (!here) return undefined;
  const nearest = (candidates: readonly number[]) =>
    candidates
      .map((i) => at.get(i))
      .filter((n) => n !== undefined)
      .sort((a, b) => Math.abs(a.y - here.y) - Math.abs(b.y - here.y) || a.index - b.index)[0]?.index;
  if (key === 'ArrowRight')
    return nearest(layout.edges.filter((e) => e.source === from).map((e) => e.target));
  if (key === 'ArrowLeft') return nearest(layout.edges.filter((e) => e.target === from).map((e) => e.source));
  const column = layout.nodes
    .filter((n) => Math.abs(n.x - here.x) < 1)
    .sort((a, b) => a.y - b.y || a.index - b.index);
  const k = column.findIndex((n) => n.index === from);
  return column[key === 'ArrowUp' ? k - 1 : k + 1]?.index;
}
