import { describe, expect, it } from 'vitest';
import { summarize, tQuantile975 } from '../../../src/core/stats/summary';

describe('summarize', () => {
  it('gives the mean and the Student-t half-width with the n − 1 variance', () => {
    // mean 3, s² = (4 + 1 + 0 + 1 + 4) / 4 = 2.5, t(4) = 2.776 → 2.776 · √(2.5 / 5) ≈ 1.963
    // (the population variance, 2, would give ≈ 1.756).
    const { mean, ci95 } = summarize([1, 2, 3, 4, 5]);
    expect(mean).toBe(3);
    expect(ci95).toBeCloseTo(2.776 * Math.sqrt(0.5), 10);
    expect(ci95).toBeCloseTo(1.963, 3);
  });

  it('uses t(1) for two values', () => {
    // mean 3, s² = 1 + 1 = 2, half-width 12.706 · √(2 / 2)
    const { mean, ci95 } = summarize([2, 4]);
    expect(mean).toBe(3);
    expect(ci95).toBeCloseTo(12.706, 10);
  });

  it('does not depend on the order of the values', () => {
    expect(summarize([5, 1, 4, 2, 3])).toEqual(summarize([1, 2, 3, 4, 5]));
  });

  it('has no interval for a single value', () => {
    expect(summarize([0.42])).toEqual({ mean: 0.42, ci95: 0 });
  });

  it('is NaN for no values', () => {
    const { mean, ci95 } = summarize([]);
    expect(mean).toBeNaN();
    expect(ci95).toBeNaN();
  });

  it('has a zero-width interval for a constant vector', () => {
    expect(summarize([4, 4, 4, 4])).toEqual({ mean: 4, ci95: 0 });
  });
});

describe('tQuantile975', () => {
  it('reads the standard table up to 30 degrees of freedom', () => {
    expect(tQuantile975(1)).toBe(12.706);
    expect(tQuantile975(4)).toBe(2.776);
    expect(tQuantile975(10)).toBe(2.228);
    expect(tQuantile975(30)).toBe(2.042);
  });

  it('is NaN without degrees of freedom', () => {
    expect(tQuantile975(0)).toBeNaN();
  });

  it('falls monotonically towards 1.96 from above past the table', () => {
    let previous = tQuantile975(1);
    for (let df = 2; df <= 1000; df++) {
      const t = tQuantile975(df);
      expect(t).toBeLessThan(previous);
      expect(t).toBeGreaterThan(1.959964);
      previous = t;
    }
    expect(tQuantile975(1e6)).toBeCloseTo(1.959964, 5);
  });

  it('stays close to tabulated values past 30', () => {
    // t(0.975) from standard tables: df 40 → 2.021, 60 → 2.000, 120 → 1.980.
    expect(Math.abs(tQuantile975(40) - 2.021)).toBeLessThan(0.003);
    expect(Math.abs(tQuantile975(60) - 2.0)).toBeLessThan(0.003);
    expect(Math.abs(tQuantile975(120) - 1.98)).toBeLessThan(0.003);
  });
});
