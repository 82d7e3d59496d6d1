import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import { foldTrace } from '../../../src/ui/model/replay';
import { layoutTimeline } from '../../../src/ui/timeline/timeline-layout';
import { diamond } from '../../core/graph/test-graphs';
import { orchestrationEpisode } from '../../support/orchestration-episode';

describe('timeline layout', () => {
  const run = simulate({
    graph: graphOrThrow(diamond),
    config: makeConfig({ seed: 1 }),
    policy: criticalPathPolicy,
  });
  const snap = foldTrace(run.events);

  it('gives the orchestrator a lane, then one lane per subagent and one bar per attempt, on one x scale', () => {
    const l = layoutTimeline(snap, { width: 500 });
    expect(l.lanes).toEqual(['orchestrator', ...snap.subagents.map((s) => s.id)]);
    expect(l.bars).toHaveLength(snap.segments.length);
    for (const bar of l.bars) {
      expect(l.lanes[bar.lane]).toBe(bar.segment.subagent);
      expect(bar.x).toBeCloseTo(l.x(bar.segment.start));
      expect(bar.x + bar.width).toBeCloseTo(l.x(bar.segment.end as number));
    }
    expect(l.x(0)).toBe(l.left);
    // Every lane's name fits left of the bars at the labels' 11 px (it was cut to "rchestrator").
    expect(l.left - 6).toBeGreaterThanOrEqual(Math.max(...l.lanes.map((id) => id.length)) * 6.5);
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

  it('grows a running attempt with the live clock between events, never a finished one', () => {
    const started = run.events.find((e) => e.type === 'task.started');
    const part = foldTrace(run.events, started?.seq);
    const still = layoutTimeline(part, { width: 300 });
    const moving = layoutTimeline(part, { width: 300, now: part.t + 0.6 });
    const running = (l: typeof still) => l.bars.find((b) => b.segment.outcome === 'running');
    // Drawn to the live step: 0.6 of a step past the last event, on an axis that reaches it.
    expect(
      moving.x((running(moving) as NonNullable<ReturnType<typeof running>>).segment.start) +
        (running(moving)?.width ?? 0),
    ).toBeCloseTo(moving.x(part.t + 0.6));
    expect(moving.x(part.t + 0.6)).toBe(290);
    expect(running(moving)?.width).toBeGreaterThan(running(still)?.width ?? 0);
    // A live step behind the last event (a stale clock) changes nothing.
    expect(layoutTimeline(part, { width: 300, now: part.t - 1 }).bars).toEqual(still.bars);
    // Finished attempts end where they ended.
    const done = layoutTimeline(snap, { width: 500, now: snap.t + 0.5 });
    for (const bar of done.bars) expect(bar.x + bar.width).toBeCloseTo(done.x(bar.segment.end as number));
  });

  it("draws every orchestrator step on the orchestrator's lane over its own S_main", () => {
    const l = layoutTimeline(snap, { width: 500 });
    const stages = snap.realized.stages;
    expect(stages.length).toBeGreaterThan(1);
    expect(l.steps).toHaveLength(stages.length);
    for (const [i, bar] of l.steps.entries()) {
      const stage = stages[i] as (typeof stages)[number];
      expect(bar.lane).toBe(0);
      expect(bar.x).toBeCloseTo(l.x(stage.t));
      expect(bar.x + bar.width).toBeCloseTo(Math.max(l.x(stage.t) + 1.5, l.x(stage.t + stage.main)));
    }
  });

  it("draws an orchestration episode's steps, which are most of its critical steps, each as long as its own S_main", () => {
    const { header, events } = orchestrationEpisode(5);
    const episode = foldTrace(events, Number.POSITIVE_INFINITY, header.mainStepCost);
    const l = layoutTimeline(episode, { width: 1000 });
    const mains = episode.realized.stages.map((s) => s.main);
    // Steps of different lengths (the environment's S_main grows with the calls written and the
    // answers read): a bar of one fixed S_main would not show where the time went.
    expect(new Set(mains).size).toBeGreaterThan(1);
    const px = l.x(1) - l.x(0);
    for (const [i, bar] of l.steps.entries())
      expect(bar.width).toBeCloseTo(Math.max(1.5, (mains[i] as number) * px));
    // The steps and the subagents' bars together cover the run: no stretch of the critical path is
    // left without a bar.
    const covered = (t: number) =>
      episode.realized.stages.some((s) => s.t <= t && t < s.t + s.main) ||
      episode.segments.some((s) => s.start <= t && t < (s.end ?? episode.t));
    for (let t = 0.25; t < episode.t; t += 0.5) expect(covered(t)).toBe(true);
    // No subagent is drawn on the orchestrator's lane.
    expect(l.bars.every((b) => b.lane > 0)).toBe(true);
  });
});
