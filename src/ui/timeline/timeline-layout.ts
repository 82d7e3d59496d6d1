/**
 * The timeline as geometry: the orchestrator's lane first, one bar per orchestrator step over its
 * S_main, then one lane per subagent (in spawn order, then any that only appear in attempts), one
 * bar per attempt over its step-time, x by a linear d3 scale. A decentralized run has no
 * orchestrator: its first lane has one bar per round instead (a round costs its longest turn) and
 * its lanes carry the peers' names, as the agent graph does. Pure, for tests.
 */

import { scaleLinear } from 'd3-scale';
import type { Stage } from '../../core/trace/realized-path';
import { isPeersPlan, peerNames, type Round, roundsOf } from '../dag/peers';
import { plannedEnd } from '../model/live-step';
import type { Incident, RunSnapshot, Segment } from '../model/replay';
import { labelWidth, shortenLabel } from '../shorten-label';

/** The orchestrator's lane: its steps are part of every run's critical steps (S_main each). */
export const ORCHESTRATOR_LANE = 'orchestrator';
/** A peers run's first lane, in its place. */
export const ROUNDS_LANE = 'rounds';
/** The lane names' font size, in px: compact (a comparison) or not, they stay readable. */
export const LABEL_SIZE = { full: 11, compact: 10 } as const;
/** A compact timeline with more lanes than this draws them thin and unnamed. */
export const COMPACT_NAMED_LANES = 40;
/** Width of a lane name's character (a column: a wide one takes two) at 11 px, a little generous. */
const LANE_CHAR = 6.5;
/** Inset at each end of a peer's turn, in px, so that consecutive rounds show as separate bars. */
const TURN_INSET = 1.5;
/**
 * The least a round or a peer's turn is drawn: a round settled by consensus takes 0 steps (each
 * turn restates its position), and is still a round of its own.
 */
const MIN_ROUND = 6;
const MIN_TURN = 3;

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

/** One round of a peers run on the first lane, from its first turn's start to its last turn's end. */
export interface RoundBar {
  readonly lane: 0;
  readonly x: number;
  readonly width: number;
  readonly round: Round;
}

/** A healing incident on its agent's lane, at its step-time. */
export interface Mark {
  readonly lane: number;
  readonly x: number;
  readonly incident: Incident;
}

export interface TimelineLayout {
  /** Each lane's name on the page (a peer's name for a peers run's subagent). */
  readonly lanes: readonly string[];
  /** Each lane's name as drawn left of its bars: whole, or cut after a word to the margin. */
  readonly laneNames: readonly string[];
  /** A decentralized run: `rounds` instead of `steps`, peers instead of subagents. */
  readonly peers: boolean;
  readonly rounds: readonly RoundBar[];
  /** Lane names' font size, 0 when the lanes are too thin to be named. */
  readonly labelSize: number;
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
  options: {
    width: number;
    maxT?: number;
    compact?: boolean;
    /** A live run's step-time now (model/live-step.ts), ≥ the last event's: running bars grow to it. */
    now?: number;
  },
): TimelineLayout {
  // Traces written before orchestrator steps carried their own S_main ran the orchestrator's work
  // as tasks on a subagent named 'orchestrator': those attempts share its lane.
  const peers = isPeersPlan(snapshot.graph?.ids ?? snapshot.segments.map((s) => s.task));
  const lanes = [
    peers ? ROUNDS_LANE : ORCHESTRATOR_LANE,
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
  const names = peerNames(snapshot.segments);
  // Peers by their names; a team plan's agents by their roles ("Writer · sa-3").
  const shown = lanes.map((id) => names.get(id) ?? snapshot.names.get(id) ?? id);
  // A comparison stacks several timelines, so lanes are thinner, but not so thin that their names
  // shrink past reading (8 px lanes drew them at 6 px); only very many lanes go thin and unnamed.
  const named = !options.compact || lanes.length <= COMPACT_NAMED_LANES;
  const laneHeight = options.compact ? (named ? 13 : 8) : 16;
  const labelSize = named ? (options.compact ? LABEL_SIZE.compact : LABEL_SIZE.full) : 0;
  // Room for the longest lane name at the labels' 11 px (about 6.5 px a character), within reason.
  const longest = Math.max(...shown.map(labelWidth));
  const left = Math.min(160, Math.max(70, Math.ceil(longest * LANE_CHAR) + 10));
  const room = Math.floor((left - 6) / LANE_CHAR);
  const now = Math.max(snapshot.t, options.now ?? snapshot.t);
  const end = Math.max(1, options.maxT ?? now);
  const x = scaleLinear()
    .domain([0, end])
    .range([left, Math.max(left + 10, options.width - 10)]);
  const bars = snapshot.segments.map((segment) => {
    // A running attempt grows with the live clock up to its planned length, never shorter than
    // what the trace already shows (model/live-step.ts).
    const planned = segment.end === undefined ? plannedEnd(segment, snapshot.graph) : undefined;
    const finish = segment.end ?? Math.max(snapshot.t, Math.min(now, planned ?? now));
    const inset = peers ? TURN_INSET : 0;
    return {
      lane: laneOf.get(segment.subagent) as number,
      x: x(segment.start) + inset,
      // A zero-step attempt still shows as a sliver.
      width: Math.max(peers ? MIN_TURN : 1.5, x(finish) - x(segment.start) - 2 * inset),
      segment,
    };
  });
  const rounds = peers
    ? roundsOf(snapshot.segments, snapshot.t).map((round) => ({
        lane: 0 as const,
        x: x(round.start) + TURN_INSET,
        width: Math.max(MIN_ROUND, x(round.end) - x(round.start) - 2 * TURN_INSET),
        round,
      }))
    : [];
  // A peers run's orchestrator steps are the turn-taker's, at no cost: not drawn.
  const steps = (peers ? [] : snapshot.realized.stages).map((stage) => {
    const start = x(stage.t);
    // A step of no step-time (a solo run's) still shows as a sliver.
    return { lane: 0 as const, x: start, width: Math.max(1.5, x(stage.t + stage.main) - start), stage };
  });
  const marks = snapshot.incidents.flatMap((incident) => {
    const lane = laneOf.get(incident.subagent);
    return lane === undefined ? [] : [{ lane, x: x(incident.t), incident }];
  });
  return {
    lanes: shown,
    laneNames: shown.map((id) => shortenLabel(id, room)),
    peers,
    rounds,
    labelSize,
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
