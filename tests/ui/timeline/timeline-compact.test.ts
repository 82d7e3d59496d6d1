import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import { foldTrace, type RunSnapshot } from '../../../src/ui/model/replay';
import { layoutTimeline } from '../../../src/ui/timeline/timeline-layout';
import { diamond } from '../../core/graph/test-graphs';

/**
 * The compare view's timelines are compact (walk-through: their lane names, "orchestrator" and
 * "sa-N", were drawn about 4 px high). Compact lanes are thinner, their names still readable.
 */
describe('a compact timeline', () => {
  const run = simulate({
    graph: graphOrThrow(diamond),
    config: makeConfig({ seed: 1 }),
    policy: criticalPathPolicy,
  });
  const snap = foldTrace(run.events);

  it('names its lanes at a readable size, on lanes tall enough for them', () => {
    const l = layoutTimeline(snap, { width: 1300, compact: true });
    expect(l.labelSize).toBeGreaterThanOrEqual(10);
    expect(l.laneHeight).toBeGreaterThanOrEqual(l.labelSize + 2);
    expect(l.laneHeight).toBeLessThan(layoutTimeline(snap, { width: 1300 }).laneHeight);
  });

  it('goes thin and unnamed only past forty lanes', () => {
    const many = {
      ...snap,
      subagents: Array.from({ length: 60 }, (_, i) => ({ id: `sa-${i + 1}`, profile: 'small' })),
    } as RunSnapshot;
    const l = layoutTimeline(many, { width: 1300, compact: true });
    expect(l.labelSize).toBe(0);
    expect(l.laneHeight).toBe(8);
  });
});
