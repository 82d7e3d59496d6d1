/**
 * What the timeline's bars stand in: a fork's shared prefix shaded, the lanes' names, healing
 * marks on the lanes, the step-time axis and the line at the current step-time.
 */
import { SHARED_FILL } from '../dag/fork-marks';
import { incidentWhat } from '../i18n/evidence-words';
import { t } from '../i18n/t';
import { say } from '../i18n/words';
import type { Layer } from './timeline-layer';
import type { Mark, TimelineLayout } from './timeline-layout';

const MARK_FILL = { fault: 'none', anomaly: '#d1342f', action: '#2f5bd3' } as const;

/** A ring for a fault, a triangle for an anomaly, a square for an action, centred on (x, y). */
function markPath(type: Mark['incident']['type'], x: number, y: number, r: number): string {
  if (type === 'fault') return `M${x - r},${y} a${r},${r} 0 1,0 ${2 * r},0 a${r},${r} 0 1,0 ${-2 * r},0`;
  if (type === 'anomaly') return `M${x},${y - r} L${x + r},${y + r} L${x - r},${y + r} Z`;
  return `M${x - r},${y - r} h${2 * r} v${2 * r} h${-2 * r} Z`;
}

/** A fork's shared prefix, shaded behind everything (this layer is made first, so it is the lowest). */
export function drawShared(
  layer: Layer,
  l: TimelineLayout,
  fork: { readonly sharedUntil: number; readonly label: string } | undefined,
) {
  layer('shared')
    .selectAll('rect')
    .data(fork ? [fork] : [])
    .join('rect')
    .attr('data-testid', 'timeline-shared')
    .attr('x', l.x(0))
    .attr('y', 0)
    .attr('width', (f) => Math.max(0, l.x(f.sharedUntil) - l.x(0)))
    .attr('height', l.lanes.length * l.laneHeight)
    .attr('fill', SHARED_FILL)
    .selectAll('title')
    .data((f) => [f])
    .join('title')
    .text((f) => f.label);
}

/** Each lane's name in the left margin. */
export function drawLaneNames(layer: Layer, l: TimelineLayout) {
  const h = l.laneHeight;
  layer('lanes')
    .selectAll('text')
    .data(l.labelSize > 0 ? l.lanes : [])
    .join('text')
    .attr('x', l.left - 6)
    // On the lane's middle line whatever the lane's height.
    .attr('y', (_, i) => i * h + h / 2)
    .attr('dominant-baseline', 'central')
    .attr('text-anchor', 'end')
    .attr('font-size', l.labelSize)
    .attr('fill', '#5b6475')
    // A name too long for the margin is cut after a word, and whole in its tooltip.
    .text((_, i) => l.laneNames[i] ?? '')
    .selectAll('title')
    .data((id, i) => (l.laneNames[i] === id ? [] : [id]))
    .join('title')
    .text((id) => id);
}

/**
 * Healing on the lanes: a fault put in (black ring), an anomaly seen (red triangle), an action
 * taken (blue square), each at its step-time, titled with its evidence.
 */
export function drawMarks(layer: Layer, l: TimelineLayout) {
  const h = l.laneHeight;
  layer('marks')
    .selectAll<SVGPathElement, Mark>('path')
    .data(l.marks)
    .join('path')
    .attr('data-testid', 'timeline-incident')
    .attr('data-kind', (m) => m.incident.type)
    .attr('d', (m) => markPath(m.incident.type, m.x, m.lane * h + h / 2, Math.max(3, h / 3)))
    .attr('fill', (m) => MARK_FILL[m.incident.type])
    .attr('stroke', (m) => (m.incident.type === 'fault' ? '#1d2330' : '#fff'))
    .attr('stroke-width', 1)
    .selectAll('title')
    .data((m) => [m])
    .join('title')
    .text((m) =>
      t('incident.mark', {
        what: incidentWhat(m.incident.type),
        name: m.incident.name,
        subagent: m.incident.subagent,
        t: m.incident.t,
        detail: say(m.incident.detail),
      }),
    );
}

/** The step-time axis under the lanes, and the dashed line at step-time `now` (none once finished). */
export function drawAxisAndNow(layer: Layer, l: TimelineLayout, now: number | undefined) {
  const h = l.laneHeight;
  layer('axis')
    .attr('transform', `translate(0,${l.lanes.length * h + 2})`)
    .selectAll('text')
    .data(l.ticks)
    .join('text')
    .attr('x', (t) => l.x(t))
    .attr('y', 14)
    .attr('text-anchor', 'middle')
    .attr('font-size', 10)
    .attr('fill', '#5b6475')
    .text((t) => String(t));
  layer('now')
    .selectAll('line')
    .data(now === undefined ? [] : [now])
    .join('line')
    .attr('x1', (t) => l.x(t))
    .attr('x2', (t) => l.x(t))
    .attr('y1', 0)
    .attr('y2', l.lanes.length * h)
    .attr('stroke', '#2f5bd3')
    .attr('stroke-dasharray', '3 2');
}
