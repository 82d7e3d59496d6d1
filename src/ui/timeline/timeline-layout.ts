/**
 * The timeline as geometry: one lane per subagent (in spawn order, then any that only appear in
 * attempts), one bar per attempt over its step-time, x by a linear d3 scale. Pure, for tests.
 */

import { scaleLinear } from 'd3-scale';
import type { Incident, RunSnapshot, Segment } from '../model/replay';

export interface Bar {
  readonly lane: number;
  readonly x: number;
  readonly width: number;
  readonly segment: Segment;
}

/** A healing incident on its agent's lane, at its step-time. */
export interface Mark {
  readonly lane: number;
  readonly x: number;
  readonly incident: Incident;
}

export interface TimelineLayout {
  readonly lanes: readonly string[];
  readonly bars: readonly Bar[];
  readonly marks: readonly Mark[];
  readonly width: number;
  readonly height: number;
  readonly laneHeight: number;
  /** x of step-time t. */
  readonly x: (t: number) => number;
  readonly ticks: readonly number[];
  readonly left: number;
}

export function layoutTimeline(
  snapshot: RunSnapshot,
  options: { width: number; maxT?: number; compact?: boolean },
): TimelineLayout {
  const lanes = snapshot.subagents.map((s) => s.id);
  const seen = new Set(lanes);
  for (const s of snapshot.segments) {
    if (!seen.has(s.subagent)) {
      seen.add(s.subagent);
      lanes.push(s.subagent);
    }
  }
  const laneOf = new Map(lanes.map((id, i) => [id, i]));
  const laneHeight = options.compact ? 8 : 16;
  const left = 70;
  const end = Math.max(1, options.maxT ?? snapshot.t);
  const x = scaleLinear()
    .domain([0, end])
    .range([left, Math.max(left + 10, options.width - 10)]);
  const bars = snapshot.segments.map((segment) => {
    const finish = segment.end ?? snapshot.t;
    return {
      lane: laneOf.get(segment.subagent) as number,
      x: x(segment.start),
      // A zero-step attempt still shows as a sliver.
      width: Math.max(1.5, x(finish) - x(segment.start)),
      segment,
    };
  });
  const marks = snapshot.incidents.flatMap((incident) => {
    const lane = laneOf.get(incident.subagent);
    return lane === undefined ? [] : [{ lane, x: x(incident.t), incident }];
  });
  return {
    lanes,
    bars,
    marks,
    width: options.width,
    height: lanes.length * laneHeight + 22,
    laneHeight,
    x: (t) => x(t),
    ticks: x.ticks(8),
    left,
  };
}
