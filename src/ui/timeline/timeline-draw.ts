/**
 * The timeline drawn into its SVG with d3, layer by layer: the first layer made is the lowest, so
 * the order below is the picture's. Returns the layout drawn.
 */
import { select } from 'd3-selection';
import type { RunSnapshot } from '../model/replay';
import { drawBars, drawRounds, drawSteps } from './timeline-bars';
import { focusable } from './timeline-focus';
import { drawAxisAndNow, drawLaneNames, drawMarks, drawShared } from './timeline-frame';
import type { Layer } from './timeline-layer';
import { layoutTimeline, type TimelineLayout } from './timeline-layout';

/** What a timeline draws (the view's props, read here so the view redraws when they change). */
export interface TimelineInput {
  readonly snapshot: RunSnapshot;
  readonly maxT?: number;
  readonly compact?: boolean;
  /** A live run's step-time now, between events (model/live-step.ts). */
  readonly now?: number;
  /**
   * A fork's marks (views/fork-drawings.tsx): the step-time up to which it is the original's,
   * shaded, and the bars of the first decision that differs, outlined in amber.
   */
  readonly fork?:
    | { readonly sharedUntil: number; readonly differs: ReadonlySet<string>; readonly label: string }
    | undefined;
}

/**
 * Draws `input` `width` px wide into `svg`; `crit` holds `task#attempt` of every attempt, and
 * `step N` of every orchestrator step, on the realized critical path.
 */
export function drawTimeline(
  svg: SVGSVGElement,
  input: TimelineInput,
  width: number,
  crit: ReadonlySet<string>,
): TimelineLayout {
  const l = layoutTimeline(input.snapshot, {
    width,
    ...(input.maxT !== undefined ? { maxT: input.maxT } : {}),
    ...(input.compact ? { compact: true } : {}),
    ...(input.now !== undefined ? { now: input.now } : {}),
  });
  const root = select(svg).attr('height', l.height);
  const layer: Layer = (name) =>
    root.selectAll<SVGGElement, null>(`g.${name}`).data([null]).join('g').attr('class', name);
  const fork = input.fork;
  drawShared(layer, l, fork);
  const differs = (key: string) => fork?.differs.has(key) === true;
  drawLaneNames(layer, l);
  // Steps drawn before the agents' bars, which go lane by lane and in time: the order Tab takes.
  drawSteps(layer, l, { crit, differs });
  drawRounds(layer, l);
  drawBars(layer, l, { crit, differs });
  drawMarks(layer, l);
  drawAxisAndNow(layer, l, input.snapshot.finished ? undefined : Math.max(input.snapshot.t, input.now ?? 0));
  focusable(root, l, input.snapshot.names);
  return l;
}
