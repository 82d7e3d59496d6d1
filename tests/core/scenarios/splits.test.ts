import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSplit, splitOf, splitSeeds, trainingSeed } from '../../../src/core/scenarios/splits';

describe('train, validation and test splits', () => {
  it('puts every seed in exactly one split, about 80 / 10 / 10', () => {
    const count = { train: 0, validation: 0, test: 0 };
    for (let s = 1; s <= 100_000; s++) count[splitOf(s)]++;
    expect(count.train / 100_000).toBeCloseTo(0.8, 2);
    expect(count.validation / 100_000).toBeCloseTo(0.1, 2);
    expect(count.test / 100_000).toBeCloseTo(0.1, 2);
  });

  it('enumerates a split from a seed upward: increasing seeds, all of that split', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('train' as const, 'validation' as const, 'test' as const),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (split, n, from) => {
          const seeds = splitSeeds(split, n, from);
          expect(seeds).toHaveLength(n);
          for (let k = 0; k < n; k++) {
            expect(splitOf(seeds[k] as number)).toBe(split);
            expect(seeds[k] as number).toBeGreaterThanOrEqual(k === 0 ? from : (seeds[k - 1] as number) + 1);
          }
        },
      ),
    );
    // The first 300 test seeds and the first 300 validation seeds share nothing.
    const test = new Set(splitSeeds('test', 300));
    expect(splitSeeds('validation', 300).filter((s) => test.has(s))).toEqual([]);
  });

  it('never trains on a validation or test instance, whatever the seed and episode', () => {
    for (const seed of [0, 1, 2, 3, 7, 42]) {
      for (let e = 0; e < 5000; e++) expect(splitOf(trainingSeed(e, seed))).toBe('train');
    }
  });

  it('names the known splits when given another', () => {
    expect(parseSplit('test')).toBe('test');
    expect(() => parseSplit('holdout')).toThrow(/unknown split "holdout" \(known: train, validation, test\)/);
  });
});
