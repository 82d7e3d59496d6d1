import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import { computeMetrics } from '../../../src/core/trace/metrics';
import { foldTrace } from '../../../src/ui/model/replay';
import { metricsAt, positionText, replayStatus, statusAt } from '../../../src/ui/model/replay-position';
import { diamond } from '../../core/graph/test-graphs';
import { orchestrationEpisode } from '../../support/orchestration-episode';

const run = simulate({
  graph: graphOrThrow(diamond),
  config: makeConfig({ seed: 1 }),
  policy: heuristicPolicy,
});
const events = run.events;
const middle = events.findIndex((e) => e.type === 'task.started');

describe('a stored run scrubbed back', () => {
  it('is running until its run.finished, and ends with the status it was stored with', () => {
    expect(statusAt(events, middle, 'done')).toBe('running');
    expect(statusAt(events, 0, 'done')).toBe('running');
    expect(statusAt(events, events.length - 1, 'done')).toBe('done');
    expect(statusAt(events, events.length - 1, 'cancelled')).toBe('cancelled');
  });

  it('says a replay plays or is paused, not that the run is running, and ends with the stored status', () => {
    const end = Math.max(...events.map((e) => e.t));
    const at = Math.max(...events.slice(0, middle + 1).map((e) => e.t));
    const text = (index: number, playing: boolean, status = 'done') => {
      const s = replayStatus(events, index, status, playing);
      return s.words + s.detail;
    };
    const n = events.length;
    // A position is an event; the orchestrator's are decisions (issue 61): no "step" for either.
    expect(text(middle, true)).toBe(`replaying · event ${middle + 1} of ${n} (step-time ${at} of ${end})`);
    expect(replayStatus(events, middle, 'done', true).state).toBe('replaying');
    // The step changes as it plays: apart from the words announced once.
    expect(replayStatus(events, middle, 'done', true).words).toBe('replaying');
    expect(text(0, true)).toBe(`replaying · event 1 of ${n} (step-time 0 of ${end})`);
    expect(text(middle, false)).toBe(
      `replay paused at event ${middle + 1} of ${n} (step-time ${at} of ${end})`,
    );
    expect(replayStatus(events, middle, 'done', false).state).toBe('replay-paused');
    // At its end, playing or not, the run's own status: what a finished run showed.
    expect(text(events.length - 1, true)).toBe('done');
    expect(text(events.length - 1, false)).toBe('done');
    expect(text(events.length - 1, false, 'cancelled')).toBe('cancelled');
    expect(replayStatus(events, events.length - 1, 'done', true).state).toBe('done');
  });

  it('writes a fractional step-time to two decimals at most', () => {
    const scaled = events.map((e) => ({ ...e, t: e.t / 3 }));
    expect(replayStatus(scaled, 0, 'done', false).words).toBe(
      `replay paused at event 1 of ${events.length} (step-time 0 of ${Math.round((Math.max(...events.map((e) => e.t)) / 3) * 100) / 100})`,
    );
  });

  it('has the metrics counted up to that event, and none of what only the end knows', () => {
    const m = metricsAt(events, middle, 1, 'graph');
    const counted = computeMetrics(events.slice(0, middle + 1), {
      prices: {},
      mainStepCost: 1,
      maxCriticalSteps: Infinity,
    });
    expect(m.criticalSteps).toBe(counted.criticalSteps);
    expect(m.criticalSteps).toBeLessThan(
      computeMetrics(events, { prices: {}, mainStepCost: 1, maxCriticalSteps: Infinity }).criticalSteps,
    );
    expect(m.toolCalls).toBe(counted.toolCalls);
    for (const key of ['quality', 'itemF1', 'reward', 'cost'] as const) expect(m[key]).toBeUndefined();
  });

  it('leaves out what the orchestration environment does not simulate at every point', () => {
    const episode = orchestrationEpisode(3);
    const m = metricsAt(episode.events, 5, episode.header.mainStepCost, 'orchestration');
    expect(m.wallClockMs).toBeUndefined();
    expect(m.toolCalls).toBeUndefined();
    expect(m.tokensIn).toBeGreaterThan(0);
  });

  it('counts events from 1 to the trace’s length, as the Library does', () => {
    expect(positionText(events.length - 1, events.length)).toBe(`event ${events.length} of ${events.length}`);
    expect(positionText(0, events.length)).toBe(`event 1 of ${events.length}`);
  });

  it('keeps the grader’s verdict in the snapshot once given', () => {
    expect(foldTrace(events, events[middle]?.seq).grade).toBeUndefined();
    expect(foldTrace(events).grade?.itemF1).toBe(1);
  });
});
