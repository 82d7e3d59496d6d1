/**
 * The planned estimate beside the lower bound, with why they differ. Both are one bound
 * (docs/metrics.md): the planned estimate on the plan's step estimates, the lower bound on what the
 * attempts took. Shown bare, "lower bound 51 · planned estimate 45" read as a contradiction (a
 * lower bound above an estimate of it); the difference is always the work, so the line says which.
 */

import type { Metrics } from '../../core/trace/metrics';
import { formatNumber } from './format';

export interface PlannedInput {
  readonly planned: number;
  /** The lower bound from realized durations. */
  readonly bound: number;
  readonly metrics: Partial<Metrics>;
  /** The run has ended (a live run mid-way, or a replay scrubbed back, has not). */
  readonly ended: boolean;
  /** How a run that ended before its tasks did ended ('cancelled', 'failed', 'interrupted'). */
  readonly endedEarly?: string;
}

export function plannedText(input: PlannedInput): string {
  const { planned, bound, metrics: m } = input;
  const head = `planned estimate ${formatNumber(planned)}`;
  if (planned === bound) return `${head}, the same`;
  // Above the bound: the bound counts only work that ran, so a run still going or cut short has
  // less of it than the plan.
  if (planned > bound && input.endedEarly)
    return `${head} for the whole run; this one counts the work before it ended`;
  if (planned > bound && !input.ended) return `${head} for the whole run; this one counts the work so far`;
  const why =
    planned < bound
      ? (m.retryCount ?? 0) > 0
        ? `${formatNumber(m.retryCount ?? 0)} ${m.retryCount === 1 ? 'retry' : 'retries'} added work`
        : 'the attempts took more steps'
      : (m.skipRate ?? 0) + (m.cancelRate ?? 0) > 0
        ? 'not every task ran'
        : 'the attempts took fewer steps';
  return `${head}, from the plan's step estimates: ${why}`;
}
