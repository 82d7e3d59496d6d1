/** The timeline's bars for the keyboard: which are reached, and their place in the tab order. */
import type { select } from 'd3-selection';
import { LABELS_UP_TO } from '../dag/node-labels';
import { type AnyBar, barKey, barName } from './bar-words';
import type { TimelineLayout } from './timeline-layout';

/** Every bar the keyboard reaches, as drawn: the orchestrator's lane, then the agents'. */
export function items(l: TimelineLayout | undefined): AnyBar[] {
  return l ? [...l.steps, ...l.rounds, ...l.bars] : [];
}

/**
 * Puts the bars in the tab order, named, keyed for the arrow keys (bar-keys.ts) as the run graph's
 * nodes are. Past LABELS_UP_TO bars only each lane's first is a Tab stop, the rest a key away:
 * thousands of stops would make the page behind the chart a long way off.
 */
export function focusable(
  root: ReturnType<typeof select<SVGSVGElement, unknown>>,
  l: TimelineLayout,
  names: ReadonlyMap<string, string>,
) {
  const firsts = new Set<string>();
  const seen = new Set<number>();
  for (const b of items(l).sort((p, q) => p.lane - q.lane || p.x - q.x)) {
    if (seen.has(b.lane)) continue;
    seen.add(b.lane);
    firsts.add(barKey(b));
  }
  const all = items(l).length <= LABELS_UP_TO;
  root
    .selectAll<SVGElement, AnyBar>('g.steps rect, g.rounds g, g.bars rect')
    .attr('data-key', barKey)
    .attr('tabindex', (b) => (all || firsts.has(barKey(b)) ? 0 : -1))
    .attr('role', 'button')
    .attr('aria-label', (b) => barName(b, names));
}
