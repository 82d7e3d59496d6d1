/**
 * One name for a run's cost (issue 60): the code says `cost`; written outputs keep the old name
 * `estimatedCost` as a deprecated alias made in one place (src/core/trace/cost-alias.ts), and data
 * written before — a trace with only the old name, a run summary an older version kept — is read
 * through it. (The same summary kept in a real IndexedDB: tests/browser/idb-trace-store.test.ts.)
 */

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryTraceStore } from '../../../src/adapters/common/memory-trace-store';
import { textReport } from '../../../src/cli/bench-report';
import { benchReport } from '../../../src/core/bench/bench-aggregate';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { serialPolicy } from '../../../src/core/policy/serial';
import { readMetrics, writtenMetrics } from '../../../src/core/trace/cost-alias';
import type { TraceEvent } from '../../../src/core/trace/events';
import { encodeTrace } from '../../../src/core/trace/jsonl';
import { computeMetrics } from '../../../src/core/trace/metrics';
import { type RunRecord, summaryOf } from '../../../src/core/trace/run-record';
import { sourceFiles } from '../../support/source-scan';
import { sampleRun } from '../../support/trace-store-contract';
import { diamond } from '../graph/test-graphs';

const run = sampleRun(diamond);
const finished = run.events.find((e) => e.type === 'run.finished');
if (finished?.type !== 'run.finished') throw new Error('the sample run has no run.finished');

/** A cost the sample run (priced at nothing) could not have: it can only come from the old name. */
const OLD_COST = 0.125;

/** The trace as a version before `cost` existed wrote it: the cost under its old name only. */
function oldShaped(events: readonly TraceEvent[]): TraceEvent[] {
  return events.map((e) => {
    if (e.type !== 'run.finished') return e;
    const { cost: _, ...rest } = e.metrics;
    return { ...e, metrics: { ...rest, estimatedCost: OLD_COST } };
  });
}

describe('the old name of cost', () => {
  it('is written beside cost, where it always stood in the trace and the result', () => {
    for (const metrics of [finished.metrics, run.metrics]) {
      expect(metrics.estimatedCost).toBe(metrics.cost);
      const names = Object.keys(metrics);
      expect(names[names.indexOf('tokensOut') + 1]).toBe('estimatedCost');
    }
    // computeMetrics, what the code reads, has the one name only.
    const counted = computeMetrics(run.events, { prices: {}, mainStepCost: 1, maxCriticalSteps: Infinity });
    expect(Object.keys(counted)).toContain('cost');
    expect(Object.keys(counted)).not.toContain('estimatedCost');
  });

  it('stays in the bench JSON report and is left out of the text a person reads', () => {
    const metrics = { ...run.metrics, modelWallMs: 1 };
    const report = benchReport(
      {
        scenario: { type: 'graph', graph: graphOrThrow(diamond) },
        policies: [serialPolicy, criticalPathPolicy],
        seeds: [1],
      },
      [
        { policy: serialPolicy.name, seed: 1, metrics },
        { policy: criticalPathPolicy.name, seed: 1, metrics },
      ],
    );
    expect(report.policies[serialPolicy.name]?.estimatedCost.mean).toBe(run.metrics.cost);
    expect(report.paired[criticalPathPolicy.name]).toHaveProperty('estimatedCost');
    const text = textReport(report);
    expect(text).toMatch(/^cost\s/m);
    expect(text).not.toContain('estimatedCost');
    expect(
      writtenMetrics(computeMetrics(run.events, { prices: {}, mainStepCost: 1, maxCriticalSteps: 9 })),
    ).toHaveProperty('estimatedCost');
  });

  it('reads the cost of a trace written before `cost` existed', async () => {
    const old = oldShaped(run.events);
    const end = old.at(-1);
    if (end?.type !== 'run.finished') throw new Error('no run.finished');
    expect(end.metrics.cost).toBeUndefined();
    expect(readMetrics(end.metrics)).toMatchObject({ cost: OLD_COST });
    expect(readMetrics(end.metrics)).not.toHaveProperty('estimatedCost');

    const store = memoryTraceStore();
    const summary = await store.importTrace(encodeTrace(run.header, old), { label: 'old', startedAt: 1 });
    expect(summary.metrics?.cost).toBe(OLD_COST);
    expect((await store.list())[0]?.metrics).toEqual({
      criticalSteps: run.metrics.criticalSteps,
      itemF1: run.metrics.itemF1,
      reward: run.metrics.reward,
      cost: OLD_COST,
    });
  });

  it('reads the cost of a run summary an older version kept', () => {
    const kept = {
      id: 'r-old',
      label: 'kept by an older version',
      scenario: { id: 'diamond', kind: 'graph' },
      policy: 'critical-path',
      provider: 'simulated',
      seed: 1,
      status: 'done',
      startedAt: 1,
      eventCount: run.events.length,
      header: run.header,
      metrics: { criticalSteps: 7, itemF1: 1, reward: 1, estimatedCost: 0.25 },
    } as unknown as RunRecord;
    expect(summaryOf(kept).metrics).toEqual({ criticalSteps: 7, itemF1: 1, reward: 1, cost: 0.25 });
  });

  it('is spelled in src only by cost-alias.ts', () => {
    const home = join('src', 'core', 'trace', 'cost-alias.ts');
    const spelling = sourceFiles()
      .filter(({ code }) => code.includes('estimatedCost'))
      .map(({ file }) => file);
    // The scan sees the one home's code (comments left out), so it would see another file's.
    expect(spelling).toEqual([home]);
  });
});
