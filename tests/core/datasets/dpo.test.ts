import { describe, expect, it } from 'vitest';
import { dpoExamples, whyNoPairs } from '../../../src/core/datasets/dpo';
import type { DpoRow } from '../../../src/core/datasets/rows';
import type { DatasetRun } from '../../../src/core/datasets/runs';
import { checkRows } from '../../../src/core/datasets/trl-check';
import { parseTeamPlan } from '../../../src/core/router/plan';
import { benchRuns } from './logged';

const options = { margin: 0.05, minReward: 0 };
const plan = (row: DpoRow, side: 'chosen' | 'rejected') => JSON.parse(row[side][0]?.content ?? '');

async function pairOf(source: (name: string) => string) {
  const runs = await benchRuns();
  const get = (name: string) => runs.find((r) => r.source === source(name)) as DatasetRun;
  return { single: get('serial'), swarm: get('heuristic') };
}

describe('DPO pairs of meta-router plans', () => {
  it('from real runs are well-formed TRL preference rows, with distinct plans', async () => {
    const runs = await benchRuns();
    const { examples, stats } = dpoExamples(runs, options);
    expect(examples.length).toBeGreaterThan(0);
    expect(
      checkRows(
        examples.map((e) => e.row),
        'dpo',
      ),
    ).toEqual([]);
    for (const { row } of examples) {
      expect(row.prompt.map((m) => m.role)).toEqual(['system', 'user']);
      expect(parseTeamPlan(row.chosen[0]?.content ?? '').ok).toBe(true);
      expect(parseTeamPlan(row.rejected[0]?.content ?? '').ok).toBe(true);
      expect(plan(row, 'chosen').topology).not.toBe(plan(row, 'rejected').topology);
    }
    // write-story: 3 requests × 1 pair; compare-options: 2 requests × 3 pairs.
    expect(stats).toMatchObject({ requests: 5, contested: 5 });
    expect(stats.pairs + stats.droppedSmallGap + stats.droppedBelowMin).toBe(9);
  });

  it('choose the plan with the higher mean reward when the gap is at least the margin', async () => {
    const { single, swarm } = await pairOf((p) => `write-story-${p}-seed1.jsonl`);
    const { examples, stats } = dpoExamples(
      [
        { ...single, reward: 0.95 },
        { ...swarm, reward: 0.8 },
      ],
      options,
    );
    expect(examples).toHaveLength(1);
    expect(plan(examples[0]?.row as DpoRow, 'chosen').topology).toBe('single');
    expect(stats).toMatchObject({ byReward: 1, bySimplicity: 0 });
    const flipped = dpoExamples(
      [
        { ...single, reward: 0.8 },
        { ...swarm, reward: 0.95 },
      ],
      options,
    ).examples;
    expect(plan(flipped[0]?.row as DpoRow, 'chosen').topology).toBe('swarm');
  });

  it('average a plan’s runs on one request before comparing', async () => {
    const { single, swarm } = await pairOf((p) => `write-story-${p}-seed1.jsonl`);
    const runs = [
      { ...single, reward: 1 },
      { ...single, reward: 0.6 },
      { ...swarm, reward: 0.9 },
    ];
    const { examples } = dpoExamples(runs, options);
    expect(plan(examples[0]?.row as DpoRow, 'chosen').topology).toBe('swarm');
  });

  it('choose the simpler plan within the margin when both succeeded, and drop the pair otherwise', async () => {
    const { single, swarm } = await pairOf((p) => `write-story-${p}-seed1.jsonl`);
    const tie = dpoExamples(
      [
        { ...single, reward: 0.9 },
        { ...swarm, reward: 0.93 },
      ],
      options,
    );
    expect(plan(tie.examples[0]?.row as DpoRow, 'chosen').topology).toBe('single');
    expect(tie.stats).toMatchObject({ byReward: 0, bySimplicity: 1 });
    const failed = dpoExamples(
      [
        { ...single, reward: 0, success: false },
        { ...swarm, reward: 0.03 },
      ],
      options,
    );
    expect(failed.examples).toEqual([]);
    expect(failed.stats).toMatchObject({ pairs: 0, droppedSmallGap: 1 });
    const below = dpoExamples(
      [
        { ...single, reward: 0.2 },
        { ...swarm, reward: 0.4 },
      ],
      { ...options, minReward: 0.5 },
    );
    expect(below.stats).toMatchObject({ pairs: 0, droppedBelowMin: 1 });
    const wide = dpoExamples(
      [
        { ...single, reward: 0.9 },
        { ...swarm, reward: 0.93 },
      ],
      { ...options, margin: 0 },
    );
    expect(plan(wide.examples[0]?.row as DpoRow, 'chosen').topology).toBe('swarm');
  });

  it('say why no pair formed, with the requests seen', async () => {
    const runs = (await benchRuns()).filter((r) => r.plan.topology === 'single');
    const { examples, stats } = dpoExamples(runs, options);
    expect(examples).toEqual([]);
    expect(whyNoPairs(stats)).toBe(
      '5 requests seen, and no request has two different plans: run each request under more than one policy (e.g. bench --policies serial,heuristic on the same seeds)',
    );
    const { single, swarm } = await pairOf((p) => `write-story-${p}-seed1.jsonl`);
    const small = dpoExamples(
      [
        { ...single, reward: 0.9, success: false },
        { ...swarm, reward: 0.9 },
      ],
      options,
    );
    expect(whyNoPairs(small.stats)).toBe(
      '1 request seen, 1 with two or more plans, but every pair was dropped: 1 pair with a reward gap under the margin and no simpler plan that succeeded every time',
    );
  });
});
