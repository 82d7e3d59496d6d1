/**
 * What a timeline bar says: its short name (read out when it takes the keyboard's focus) and its
 * detail (shown beside it on hover or focus). An attempt, an orchestrator step, or a peers run's
 * round.
 */

import { peerNames } from '../dag/peers';
import { type MessageId, t } from '../i18n/t';
import type { Segment } from '../model/replay';
import type { Bar, RoundBar, StepBar } from './timeline-layout';

export type AnyBar = Bar | StepBar | RoundBar;

const round = (v: number) => String(Math.round(v * 100) / 100);

/** How an attempt ended, as the graph's legend says it (`node.*`); another outcome as it is. */
const OUTCOMES: ReadonlySet<string> = new Set([
  'running',
  'done',
  'degraded',
  'failed',
  'skipped',
  'cancelled',
]);

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
    return t('bar.attemptName', {
      task: b.segment.task,
      attempt: b.segment.attempt,
      agent: agentName(b.segment, names),
    });
  if ('round' in b) return t('bar.roundName', { round: b.round.round });
  return t('bar.decisionName', { step: b.stage.step });
}

/** Everything the bar stands for: its span in step-time, how it ended, what it launched. */
export function barDetail(b: AnyBar, names: Names, decisions?: number): string {
  if ('segment' in b) {
    const s = b.segment;
    const outcome = OUTCOMES.has(s.outcome) ? t(`node.${s.outcome}` as MessageId) : s.outcome;
    const said = t('bar.attempt', {
      task: s.task,
      attempt: s.attempt,
      agent: agentName(s, names),
      start: String(s.start),
      end: s.end === undefined ? '…' : String(s.end),
      outcome,
    });
    return `${said}${s.error ? ` — ${s.error}` : ''}`;
  }
  if ('round' in b) {
    const r = b.round;
    return t('bar.round', {
      round: r.round,
      start: round(r.start),
      end: round(r.end),
      turns: r.turns,
      longest: round(r.longest),
      state: r.running ? 'running' : r.longest === 0 ? 'settled' : 'ended',
    });
  }
  const { step, t: at, main, launched } = b.stage;
  const what = launched.length > 0 ? t('bar.launched', { n: launched.length }) : t('bar.launchedNothing');
  const of = decisions !== undefined && decisions >= step ? t('bar.of', { n: decisions }) : '';
  return t('bar.decision', { step, of, start: round(at), end: round(at + main), main: round(main), what });
}
