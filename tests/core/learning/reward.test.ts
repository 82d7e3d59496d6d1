import { describe, expect, it } from 'vitest';
import { type EpisodeOutcome, lambdaAt, parlReward, parseSchedule } from '../../../src/core/learning/reward';

const episode: EpisodeOutcome = {
  spawnCount: 10,
  maxSubagents: 100,
  subtaskFinishRate: 0.9,
  perf: 0.8,
  withinBudget: true,
};

describe('parlReward', () => {
  it('adds the weighted auxiliary terms to the run’s own reward', () => {
    const r = parlReward(episode, 0.1, 0.5);
    expect(r.parallel).toBeCloseTo(0.1, 12);
    expect(r.finish).toBeCloseTo(0.9, 12);
    expect(r.perf).toBeCloseTo(0.8, 12);
    expect(r.reward).toBeCloseTo(0.1 * 0.1 + 0.5 * 0.9 + 0.8, 12);
  });

  it('is the reward metric with λ1 = λ2 = 0', () => {
    expect(parlReward(episode, 0, 0).reward).toBeCloseTo(0.8, 12);
    expect(parlReward({ ...episode, perf: 0 }, 0, 0).reward).toBe(0);
  });

  it('pays the auxiliary terms to a run that failed its task, but nothing to one over budget', () => {
    expect(parlReward({ ...episode, perf: 0 }, 0.1, 0.5).reward).toBeCloseTo(0.01 + 0.45, 12);
    expect(parlReward({ ...episode, withinBudget: false }, 0.1, 0.5)).toMatchObject({ reward: 0, perf: 0 });
  });

  it('caps the instantiation reward at the budget', () => {
    expect(parlReward({ ...episode, spawnCount: 250 }, 1, 0).parallel).toBe(1);
    expect(parlReward({ ...episode, maxSubagents: 0 }, 1, 0).parallel).toBe(0);
  });
});

describe('λ schedules', () => {
  it('anneal linearly or along a half cosine, then hold', () => {
    const linear = parseSchedule('linear:0.1:0:100');
    expect([0, 50, 100, 500].map((e) => lambdaAt(linear, e))).toEqual([0.1, 0.05, 0, 0]);
    const cosine = parseSchedule('cosine:0.1:0:100');
    expect(lambdaAt(cosine, 0)).toBeCloseTo(0.1, 12);
    expect(lambdaAt(cosine, 50)).toBeCloseTo(0.05, 12);
    // Slower than linear at first, faster later.
    expect(lambdaAt(cosine, 25)).toBeGreaterThan(lambdaAt(linear, 25));
    expect(lambdaAt(cosine, 75)).toBeLessThan(lambdaAt(linear, 75));
    expect(lambdaAt(parseSchedule('0.3'), 1e6)).toBe(0.3);
  });

  it.each(['', 'abc', 'linear:0.1:0', 'linear:0.1:0:1.5', 'cosine:a:0:10', 'step:0.1:0:10'])(
    'refuses %j, quoting it',
    (text) => {
      expect(() => parseSchedule(text)).toThrow(
        `schedule "${text}": expected a number, or linear:FROM:TO:EPISODES`,
      );
    },
  );
});
