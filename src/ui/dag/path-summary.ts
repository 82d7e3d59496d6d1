import { endedEarly, isEndReason } from '../../core/trace/end-reason';
import { endText } from '../i18n/end-words';
import { t } from '../i18n/t';
import { formatNumber } from '../model/format';
import type { Realized } from '../model/replay';
import { roundOf } from './peers';

/** "1 step", "14 steps". */
const steps = (n: number) => t('path.steps', { n });

/**
 * How a run that ended before its tasks did ended ("the run was stopped"), in the one wording of an
 * end; undefined for a run that ran its course or whose orchestrator submitted early. A reason the
 * runtime does not make (the orchestration environment's 'done', 'budget' and 'overflow', whose
 * episodes run to their end) is no early end either.
 */
export function earlyEnd(reason: string | undefined): string | undefined {
  return reason !== undefined && isEndReason(reason) && endedEarly(reason)
    ? t('path.earlyEnd', { how: endText(reason) })
    : undefined;
}

/** The plan's estimate of the run: its bound on P subagents (the lower-bound card's), and P. */
export interface PlannedEstimate {
  readonly value: number;
  readonly workers: number;
}

/**
 * The dashed path in words, with the one planned estimate the cards show: the dashed path is the
 * plan's longest chain, and the estimate is that or, when longer, its work over P. Stress's card
 * said "planned estimate 98" while this said "planned (dashed): 95 steps, an estimate".
 */
export function plannedWords(chain: number, estimate?: PlannedEstimate): string {
  if (!estimate || estimate.value <= chain) return t('path.plannedChain', { steps: steps(chain) });
  return t('path.plannedWork', {
    steps: steps(chain),
    estimate: formatNumber(estimate.value),
    workers: estimate.workers,
  });
}

/**
 * The realized critical path in words, next to the planned one:
 * "critical path (red): 10 steps = 1 in 1 orchestrator step + 9 in subagents · planned estimate (dashed): 14 steps, the plan's longest chain".
 * A run stopped before its tasks ended has no critical path of the task: its red chain is what ran
 * up to the stop, and it is named so ("critical path (red): 1 steps" through a cancelled node read
 * as the length of the task).
 */
export function pathSummary(
  realized: Realized,
  plannedLength: number,
  peers = false,
  estimate?: PlannedEstimate,
): string {
  const planned = plannedWords(plannedLength, estimate);
  if (realized.path.unavailable) return t('path.noRealized', { planned, why: realized.path.unavailable });
  if (peers) return `${peersPath(realized)} · ${planned}`;
  let main = 0;
  let mainSteps = 0;
  let sub = 0;
  let backoff = 0;
  let wait = 0;
  for (const n of realized.path.nodes) {
    const d = n.end - n.start;
    if (n.kind === 'main') {
      main++;
      mainSteps += d;
    } else if (n.kind === 'task') sub += d;
    else if (n.kind === 'backoff') backoff += d;
    else wait += d;
  }
  const parts = [
    t('path.inMain', { steps: formatNumber(mainSteps), n: main }),
    t('path.inSub', { steps: formatNumber(sub) }),
    ...(backoff > 0 ? [t('path.inBackoff', { steps: formatNumber(backoff) })] : []),
    ...(wait > 0 ? [t('path.notInTrace', { steps: formatNumber(wait) })] : []),
  ];
  const early = earlyEnd(realized.endReason);
  const head = early
    ? t('path.early', { early, at: formatNumber(realized.path.length) })
    : realized.endedAt === undefined
      ? t('path.criticalSoFar')
      : t('path.critical');
  return t('path.line', { head, steps: steps(realized.path.length), parts: parts.join(' + '), planned });
}

/**
 * A peers run's path in its own terms: no orchestrator steps (the turn-taker's cost nothing), one
 * turn per round, so "6 steps = round 1: 3 + round 2: 3".
 */
function peersPath(realized: Realized): string {
  const byRound = new Map<number, number>();
  let other = 0;
  for (const n of realized.path.nodes) {
    const round = n.kind === 'task' ? roundOf(n.task) : undefined;
    if (round !== undefined) byRound.set(round, (byRound.get(round) ?? 0) + n.end - n.start);
    else other += n.end - n.start;
  }
  const parts = [...byRound.entries()]
    .sort(([a], [b]) => a - b)
    .map(([round, steps]) => t('path.round', { round, steps: formatNumber(steps) }));
  if (other > 0) parts.push(t('path.betweenTurns', { steps: formatNumber(other) }));
  const head = realized.endedAt === undefined ? t('path.criticalSoFar') : t('path.critical');
  return t('path.peers', { head, steps: steps(realized.path.length), parts: parts.join(' + ') || '0' });
}
