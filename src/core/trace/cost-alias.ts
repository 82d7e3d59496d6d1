/**
 * The old name of a run's cost. Until issue 60 `Metrics` held one number twice, as `cost` and as
 * `estimatedCost`; the code now says `cost` only, and this file is the one place in src that
 * spells the old name (tests/architecture/open-sets.test.ts fails on it anywhere else).
 *
 * Written outputs keep it as a deprecated alias, made here from `cost`: a run's `run.finished`
 * metrics, and so every report folded from them (`swarm bench --json`, a sweep's report, `fork
 * --json`, the API's final metrics). Readers of those outputs written before keep working, and a
 * refactor's capture (scripts/behaviour/capture.sh) stays identical. Old data that has only the old
 * name is read through it: a trace written before `cost` existed, and a run summary kept in
 * IndexedDB by an older version (its key metrics were `estimatedCost`).
 */

import type { Metrics } from './metrics';

const OLD = 'estimatedCost';

/** A run's metrics as written: the metrics, with the deprecated alias of `cost`. */
export type WrittenMetrics = Metrics & {
  /** @deprecated the same number as `cost`, kept in written outputs for their old readers. */
  readonly estimatedCost: number;
};

/** Metric names that only repeat another one, left out where a person reads the metrics. */
export const DEPRECATED_METRICS: readonly string[] = [OLD];

/**
 * `m` as a run writes it: the alias where the old name always stood (after `tokensOut`), so a
 * written trace or report is the same key for key as before the rename.
 */
export function writtenMetrics(m: Metrics): WrittenMetrics {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(m)) {
    out[name] = value;
    if (name === 'tokensOut') out[OLD] = m.cost;
  }
  if (!(OLD in out)) out[OLD] = m.cost;
  // Every key of `m` is copied and the alias added: the object is a WrittenMetrics.
  return out as unknown as WrittenMetrics;
}

/** The cost a written record holds: `cost`, or the old name in data written before `cost` existed. */
export function costOf(metrics: Readonly<Record<string, number | undefined>>): number | undefined {
  return metrics.cost ?? metrics[OLD];
}

/**
 * Metrics read from a trace or a stored summary, under today's names: `cost` read through the old
 * name when only that is there, and the alias itself dropped.
 */
export function readMetrics<V extends number | undefined>(
  metrics: Readonly<Record<string, V>>,
): Readonly<Record<string, V>> {
  if (!(OLD in metrics)) return metrics;
  const { [OLD]: old, ...rest } = metrics;
  return metrics.cost === undefined && old !== undefined ? { ...rest, cost: old } : rest;
}
