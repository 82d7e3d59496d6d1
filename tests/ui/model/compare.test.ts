import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { serialPolicy } from '../../../src/core/policy/serial';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import { compareRows } from '../../../src/ui/model/compare';

describe('compare rows', () => {
  it('gives every later run its ratio to the first', () => {
    const rows = compareRows([
      { criticalSteps: 60, itemF1: 0.8 },
      { criticalSteps: 12, itemF1: 0.9 },
      undefined,
    ]);
    const critical = rows.find((r) => r.metric === 'criticalSteps');
    expect(critical?.values).toEqual([60, 12, undefined]);
    expect(critical?.ratios).toEqual([0.2, undefined]);
    expect(rows.find((r) => r.metric === 'itemF1')?.ratios[0]).toBeCloseTo(1.125);
  });

  it('leaves the ratio out when the baseline is 0', () => {
    const rows = compareRows([{ retryCount: 0 }, { retryCount: 3 }]);
    expect(rows.find((r) => r.metric === 'retryCount')?.ratios).toEqual([undefined]);
  });

  it('claims a better direction only where there is one', () => {
    const rows = compareRows([{}]);
    const better = (metric: string) => rows.find((r) => r.metric === metric)?.better;
    expect(better('criticalSteps')).toBe('lower');
    expect(better('itemF1')).toBe('higher');
    // How many subagents a run made, or how parallel it was, is neither better nor worse in itself.
    expect(better('spawnCount')).toBeUndefined();
    expect(better('avgParallelism')).toBeUndefined();
  });

  it("names the quality row by the runs' measure, and has no pass@1 row that would misname it", () => {
    const label = (kinds: string[]) => compareRows([{}, {}], kinds).find((r) => r.metric === 'itemF1')?.label;
    expect(label(['wide-search', 'wide-search'])).toBe('Quality (item-F1)');
    expect(label(['write-story', 'rag-qa'])).toBe('Quality (rubric score)');
    expect(label(['wide-search', 'deep-search'])).toMatch(/each run’s scenario’s own measure/);
    expect(label([])).toMatch(/own measure/);
    // rag-qa's 'pass@1' field is 'all criteria met' (0 or 1), coding's equals its quality.
    expect(compareRows([{ 'pass@1': 1 }], ['rag-qa']).map((r) => r.metric)).not.toContain('pass@1');
  });
});

describe('critical steps against total steps (issue 44, item 5)', () => {
  it('says under total steps that they leave out the orchestrator’s steps, which a serial run’s critical steps hold', () => {
    // The diamond (3 + 2 + 4 + 3 steps) run by a single agent: each task waits for the decision
    // that hands it over, so 4 orchestrator steps sit on its critical path and in no subagent's work.
    const graph = graphOrThrow({
      kind: 'graph',
      id: 'diamond',
      tasks: [
        { id: 'a', steps: 3, deps: [] },
        { id: 'b', steps: 2, deps: ['a'] },
        { id: 'c', steps: 4, deps: ['a'] },
        { id: 'd', steps: 3, deps: ['b', 'c'] },
      ],
    });
    const { metrics } = simulate({ graph, config: makeConfig({ seed: 1 }), policy: serialPolicy });
    expect([metrics.criticalSteps, metrics.totalSteps]).toEqual([16, 12]);
    const rows = compareRows([{ ...metrics }]);
    expect(rows.find((r) => r.metric === 'totalSteps')?.note).toBe(
      "the subagents' turns; critical steps are step-time: the orchestrator's steps with their briefs, and each turn at its profile's speed",
    );
    expect(rows.filter((r) => r.note).map((r) => r.metric)).toEqual(['totalSteps']);
  });
});
