/**
 * The timeline as geometry: the orchestrator's lane first, one bar per orchestrator step over its
 * S_main, then one lane per subagent (in spawn order, then any that only appear in attempts), one
 * bar per attempt over its step-time, x by a linear d3 scale. Pure, for tests.
 */

import { scaleLinear } from 'd3-scale';
import type { Stage } from '../../core/trace/realized-path';
import type { Incident, RunSnapshot, Segment } from '../model/replay';

/** The orchestrator's lane: its steps are part of every run's critical steps (S_main each). */
export const ORCHESTRATOR_LANE = 'orchestrator';

export interface Bar {
  readonly lane: number;
  readonly x: number;
  readonly width: number;
  readonly segment: Segment;
}

/** One orchestrator step on the orchestrator's lane, from its step-time over its S_main. */
export interface StepBar {
  readonly lane: 0;
  readonly x: number;
  readonly width: number;
  readonly stage: Stage;
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
  readonly steps: readonly StepBar[];
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
  // Traces written before orchestrator steps carried their own S_main ran the orchestrator's work
  // as tasks on a subagent named 'orchestrator': those attempts share its lane.
  const lanes = [
    ORCHESTRATOR_LANE,
    ...snapshot.subagents.map((s) => s.id).filter((id) => id !== ORCHESTRATOR_LANE),
  ];
  const seen = new Set(lanes);
  for (const s of snapshot.segments) {
    if (!seen.has(s.subagent)) {
      seen.add(s.subagent);
      lanes.push(s.subagent);
    }
  }
  const laneOf = new Map(lanes.map((id, i) => [id, i]));
  const laneHeight = options.compact ? 8 : 16;
  // Room for the longest lane name at the labels' 11 px (about 6.5 px a character), within reason.
  const longest = Math.max(...lanes.map((id) => id.length));
  const left = Math.min(160, Math.max(70, Math.ceil(longest * 6.5) + 10));
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
  const steps = snapshot.realized.stages.map((stage) => {
    const start = x(stage.t);
    // A step of no step-time (a solo run's) still shows as a sliver.
    return { lane: 0 as const, x: start, width: Math.max(1.5, x(stage.t + stage.main) - start), stage };
  });
  const marks = snapshot.incidents.flatMap((incident) => {
    const lane = laneOf.get(incident.subagent);
    return lane === undefined ? [] : [{ lane, x: x(incident.t), incident }];
  });
  return {
    lanes,
    bars,
    steps,
    marks,
    width: options.width,
    height: lanes.length * laneHeight + 22,
    laneHeight,
    x: (t) => x(t),
    ticks: x.ticks(8),
    left,
  };
}
