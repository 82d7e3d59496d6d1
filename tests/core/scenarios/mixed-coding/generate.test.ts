import { describe, expect, it } from 'vitest';
import {
  generateMixedCoding,
  MAX_FUNCTIONS,
  MIN_FUNCTIONS,
} from '../../../../src/core/scenarios/mixed-coding/generate';
import { libraryFunction } from '../../../../src/core/scenarios/mixed-coding/library';
import type { MixedCodingSpec } from '../../../../src/core/scenarios/mixed-coding/spec';

const spec: MixedCodingSpec = {
  kind: 'mixed-coding',
  id: 'coding-test',
  size: { default: 6, min: 2, max: 12 },
};

describe('generateMixedCoding', () => {
  it('gives the same instance for the same spec, seed and size, byte for byte', () => {
    const a = generateMixedCoding(spec, 7, 8);
    expect(JSON.stringify(generateMixedCoding(spec, 7, 8))).toBe(JSON.stringify(a));
    expect(a).toMatchObject({ scenario: 'coding-test', seed: 7, size: 8, timeoutMs: 1000 });
    expect(a.functions).toHaveLength(8);
  });

  it('draws different functions for different seeds', () => {
    const picks = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) =>
        generateMixedCoding(spec, seed, 5)
          .functions.map((f) => f.name)
          .join(),
      ),
    );
    expect(picks.size).toBeGreaterThan(3);
  });

  it('refuses a size outside 2..12, naming the bounds', () => {
    for (const size of [0, 1, 13, 2.5, Number.NaN]) {
      expect(() => generateMixedCoding(spec, 1, size)).toThrow(RangeError);
      expect(() => generateMixedCoding(spec, 1, size)).toThrow(/from 2 to 12/);
    }
    expect(generateMixedCoding(spec, 1, MIN_FUNCTIONS).functions).toHaveLength(2);
    expect(generateMixedCoding(spec, 1, MAX_FUNCTIONS).functions).toHaveLength(12);
  });

  it('refuses a dependency share outside [0, 1]', () => {
    expect(() => generateMixedCoding({ ...spec, dependencyShare: 1.5 }, 1, 4)).toThrow(/dependencyShare/);
  });

  it('includes everything a chosen function builds on, before it, and names it as a dependency', () => {
    for (let seed = 0; seed < 30; seed++) {
      const instance = generateMixedCoding({ ...spec, dependencyShare: 0.8 }, seed, 2 + (seed % 11));
      const before = new Set<string>();
      for (const fn of instance.functions) {
        expect(fn.deps).toEqual(libraryFunction(fn.name)?.uses ?? []);
        for (const dep of fn.deps) expect(before, `${fn.name} needs ${dep}`).toContain(dep);
        before.add(fn.name);
      }
    }
  });

  it('follows the dependency share: none at 0, chains at 1', () => {
    const deps = (share: number) =>
      [1, 2, 3, 4, 5].flatMap((seed) =>
        generateMixedCoding({ ...spec, dependencyShare: share }, seed, 8).functions.flatMap((f) => f.deps),
      );
    expect(deps(0)).toEqual([]);
    expect(deps(1).length).toBeGreaterThan(deps(0.3).length);
    // Even two functions can be one built on the other.
    expect(generateMixedCoding({ ...spec, dependencyShare: 1 }, 3, 2).functions[1]!.deps).toHaveLength(1);
  });

  it('states every function, spec and visible test in the prompt, and no hidden test', () => {
    const instance = generateMixedCoding(spec, 11, 6);
    for (const fn of instance.functions) {
      expect(instance.prompt).toContain(fn.signature);
      expect(instance.prompt).toContain(fn.spec);
      for (const t of fn.visible)
        expect(instance.prompt).toContain(`${t.call} → ${JSON.stringify(t.expect)}`);
      for (const t of fn.hidden) expect(instance.prompt).not.toContain(`${t.call} →`);
      expect(fn.hidden.length).toBeGreaterThanOrEqual(5);
    }
  });
});
