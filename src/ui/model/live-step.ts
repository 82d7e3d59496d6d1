/**
 * Where a live run stands in step-time between two events. The trace moves step-time only when an
 * event lands, and a subagent's turns land only when its attempt ends; at a watching pace that is
 * seconds, and running attempts drawn to the last event's step had no length at all (issue 44: ten
 * attempts running for 3 s, no bars). This estimate lets them grow with the wall clock, at the
 * run's own pace so far, up to where the plan expects the running attempts to end (each bar then
 * waits at its own planned length until its attempt ends); with no plan, never past the next whole
 * step, where the next event may land.
 */

import type { TaskGraph } from '../../core/graph/types';
import type { Segment } from './replay';

/** Step-time a running attempt is planned to end at: its start plus its task's planned steps. */
export function plannedEnd(segment: Segment, graph: TaskGraph | undefined): number | undefined {
  const i = graph?.index.get(segment.task);
  return graph && i !== undefined ? segment.start + (graph.steps[i] as number) : undefined;
}

/** The latest planned end of the attempts running now; undefined when none is running or planned. */
export function runningHorizon(
  segments: readonly Segment[],
  graph: TaskGraph | undefined,
): number | undefined {
  let horizon: number | undefined;
  for (const s of segments) {
    if (s.end !== undefined) continue;
    const end = plannedEnd(s, graph);
    if (end !== undefined) horizon = Math.max(horizon ?? end, end);
  }
  return horizon;
}

export interface LiveStepInput {
  /** Step-time of the last event. */
  readonly t: number;
  /** Wall milliseconds from the run's start to the last event. */
  readonly wallAtLastMs: number;
  /** Wall milliseconds from the run's start to now. */
  readonly wallNowMs: number;
  /** The pace, real ms per second of model time: the guess of a step's length before any has passed. */
  readonly paceMs: number;
  /** How far it may go: the running attempts' planned end (runningHorizon); t + 1 without one. */
  readonly until?: number | undefined;
}

export function liveStep({ t, wallAtLastMs, wallNowMs, paceMs, until }: LiveStepInput): number {
  const since = wallNowMs - wallAtLastMs;
  if (!(since > 0)) return t;
  const perStep = t > 0 && wallAtLastMs > 0 ? wallAtLastMs / t : paceMs;
  if (!(perStep > 0)) return t;
  const room = until !== undefined && until > t ? until - t : 0.999;
  return t + Math.min(room, since / perStep);
}
