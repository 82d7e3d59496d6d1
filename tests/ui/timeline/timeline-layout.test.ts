import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import { foldTrace } from '../../../src/ui/model/replay';
import { layoutTimeline } from '../../../src/ui/timeline/timeline-layout';
import { diamond } from '../../core/graph/test-graphs';

describe('timeline layout', () => {
  const run = simulate({
    graph: graphOrThrow(diamond),
    config: makeConfig({ seed: 1 }),
    policy: criticalPathPolicy,
  });
  const snap = foldTrace(run.events);

  it('gives one lane per subagent and one bar per attempt, on one x scale', () => {
    const l = layoutTimeline(snap, { width: 500 });
    expect(l.lanes).toEqual(snap.subagents.map((s) => s.id));
    expect(l.bars).toHaveLength(snap.segments.length);
    for (const bar of l.bars) {
      expect(l.lanes[bar.lane]).toBe(bar.segment.subagent);
      expect(bar.x).toBeCloseTo(l.x(bar.segment.start));
      expect(bar.x + bar.width).toBeCloseTo(l.x(bar.segment.end as number));
    }
    expect(l.x(0)).toBe(l.left);
    expect(l.x(snap.t)).toBe(490);
  });

  it('stretches to a shared end in a comparison', () => {
    const wide = layoutTimeline(snap, { width: 500, maxT: snap.t * 2 });
    expect(wide.x(snap.t)).toBeCloseTo((wide.left + 490) / 2);
  });

  it('draws a running attempt up to the current step', () => {
    const started = run.events.find((e) => e.type === 'task.started');
    const part = foldTrace(run.events, started?.seq);
    const l = layoutTimeline(part, { width: 300 });
    expect(l.bars[0]?.segment.outcome).toBe('running');
    expect(l.bars[0]?.width).toBeGreaterThan(0);
  });
});
