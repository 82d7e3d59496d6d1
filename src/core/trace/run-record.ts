import { readMetrics } from './cost-alias';
import { wasAborted } from './end-reason';
import type { TraceEvent } from './events';
import type { TraceHeader } from './header';
import {
  type FinishStatus,
  type KeyMetrics,
  MAX_ERROR_CHARS,
  type RunEnd,
  type RunMeta,
  type RunStatus,
  type RunSummary,
} from './store';

/** What a store record holds for a run: its summary and its header. */
export interface RunRecord extends RunSummary {
  readonly header: TraceHeader;
}

export const keyMetricNames = [
  'criticalSteps',
  'itemF1',
  'reward',
  'cost',
] as const satisfies readonly (keyof KeyMetrics)[];

/** The summary of a run that has just begun. */
export function newRunRecord(id: string, header: TraceHeader, meta: RunMeta, status: RunStatus): RunRecord {
  const { id: scenarioId, kind, title } = header.scenario;
  return {
    id,
    label: meta.label,
    scenario: title === undefined ? { id: scenarioId, kind } : { id: scenarioId, kind, title },
    ...(header.ownRequest ? { ownRequest: true as const } : {}),
    policy: header.policy,
    provider: header.provider,
    seed: header.seed,
    status,
    startedAt: meta.startedAt,
    eventCount: 0,
    header,
  };
}

/**
 * The record's summary: the record without its header, its key metrics under today's names (a
 * summary an older version kept has the cost under its old name: ./cost-alias).
 */
export function summaryOf(record: RunRecord): RunSummary {
  const { header: _, metrics, ...summary } = record;
  return metrics ? { ...summary, metrics: keyMetrics(metrics) } : summary;
}

/** The record once its run has ended. */
export function finishedRecord(
  record: RunRecord,
  status: FinishStatus,
  end: RunEnd,
  eventCount: number,
): RunRecord {
  const metrics = end.metrics ? keyMetrics(end.metrics) : undefined;
  return {
    ...record,
    status,
    eventCount,
    ...(end.finishedAt !== undefined ? { finishedAt: end.finishedAt } : {}),
    ...(metrics ? { metrics } : {}),
    ...(status === 'failed' && end.error !== undefined ? { error: end.error.slice(0, MAX_ERROR_CHARS) } : {}),
  };
}

/** The key metrics of a run's metrics, the cost read through its old name where only that is there. */
export function keyMetrics(metrics: Readonly<Record<string, number | undefined>>): KeyMetrics {
  const read = readMetrics(metrics);
  const out: Record<string, number> = {};
  for (const name of keyMetricNames) {
    const value = read[name];
    if (typeof value === 'number') out[name] = value;
  }
  return out;
}

/** The metrics of the last 'run.finished' event, if any. */
export function finishedMetrics(events: readonly TraceEvent[]): Readonly<Record<string, number>> | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as TraceEvent;
    if (e.type === 'run.finished') return e.metrics;
  }
  return undefined;
}

/** The record of an imported trace: its status and key metrics read from its events. */
export function importedRecord(
  id: string,
  header: TraceHeader,
  events: readonly TraceEvent[],
  meta: RunMeta,
): RunRecord {
  const metrics = finishedMetrics(events);
  return {
    ...newRunRecord(id, header, meta, importedStatus(events)),
    eventCount: events.length,
    ...(metrics ? { metrics: keyMetrics(metrics) } : {}),
  };
}

/** How an imported run ended: a trace cut off before 'run.finished' was interrupted. */
function importedStatus(events: readonly TraceEvent[]): RunStatus {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as TraceEvent;
    if (e.type === 'run.finished') return wasAborted(e.reason) ? 'cancelled' : 'done';
  }
  return 'interrupted';
}
