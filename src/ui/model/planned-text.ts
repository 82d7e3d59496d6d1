/**
 * The planned estimate beside the lower bound, with why they differ. Both are one bound
 * (docs/metrics.md): the planned estimate on the plan's step estimates, the lower bound on what the
 * attempts took. Shown bare, "lower bound 51 · planned estimate 45" read as a contradiction (a
 * lower bound above an estimate of it); the difference is always the work, so the line says which.
 */

import type { Metrics } from '../../core/trace/metrics';
import { t } from '../i18n/t';
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
  const values = { planned: formatNumber(planned) };
  if (planned === bound) return t('planned.same', values);
  // Above the bound: the bound counts only work that ran, so a run still going or cut short has
  // less of it than the plan.
  if (planned > bound && input.endedEarly) return t('planned.wholeEarly', values);
  if (planned > bound && !input.ended) return t('planned.wholeSoFar', values);
  const why =
    planned < bound
      ? (m.retryCount ?? 0) > 0
        ? t('planned.retries', { n: m.retryCount ?? 0 })
        : t('planned.more')
      : (m.skipRate ?? 0) + (m.cancelRate ?? 0) > 0
        ? t('planned.notAll')
        : t('planned.fewer');
  return t('planned.why', { ...values, why });
}
