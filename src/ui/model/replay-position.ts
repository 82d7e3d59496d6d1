/**
 * A stored run scrubbed back to one of its events: what was true then. The status and the metric
 * cards had kept the run's end ("done" over tasks drawn running, or no cards at all), which
 * contradicted the picture drawn beside them.
 */

import type { TraceEvent } from '../../core/trace/events';
import { computeMetrics, type Metrics } from '../../core/trace/metrics';
import { statusWord } from '../i18n/status-word';
import { t } from '../i18n/t';

/**
 * The status at event `index` (0-based): the stored one from the run's end on, else running —
 * a run is running from its first event until its `run.finished`.
 */
export function statusAt(events: readonly TraceEvent[], index: number, finalStatus: string): string {
  return endedAt(events, index) ? finalStatus : 'running';
}

/** Whether the run had ended by event `index`: its last event, or past its `run.finished`. */
function endedAt(events: readonly TraceEvent[], index: number): boolean {
  if (index >= events.length - 1) return true;
  for (let i = 0; i <= index; i++) if (events[i]?.type === 'run.finished') return true;
  return false;
}

/**
 * What the Run view's status says of a stored run being replayed. "running" mid-replay read as a
 * new run executing (issue 44): a replay says it is one, playing or paused, the event it stands at
 * and its step-time; from the run's end on, the status it was stored with ("done", …). A replay's
 * position is an "event"; "decision" is the orchestrator's (issue 61: "step" had meant both).
 */
export interface ReplayStatus {
  /** The status element's data-state: 'replaying', 'replay-paused', or the stored status. */
  readonly state: string;
  /** The words to say, announced once (the status is a live region). */
  readonly words: string;
  /** What follows them while playing, changing every step: shown, not announced each time. */
  readonly detail: string;
}

export function replayStatus(
  events: readonly TraceEvent[],
  index: number,
  finalStatus: string,
  playing: boolean,
): ReplayStatus {
  if (endedAt(events, index)) return { state: finalStatus, words: statusWord(finalStatus), detail: '' };
  let at = 0;
  let end = 0;
  events.forEach((e, i) => {
    if (i <= index) at = Math.max(at, e.t);
    end = Math.max(end, e.t);
  });
  const where = t('replay.where', {
    position: positionText(index, events.length),
    at: stepText(at),
    end: stepText(end),
  });
  return playing
    ? { state: 'replaying', words: t('replay.replaying'), detail: ` · ${where}` }
    : { state: 'replay-paused', words: t('replay.pausedAt', { where }), detail: '' };
}

/** Step-time as the page writes it: whole steps as they are, else to two decimals at most. */
const stepText = (t: number) => String(Math.round(t * 100) / 100);

/**
 * The metrics as of event `index`, counted from the events up to it as a live run counts them.
 * What only the end knows is left out rather than shown as 0: the grade (and so the reward) and
 * the cost, whose prices the trace does not carry. The orchestration environment simulates no
 * real time and no tool calls, so those are left out for it at any point.
 */
export function metricsAt(
  events: readonly TraceEvent[],
  index: number,
  mainStepCost: number,
  kind: string,
): Partial<Metrics> {
  const counted: Partial<Metrics> = computeMetrics(events.slice(0, index + 1), {
    prices: {},
    mainStepCost,
    maxCriticalSteps: Number.POSITIVE_INFINITY,
  });
  const {
    cost: _cost,
    normalizedCost: _normalized,
    reward: _reward,
    quality: _quality,
    itemF1: _itemF1,
    ...known
  } = counted;
  if (kind !== 'orchestration') return known;
  const { wallClockMs: _wall, toolCalls: _tools, ...modelled } = known;
  return modelled;
}

/** "event 38 of 76": events counted from 1, as the Library counts them. */
export const positionText = (index: number, count: number) =>
  t('replay.position', { at: String(index + 1), count: String(count) });
