/**
 * What the views need to draw a decentralized run (docs/runtime.md, "Decentralized runs"): its
 * turns are tasks `r<round>-peer-<letter>`, nobody orchestrates, and a round costs its longest
 * turn. The runtime's turn-taker still writes `orchestrator.step` events at no cost; the views
 * leave them out rather than draw an orchestrator the run does not have. Pure.
 */

import type { TaskAttempt } from '../../core/trace/attempts';
import { t } from '../i18n/t';

const TURN = /^r(\d+)-(peer-[a-z]+)$/;

/** The peer whose turn a task is (`peer-a`), or undefined for any other task. */
export const peerOf = (task: string): string | undefined => TURN.exec(task)?.[2];
/** The round of a peer's turn (from 1), or undefined for any other task. */
export const roundOf = (task: string): number | undefined => {
  const m = TURN.exec(task);
  return m ? Number(m[1]) : undefined;
};

/** Whether every task is a peer's turn: a peers plan, which has no orchestrator. */
export const isPeersPlan = (ids: readonly string[]): boolean =>
  ids.length > 0 && ids.every((id) => TURN.test(id));

/** Each subagent's peer, so a lane or a node carries the name the agent graph gives it. */
export function peerNames(attempts: readonly Pick<TaskAttempt, 'task' | 'subagent'>[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const a of attempts) {
    const peer = peerOf(a.task);
    if (peer) names.set(a.subagent, peer);
  }
  return names;
}

export interface Round {
  readonly round: number;
  /** From its first turn's start to its last turn's end (the run's time so far while one runs). */
  readonly start: number;
  readonly end: number;
  /** Its turns' step counts, the longest being what the round costs. */
  readonly longest: number;
  readonly turns: number;
  readonly running: boolean;
}

/** The rounds the turns were taken in, in order; `now` closes a turn still running. */
export function roundsOf(
  attempts: readonly Pick<TaskAttempt, 'task' | 'start' | 'end'>[],
  now: number,
): Round[] {
  const byRound = new Map<
    number,
    { start: number; end: number; longest: number; turns: number; running: boolean }
  >();
  for (const a of attempts) {
    const round = roundOf(a.task);
    if (round === undefined) continue;
    const end = a.end ?? now;
    const r = byRound.get(round) ?? { start: a.start, end, longest: 0, turns: 0, running: false };
    r.start = Math.min(r.start, a.start);
    r.end = Math.max(r.end, end);
    r.longest = Math.max(r.longest, end - a.start);
    r.turns++;
    r.running ||= a.end === undefined;
    byRound.set(round, r);
  }
  return [...byRound.entries()].sort(([a], [b]) => a - b).map(([round, r]) => ({ round, ...r }));
}

/** Headings for the run view, which words a decentralized run apart from an orchestrated one. */
export const runGraphHeading = (peers: boolean) => (peers ? t('picture.graphPeers') : t('picture.graph'));
export const timelineHeading = (peers: boolean) =>
  peers ? t('picture.timelinePeers') : t('picture.timeline');
