import { describe, expect, it } from 'vitest';
import { SweepPace, spokenDuration } from '../../src/cli/scale-out/sweep-pace';

// The launcher's rate and time left (issue 57, item 7), on timestamps the test gives.
describe('the launcher’s rate and time left', () => {
  it('says nothing before a second has passed, then the rate over the window and the time left', () => {
    const pace = new SweepPace(30_000);
    pace.note(0, 0);
    pace.note(500, 5);
    expect(pace.describe(95)).toBe('');
    pace.note(2000, 20);
    expect(pace.describe(80)).toBe(', 10 runs/s, about 8 s left');
    expect(pace.describe(0)).toBe(', 10 runs/s');
  });

  it('follows the last 30 s, so a fleet that slows down shows it', () => {
    const pace = new SweepPace(30_000);
    for (let s = 0; s <= 60; s++) pace.note(s * 1000, s <= 30 ? s * 10 : 300 + (s - 30));
    // 10 runs/s for the first half minute, 1 run/s since.
    expect(pace.rate()).toBeCloseTo(1, 5);
    expect(pace.describe(600)).toBe(', 1.0 runs/s, about 10 min left');
  });

  it('says the time left is unknown when nothing finished in the window', () => {
    const pace = new SweepPace(30_000);
    pace.note(0, 7);
    pace.note(5000, 7);
    expect(pace.describe(3)).toBe(', 0.0 runs/s, time left unknown (no run finished in the last 30 s)');
  });

  it('speaks durations coarsely', () => {
    expect(spokenDuration(0.2)).toBe('1 s');
    expect(spokenDuration(42)).toBe('42 s');
    expect(spokenDuration(190)).toBe('3 min 10 s');
    expect(spokenDuration(1500)).toBe('25 min');
    expect(spokenDuration(7500)).toBe('2 h 5 min');
    expect(spokenDuration(7200)).toBe('2 h');
  });
});
