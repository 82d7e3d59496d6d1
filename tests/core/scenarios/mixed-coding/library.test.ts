import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../../src/adapters/node/node-sandbox';
import {
  dependencyClosure,
  LIBRARY,
  type LibraryFunction,
  libraryFunction,
  mutantSource,
} from '../../../../src/core/scenarios/mixed-coding/library';
import type { CodeTest } from '../../../../src/core/tools/sandbox';

// Every expectation in the library is checked here against the reference, in the same sandbox the
// grader uses, and every mutant must be caught by a hidden test: a library error would otherwise
// show up only as a strange pass@1.

/** How many tests the code fails, the code of what `fn` builds on put first. */
async function failures(fn: LibraryFunction, code: string, tests: readonly CodeTest[]): Promise<number> {
  const deps = dependencyClosure(fn.name).map((name) => libraryFunction(name)!.reference);
  const result = await nodeSandbox.run([...deps, code].join('\n\n'), tests, 1000);
  return result.ok ? result.failed : tests.length;
}

describe('the coding library', () => {
  it('holds 16 to 24 functions with unique names, enough loners for the largest instance', () => {
    expect(LIBRARY.length).toBeGreaterThanOrEqual(16);
    expect(LIBRARY.length).toBeLessThanOrEqual(24);
    expect(new Set(LIBRARY.map((f) => f.name)).size).toBe(LIBRARY.length);
    expect(LIBRARY.filter((f) => !f.uses?.length).length).toBeGreaterThanOrEqual(12);
  });

  it('lists dependencies before the functions that use them, and only known ones', () => {
    const seen = new Set<string>();
    for (const fn of LIBRARY) {
      for (const dep of fn.uses ?? []) expect(seen, `${fn.name} uses ${dep}`).toContain(dep);
      seen.add(fn.name);
    }
    expect(dependencyClosure('stddev')).toEqual(['sum', 'mean', 'variance']);
    expect(dependencyClosure('isPerfect')).toEqual(['sum', 'divisors']);
    expect(dependencyClosure('gcd')).toEqual([]);
  });

  it('gives each function 3 visible tests, at least 5 hidden ones and 2 or 3 mutants', () => {
    for (const fn of LIBRARY) {
      expect(fn.visible, fn.name).toHaveLength(3);
      expect(fn.hidden.length, fn.name).toBeGreaterThanOrEqual(5);
      expect(fn.mutants.length, fn.name).toBeGreaterThanOrEqual(2);
      expect(fn.mutants.length, fn.name).toBeLessThanOrEqual(3);
      expect(fn.reference.startsWith(`function ${fn.name}(`), fn.name).toBe(true);
      expect(fn.reference, fn.name).not.toMatch(/\n\s*\n/);
    }
  });

  it('has mutants that apply exactly once each and differ from the reference', () => {
    for (const fn of LIBRARY) {
      fn.mutants.forEach((patches, i) => {
        for (const [from] of patches)
          expect(fn.reference.split(from).length - 1, `${fn.name} #${i}: ${from}`).toBe(1);
        expect(mutantSource(fn, i)).not.toBe(fn.reference);
      });
    }
    expect(() => mutantSource(LIBRARY[0]!, 9)).toThrow(RangeError);
  });

  it('has references that pass all their visible and hidden tests', async () => {
    for (const fn of LIBRARY) {
      expect(await failures(fn, fn.reference, fn.visible), `${fn.name} visible`).toBe(0);
      expect(await failures(fn, fn.reference, fn.hidden), `${fn.name} hidden`).toBe(0);
    }
  });

  it('has mutants that each fail a hidden test, some slipping past the visible tests and some not', async () => {
    for (const fn of LIBRARY) {
      const visibleFailures: number[] = [];
      for (let i = 0; i < fn.mutants.length; i++) {
        const source = mutantSource(fn, i);
        expect(await failures(fn, source, fn.hidden), `${fn.name} mutant ${i}`).toBeGreaterThan(0);
        visibleFailures.push(await failures(fn, source, fn.visible));
      }
      // Each function can fool its visible tests (a wrong pass) and be caught by them (a rewrite).
      expect(
        visibleFailures.some((n) => n === 0),
        `${fn.name}: a mutant passing the visible tests`,
      ).toBe(true);
      expect(
        visibleFailures.some((n) => n > 0),
        `${fn.name}: a mutant failing a visible test`,
      ).toBe(true);
    }
  });
});
