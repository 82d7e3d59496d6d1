import { describe, expect, it } from 'vitest';
import { subagentUse } from '../../src/cli/aux-rewards';
import type { TraceEvent } from '../../src/core/trace/events';
import { runCli } from '../support/cli';

const at = (i: number, body: object) => ({ seq: i, t: i, wallMs: 0, ...body }) as TraceEvent;
const usage = { 'gen_ai.usage.input_tokens': 0, 'gen_ai.usage.output_tokens': 0, toolCalls: 0 };

describe('swarm experiment aux-rewards', () => {
  it('splits a run’s unused subagents into idle, failed and redundant, and tells a single-agent run', () => {
    const events = [
      at(0, {
        type: 'run.started',
        workers: 4,
        tasks: [
          { id: 'a', steps: 1, deps: [] },
          { id: 'b', steps: 1, deps: [] },
        ],
      }),
      ...['sa-1', 'sa-2', 'sa-3', 'sa-4'].map((s, i) =>
        at(1 + i, { type: 'subagent.spawned', subagent: s, profile: 'small' }),
      ),
      at(5, { type: 'task.finished', task: 'a', subagent: 'sa-1', attempt: 1, usage }),
      at(6, {
        type: 'task.failed',
        task: 'b',
        subagent: 'sa-2',
        attempt: 1,
        error: 'crashed',
        final: false,
        usage,
      }),
      at(7, { type: 'task.cancelled', task: 'b', subagent: 'sa-3', attempt: 2, reason: 'finished' }),
    ];
    expect(subagentUse(events)).toEqual({ single: 0, idle: 1, failed: 1, redundant: 1 });
    expect(
      subagentUse([at(0, { type: 'run.started', workers: 1, tasks: [{ id: 'solve', steps: 9, deps: [] }] })])
        .single,
    ).toBe(1);
  });

  it('trains the four arms per seed and reports each on the split', async () => {
    const r = await runCli([
      'experiment',
      'aux-rewards',
      '--train-seeds',
      '1',
      '--episodes',
      '16',
      '--seeds',
      '6',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.rows.map((row: { arm: string }) => row.arm)).toEqual([
      'none',
      'parallel-only',
      'finish-only',
      'parl',
    ]);
    for (const row of report.rows) {
      expect(row.trainSeed).toBe(1);
      expect(row.singleRate).toBeGreaterThanOrEqual(0);
      expect(row.singleRate).toBeLessThanOrEqual(1);
      expect(Number.isFinite(row.reward.mean)).toBe(true);
    }
    // Experiments default to validation: a look at the test split is asked for by name (issue 59).
    expect(report.split).toBe('validation');
  }, 120_000);

  it('refuses another scenario, a seed given twice and a bad split, with exit code 2', async () => {
    for (const [args, message] of [
      [['--scenario', 'wide-search'], /trains on the mix/],
      [['--train-seeds', '1,1'], /a seed is given twice/],
      [['--split', 'holdout'], /--split/],
    ] as const) {
      const r = await runCli(['experiment', 'aux-rewards', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
