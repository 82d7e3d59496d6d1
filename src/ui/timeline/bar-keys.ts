/**
 * Arrow keys on the timeline: ← and → to the previous and next bar of the same lane (one agent's
 * attempts in time, or the orchestrator's steps), ↑ and ↓ to the bar of the nearest lane above or
 * below that overlaps this one most (else the nearest in time), Home and End to the lane's first
 * and last bar. Pure: the bars' geometry in, an index out (undefined: nowhere to go).
 */

export type BarKey = 'ArrowRight' | 'ArrowLeft' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

export const BAR_KEYS: readonly string[] = ['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'Home', 'End'];

export interface LaneItem {
  readonly lane: number;
  readonly x: number;
  readonly width: number;
}

/** The items of `lane`, as indices, left to right (then in the order given). */
function laneOrder(items: readonly LaneItem[], lane: number): number[] {
  return items
    .map((item, i) => ({ item, i }))
    .filter(({ item }) => item.lane === lane)
    .sort((a, b) => a.item.x - b.item.x || a.i - b.i)
    .map(({ i }) => i);
}

export function nextBar(items: readonly LaneItem[], from: number, key: BarKey): number | undefined {
  const here = items[from];
  if (!here) return undefined;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const lanes = [...new Set(items.map((item) => item.lane))].sort((a, b) => a - b);
    const lane =
      key === 'ArrowUp' ? lanes.filter((l) => l < here.lane).at(-1) : lanes.find((l) => l > here.lane);
    if (lane === undefined) return undefined;
    const overlap = (b: LaneItem) => Math.min(here.x + here.width, b.x + b.width) - Math.max(here.x, b.x);
    const gap = (b: LaneItem) => Math.abs(b.x + b.width / 2 - (here.x + here.width / 2));
    return laneOrder(items, lane).sort((a, b) => {
      const [p, q] = [items[a] as LaneItem, items[b] as LaneItem];
      return Math.max(0, overlap(q)) - Math.max(0, overlap(p)) || gap(p) - gap(q);
    })[0];
  }
  const order = laneOrder(items, here.lane);
  if (key === 'Home') return order[0];
  if (key === 'End') return order.at(-1);
  const k = order.indexOf(from);
  return order[key === 'ArrowLeft' ? k - 1 : k + 1];
}
