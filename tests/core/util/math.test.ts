import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cos, exp, log, log2, pow, sin } from '../../../src/core/util/math';
import { EXPECTED, mathFingerprint, trainingFingerprint } from '../../support/engine-fingerprint';

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (path.endsWith('.ts')) yield path;
  }
}

describe('the core’s transcendental functions', () => {
  it('give the bits Chromium gives too (tests/browser/engine-determinism.test.ts)', async () => {
    expect(mathFingerprint()).toEqual(EXPECTED.math);
    expect(await trainingFingerprint()).toBe(EXPECTED.training);
  });

  it('are the functions they stand for, to within a few units in the last place', () => {
    for (const x of [1e-300, 1e-5, 0.3, 1, 2.5, 10, 700]) {
      expect(log(x)).toBeCloseTo(Math.log(x), 12);
      expect(log2(x)).toBeCloseTo(Math.log2(x), 12);
    }
    for (const x of [-700, -3, 0, 0.5, 3, 700]) expect(exp(x) / Math.exp(x)).toBeCloseTo(1, 13);
    for (const x of [-1e6, -4, 0, 1, Math.PI, 1e6]) {
      expect(cos(x)).toBeCloseTo(Math.cos(x), 12);
      expect(sin(x)).toBeCloseTo(Math.sin(x), 12);
    }
    expect(pow(2, 10)).toBe(1024);
    expect(pow(0.3, 1.7)).toBeCloseTo(0.3 ** 1.7, 14);
  });

  it('are the only ones src/core uses: no engine-dependent Math function is left in it', () => {
    const engineDependent =
      /Math\.(exp|expm1|log|log1p|log2|log10|cos|sin|tan|acos|asin|atan|atan2|cosh|sinh|tanh|acosh|asinh|atanh|pow|cbrt|hypot)\b/;
    const offenders = [...sources('src/core')]
      // The chart's tick labels are drawn, not computed with; util/math.ts names what it replaces.
      .filter(
        (path) => !['learning/curves-svg.ts', 'util/math.ts'].some((f) => path === join('src', 'core', f)),
      )
      .filter((path) => engineDependent.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
