/**
 * What a timeline bar says: its short name (read out when it takes the keyboard's focus) and its
 * detail (shown beside it on hover or focus). An attempt, an orchestrator step, or a peers run's
 * round.
 */

import { peerNames } from '../dag/peers';
import type { Segment } from '../model/replay';
import type { Bar, RoundBar, StepBar } from './timeline-layout';

export type AnyBar = Bar | StepBar | RoundBar;

const round = (v: number) => String(Math.round(v * 100) / 100);

/** The bar's key among the timeline's bars: an attempt's `task#attempt`, `step N`, `round N`. */
export function barKey(b: AnyBar): string {
  if ('segment' in b) return `${b.segment.task}#${b.segment.attempt}`;
  if ('round' in b) return `round ${b.round.round}`;
  return `step ${b.stage.step}`;
}

/** Subagent → the name its lane shows (a team plan's role: RunSnapshot.names). */
type Names = ReadonlyMap<string, string>;

/** An attempt's agent as its lane names it: its peer's name, its role, else its id. */
const agentName = (s: Segment, names: Names) =>
  peerNames([s]).get(s.subagent) ?? names.get(s.subagent) ?? s.subagent;

/** A few words to name the bar by. */
export function barName(b: AnyBar, names: Names): string {
  if ('segment' in b)
    return `${b.segment.task}, attempt ${b.segment.attempt}, on ${agentName(b.segment, names)}`;
  if ('round' in b) return `round ${b.round.round}`;
  return `orchestrator decision ${b.stage.step}`;
}

/** Everything the bar stands for: its span in step-time, how it ended, what it launched. */
export function barDetail(b: AnyBar, names: Names, decisions?: number): string {
  if ('segment' in b) {
    const s = b.segment;
    return `${s.task} (attempt ${s.attempt}) on ${agentName(s, names)}: steps ${s.start}–${s.end ?? '…'}, ${s.outcome}${s.error ? ` — ${s.error}` : ''}`;
  }
  if ('round' in b) {
    const r = b.round;
    return `round ${r.round}: steps ${round(r.start)}–${round(r.end)}, ${r.turns} turn${r.turns === 1 ? '' : 's'}, the longest ${round(r.longest)} steps${r.running ? ' so far' : r.longest === 0 ? ' (settled: every turn restated its position)' : ''}`;
  }
  const { step, t, main, launched } = b.stage;
  const what =
    launched.length > 0
      ? `launched ${launched.length} attempt${launched.length === 1 ? '' : 's'}`
      : 'launched nothing';
  const of = decisions !== undefined && decisions >= step ? ` of ${decisions}` : '';
  return `orchestrator decision ${step}${of}: step-time ${round(t)}–${round(t + main)} (S_main ${round(main)}), ${what}`;
}
