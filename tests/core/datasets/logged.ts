/**
 * Real logged runs for the dataset tests: `swarm bench --trace-dir` on write-story (serial and
 * heuristic: one agent with tool calls, and a swarm) and compare-options (serial, heuristic and
 * peers: a decentralized run with board messages), a few seeds each, decoded once per test file.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  type DatasetRun,
  decodeTraceFiles,
  type LoadedTrace,
  readDatasetRuns,
} from '../../../src/core/datasets/runs';
import type { TraceEvent } from '../../../src/core/trace/events';
import { runCli } from '../../support/cli';

let cached: Promise<{ dir: string; traces: LoadedTrace[] }> | undefined;

export function benchTraceDir(): Promise<{ dir: string; traces: LoadedTrace[] }> {
  cached ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'datasets-'));
    for (const [scenario, policies, seeds] of [
      ['write-story', 'serial,heuristic', '3'],
      ['compare-options', 'serial,heuristic,peers', '2'],
    ] as const) {
      const { code, stderr } = await runCli([
        'bench',
        '--scenario',
        scenario,
        '--policies',
        policies,
        '--seeds',
        seeds,
        '--trace-dir',
        dir,
        '--json',
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    }
    const names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
    const decoded = decodeTraceFiles(
      names.map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') })),
    );
    expect(decoded.unreadable).toEqual([]);
    return { dir, traces: decoded.traces };
  })();
  return cached;
}

export async function benchRuns(): Promise<DatasetRun[]> {
  const { runs, skipped } = readDatasetRuns((await benchTraceDir()).traces);
  expect(skipped).toEqual({});
  return runs;
}

/** A trace with its final metrics changed. */
export function withMetrics(
  trace: LoadedTrace,
  metrics: Record<string, number>,
  name = trace.name,
): LoadedTrace {
  const last = trace.events.at(-1) as Extract<TraceEvent, { type: 'run.finished' }>;
  return {
    ...trace,
    name,
    events: [...trace.events.slice(0, -1), { ...last, metrics: { ...last.metrics, ...metrics } }],
  };
}
