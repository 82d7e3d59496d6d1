/**
 * The timeline's bars: the orchestrator's steps on its lane, a peers run's rounds, and each
 * attempt on its agent's lane, coloured by how it ended; the realized critical path outlined in
 * red, a fork's first difference in amber over that. Joined by attempt and steps by number, so a
 * redraw of a live run touches attributes, not elements.
 */
import { MAIN_FILL } from '../dag/dag-draw';
import { DIFFERS_FILL } from '../dag/fork-marks';
import { barKey } from './bar-words';
import type { Layer } from './timeline-layer';
import type { Bar, RoundBar, StepBar, TimelineLayout } from './timeline-layout';

const ROUND_FILL = '#9fb4d9';

const COLOURS = { running: '#f5c542', finished: '#7cc79a', failed: '#e0675f', cancelled: '#9aa0ab' } as const;

/** What the bars are marked by: the realized path's keys, and whether a bar is the fork's first difference. */
export interface BarMarks {
  /** `task#attempt` of every attempt, and `step N` of every orchestrator step, on the realized path. */
  readonly crit: ReadonlySet<string>;
  readonly differs: (key: string) => boolean;
}

/** The orchestrator's steps on its lane, outlined when they are links of the realized path. */
export function drawSteps(layer: Layer, l: TimelineLayout, { crit, differs }: BarMarks) {
  const h = l.laneHeight;
  const onPath = (b: StepBar) => crit.has(`step ${b.stage.step}`);
  layer('steps')
    .selectAll<SVGRectElement, StepBar>('rect')
    .data(l.steps, (b) => String(b.stage.step))
    .join('rect')
    .attr('data-testid', 'timeline-step')
    .attr('x', (b) => b.x)
    .attr('y', 1)
    .attr('width', (b) => b.width)
    .attr('height', h - 2)
    .attr('fill', MAIN_FILL)
    .attr('stroke', (b) => (differs(`step ${b.stage.step}`) ? DIFFERS_FILL : onPath(b) ? '#d1342f' : null))
    .attr('stroke-width', (b) => (differs(`step ${b.stage.step}`) ? 3 : onPath(b) ? 2 : null))
    .attr('data-fork', (b) => (differs(`step ${b.stage.step}`) ? 'differs' : null))
    .attr('data-critical', (b) => (onPath(b) ? 'true' : null));
}

/** A peers run's rounds on the first lane, each over its longest turn, named inside when it fits. */
export function drawRounds(layer: Layer, l: TimelineLayout) {
  const h = l.laneHeight;
  const rounds = layer('rounds')
    .selectAll<SVGGElement, RoundBar>('g')
    .data(l.rounds, (b) => String(b.round.round))
    .join((enter) => {
      const g = enter.append('g').attr('data-testid', 'timeline-round');
      g.append('rect');
      g.append('text');
      return g;
    })
    .attr('data-round', (b) => b.round.round);
  rounds
    .select('rect')
    .attr('x', (b) => b.x)
    .attr('y', 1)
    .attr('width', (b) => b.width)
    .attr('height', h - 2)
    .attr('fill', ROUND_FILL);
  rounds
    .select('text')
    .attr('x', (b) => b.x + b.width / 2)
    .attr('y', h / 2)
    .attr('dominant-baseline', 'central')
    .attr('text-anchor', 'middle')
    .attr('font-size', Math.max(8, h - 5))
    .attr('fill', '#1d2330')
    .attr('pointer-events', 'none')
    .text((b) => (b.width > 44 ? `round ${b.round.round}` : b.width > 14 ? `r${b.round.round}` : ''));
}

/** Each attempt on its agent's lane, lane by lane and in time: the order Tab takes. */
export function drawBars(layer: Layer, l: TimelineLayout, { crit, differs }: BarMarks) {
  const h = l.laneHeight;
  layer('bars')
    .selectAll<SVGRectElement, Bar>('rect')
    .data(
      [...l.bars].sort((a, b) => a.lane - b.lane || a.x - b.x),
      (b) => `${b.segment.task}#${b.segment.attempt}`,
    )
    .join('rect')
    .order()
    .attr('data-testid', 'timeline-bar')
    .attr('x', (b) => b.x)
    .attr('y', (b) => b.lane * h + 1)
    .attr('width', (b) => b.width)
    .attr('height', h - 2)
    .attr('fill', (b) => COLOURS[b.segment.outcome])
    // Attempts on the realized critical path are outlined as in the graph above; a fork's first
    // difference in amber over that.
    .attr('stroke', (b) =>
      differs(barKey(b))
        ? DIFFERS_FILL
        : crit.has(`${b.segment.task}#${b.segment.attempt}`)
          ? '#d1342f'
          : null,
    )
    .attr('stroke-width', (b) =>
      differs(barKey(b)) ? 3 : crit.has(`${b.segment.task}#${b.segment.attempt}`) ? 2 : null,
    )
    .attr('data-fork', (b) => (differs(barKey(b)) ? 'differs' : null))
    .attr('data-critical', (b) => (crit.has(`${b.segment.task}#${b.segment.attempt}`) ? 'true' : null));
}
