import { describe, expect, it } from 'vitest';
import { pairedBootstrap } from '../../../src/core/stats/paired';
import { summarize } from '../../../src/core/stats/summary';
import { createRng } from '../../../src/core/util/rng';

describe('the paired bootstrap', () => {
  it('gives an exact interval when every instance differs by the same amount', () => {
    const a = [0.2, 0.9, 0.4, 0.7, 0.1];
    expect(pairedBootstrap(a, a)).toEqual({ mean: 0, low: 0, high: 0, n: 5 });
    const d = pairedBootstrap(
      a,
      a.map((x) => x + 0.25),
    );
    expect(d.mean).toBeCloseTo(0.25, 12);
    expect(d.low).toBeCloseTo(0.25, 12);
    expect(d.high).toBeCloseTo(0.25, 12);
  });

  it('sees a small steady gain that unpaired intervals over spread-out instances cannot', () => {
    // Instances range widely (an easy seed is easy for both); b is a bit better on each.
    const rng = createRng(7);
    const a = Array.from({ length: 100 }, () => rng.next());
    const b = a.map((x) => x + 0.02 + (rng.next() - 0.5) * 0.02);
    const paired = pairedBootstrap(a, b);
    expect(paired.low).toBeGreaterThan(0);
    expect(paired.high).toBeLessThan(0.03);
    // Unpaired, the two 95% intervals of the means overlap.
    const [sa, sb] = [summarize(a), summarize(b)];
    expect(sa.mean + sa.ci95).toBeGreaterThan(sb.mean - sb.ci95);
  });

  it('covers the true difference about 95% of the time', () => {
    const rng = createRng(11);
    let covered = 0;
    const trials = 200;
    for (let t = 0; t < trials; t++) {
      const a = Array.from({ length: 40 }, () => rng.next());
      const b = a.map((x) => x + 0.1 + (rng.next() - 0.5));
      const d = pairedBootstrap(a, b, { resamples: 2000, seed: t });
      if (d.low <= 0.1 && 0.1 <= d.high) covered++;
    }
    expect(covered / trials).toBeGreaterThan(0.9);
    expect(covered / trials).toBeLessThanOrEqual(0.99);
  });

  it('refuses values that are not paired', () => {
    expect(() => pairedBootstrap([1, 2], [1])).toThrow(/differ in number: 2 and 1/);
  });
});
