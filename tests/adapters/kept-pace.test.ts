import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keptPace } from '../../src/adapters/common/pace';

/**
 * A graph run's pace on the page keeps time over its chain of waits: the page's drawing between
 * two waits comes out of the second, so the run lasts what its waits add up to (the stress card
 * took 75 s where they add up to 37 s, and the page said "about 40 s"). Fake timers and a fake
 * clock: the page's work is the clock moving with no timer fired.
 */
describe('a pace that keeps time', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  const settled = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('takes the time spent between waits out of the next wait', async () => {
    const pace = keptPace(40, () => Date.now());
    const first = pace.wait(100);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(first)).toBe(true);
    // The page draws for 80 ms before the driver asks for its next wait.
    vi.setSystemTime(Date.now() + 80);
    const second = pace.wait(100);
    await vi.advanceTimersByTimeAsync(19);
    expect(await settled(second)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(second)).toBe(true);
    expect(Date.now()).toBe(200);
  });

  it('starts the waits of one batch together, and the next batch where the longest was due', async () => {
    const pace = keptPace(40, () => Date.now());
    const short = pace.wait(50);
    vi.setSystemTime(Date.now() + 30); // launching the attempts takes time
    const long = pace.wait(100);
    await vi.advanceTimersByTimeAsync(50);
    expect(await settled(short)).toBe(true);
    // Due at 100 from the batch's start at 0, not at 130 from its own request.
    expect(await settled(long)).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(await settled(long)).toBe(true);
    expect(Date.now()).toBe(100);
    const next = pace.wait(40);
    await vi.advanceTimersByTimeAsync(40);
    expect(await settled(next)).toBe(true);
  });

  it('waits no time at all once the page is behind, and catches up', async () => {
    const pace = keptPace(40, () => Date.now());
    await Promise.all([pace.wait(10), vi.advanceTimersByTimeAsync(10)]);
    vi.setSystemTime(Date.now() + 500);
    expect(await settled(pace.wait(100))).toBe(true);
    expect(await settled(pace.wait(100))).toBe(true);
    // 10 + 100 + 100 due by 210; the clock is at 510: still behind, so no wait.
    expect(await settled(pace.wait(290))).toBe(true);
    const caughtUp = pace.wait(100);
    expect(await settled(caughtUp)).toBe(false);
  });
});
