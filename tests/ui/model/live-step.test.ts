/** A live run's step-time between events: it grows with the wall clock, never to the next whole step. */
import { describe, expect, it } from 'vitest';
import { liveStep } from '../../../src/ui/model/live-step';

describe('the live step', () => {
  it('grows at the run’s own pace so far: half a step’s wall time after the last event is half a step', () => {
    // 4 steps took 2,000 ms: 500 ms a step; 250 ms after the last event is half a step on.
    expect(liveStep({ t: 4, wallAtLastMs: 2000, wallNowMs: 2250, paceMs: 400 })).toBeCloseTo(4.5, 12);
  });

  it('goes on to the running attempts’ planned end when there is one, and no further', () => {
    expect(liveStep({ t: 2, wallAtLastMs: 1000, wallNowMs: 3000, paceMs: 400, until: 15 })).toBeCloseTo(
      6,
      12,
    );
    expect(liveStep({ t: 2, wallAtLastMs: 1000, wallNowMs: 60_000, paceMs: 400, until: 15 })).toBe(15);
  });

  it('without a plan, stops short of the next whole step, where the next event may land', () => {
    expect(liveStep({ t: 4, wallAtLastMs: 2000, wallNowMs: 60_000, paceMs: 400 })).toBeLessThan(5);
    expect(liveStep({ t: 4, wallAtLastMs: 2000, wallNowMs: 60_000, paceMs: 400 })).toBeGreaterThan(4.99);
  });

  it('before any step has passed, guesses a step from the pace; at pace instant, or with a clock behind, stays put', () => {
    expect(liveStep({ t: 0, wallAtLastMs: 0, wallNowMs: 200, paceMs: 400 })).toBeCloseTo(0.5, 12);
    expect(liveStep({ t: 0, wallAtLastMs: 0, wallNowMs: 200, paceMs: 0 })).toBe(0);
    expect(liveStep({ t: 3, wallAtLastMs: 900, wallNowMs: 800, paceMs: 400 })).toBe(3);
  });
});
