/**
 * A stored run scrubbed back to one of its events: what was true then. The status and the metric
 * cards had kept the run's end ("done" over tasks drawn running, or no cards at all), which
 * contradicted the picture drawn beside them.
 */

import type { TraceEvent } from '../../core/trace/events';
import { computeMetrics, type Metrics } from '../../core/trace/metrics';

/**
 * The status at event `index` (0-based): the stored one from the run's end on, else running —
 * a run is running from its first event until its `run.finished`.
 */
export function statusAt(events: readonly TraceEvent[], index: number, finalStatus: string): string {
  if (index >= events.length - 1) return finalStatus;
  for (let i = 0; i <= index; i++) if (events[i]?.type === 'run.finished') return finalStatus;
  return 'running';
}

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
    estimatedCost: _cost,
    cost: _priced,
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

/** "event 38 / 76": events counted from 1, as the Library counts them. */
export const positionText = (index: number, count: number) => `event ${index + 1} / ${count}`;
