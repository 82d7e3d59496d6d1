/**
 * The estimators on synthetic contextual bandits whose answer is known: contexts drawn at random,
 * a behaviour and a target distribution over K arms that depend on the context, rewards with a
 * known mean per context and arm. The target's true value is computed exactly and the estimates
 * are checked against it; the draws are seeded, so a failure reproduces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offPolicyEstimates, type WeightedRun } from '../../../src/core/learning/off-policy-estimates';
import { createRng, type Rng } from '../../../src/core/util/rng';

interface Problem {
  readonly arms: number;
  /** Behaviour and target logits per arm: [bias, slope on the context]. */
  readonly behaviour: readonly (readonly [number, number])[];
  readonly target: readonly (readonly [number, number])[];
  /** Mean reward per arm: a + b·c, within [0, 1] for c in [0, 1]. */
  readonly reward: readonly (readonly [number, number])[];
}

const softmax = (logits: readonly [number, number][], c: number) => {
  const z = logits.map(([a, b]) => Math.exp(a + b * c));
  const s = z.reduce((x, y) => x + y, 0);
  return z.map((v) => v / s);
};

const mean = (p: Problem, arm: number, c: number) => {
  const [a, b] = p.reward[arm] as [number, number];
  return a + b * c;
};

/** The target's exact value: E_c Σ_a π_t(a | c) μ(c, a), c uniform on [0, 1] (by quadrature). */
function truth(p: Problem): number {
  let sum = 0;
  const n = 2000;
  for (let i = 0; i < n; i++) {
    const c = (i + 0.5) / n;
    const t = softmax(p.target as [number, number][], c);
    for (let a = 0; a < p.arms; a++) sum += (t[a] as number) * mean(p, a, c);
  }
  return sum / n;
}

function draw(p: Problem, n: number, rng: Rng, noise: number): WeightedRun[] {
  return Array.from({ length: n }, () => {
    const c = rng.next();
    const b = softmax(p.behaviour as [number, number][], c);
    const t = softmax(p.target as [number, number][], c);
    let u = rng.next();
    let arm = 0;
    while (arm < p.arms - 1 && u >= (b[arm] as number)) u -= b[arm++] as number;
    // Bernoulli-like noise around the mean, or none.
    const m = mean(p, arm, c);
    const reward = noise === 0 ? m : rng.next() < m ? 1 : 0;
    return { weight: (t[arm] as number) / (b[arm] as number), reward, x: [1, c], chosen: arm, target: t };
  });
}

/** A number in [min, max] in hundredths (no denormals: a truth of 1e-300 is no test of an interval). */
const hundredths = (min: number, max: number) =>
  fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((n) => n / 100);

const logits = (k: number) =>
  fc.array(fc.tuple(hundredths(-1, 1), hundredths(-1, 1)), { minLength: k, maxLength: k });

const problems = fc.integer({ min: 2, max: 4 }).chain((arms) =>
  fc.record({
    arms: fc.constant(arms),
    behaviour: logits(arms),
    target: logits(arms),
    reward: fc.array(fc.tuple(hundredths(0, 0.5), hundredths(0, 0.5)), { minLength: arms, maxLength: arms }),
  }),
);

describe('off-policy estimates on synthetic bandits with a known answer', () => {
  it('IS, WIS and DR each hold the true value within their 95% interval, whatever the policies', () => {
    let covered = { is: 0, wis: 0, dr: 0 };
    let cases = 0;
    fc.assert(
      fc.property(problems, fc.integer({ min: 1, max: 1_000_000 }), (p, seed) => {
        const runs = draw(p, 1200, createRng(seed), 1);
        const v = truth(p);
        const e = offPolicyEstimates(runs, { options: p.arms, perOption: true, resamples: 300, seed });
        cases++;
        for (const k of ['is', 'wis', 'dr'] as const) {
          if (e[k].low <= v && v <= e[k].high) covered = { ...covered, [k]: covered[k] + 1 };
          // Never far off: logits within ±2 keep every weight below e⁴, so the error is small.
          expect(Math.abs(e[k].estimate - v)).toBeLessThan(0.1);
        }
        expect(e.effectiveSampleSize).toBeGreaterThan(0);
        expect(e.effectiveSampleSize).toBeLessThanOrEqual(1200 + 1e-9);
      }),
      { seed: 59, numRuns: 30 },
    );
    // 95% intervals: over 30 problems each should miss a few at most.
    for (const k of ['is', 'wis', 'dr'] as const) expect(covered[k] / cases).toBeGreaterThanOrEqual(0.85);
  });

  it('with a reward model that fits exactly (rewards linear in the context, no noise), DR is exact where IS is not', () => {
    fc.assert(
      fc.property(problems, fc.integer({ min: 1, max: 1_000_000 }), (p, seed) => {
        const runs = draw(p, 400, createRng(seed), 0);
        const e = offPolicyEstimates(runs, { options: p.arms, perOption: true, resamples: 100, seed });
        // Ridge shrinks a little (λ = 1 against 400 points): close to exact, far tighter than IS.
        expect(Math.abs(e.dr.estimate - truth(p))).toBeLessThan(0.01);
        expect(e.dr.high - e.dr.low).toBeLessThanOrEqual((e.is.high - e.is.low) * (1 + 1e-9) + 1e-12);
      }),
      { seed: 7, numRuns: 25 },
    );
  });

  it('when the target is the behaviour every weight is 1: IS and WIS are the sample mean, ESS the run count', () => {
    const p: Problem = {
      arms: 3,
      behaviour: [
        [0, 1],
        [0.5, -1],
        [0, 0],
      ],
      target: [
        [0, 1],
        [0.5, -1],
        [0, 0],
      ],
      reward: [
        [0.1, 0.5],
        [0.4, 0.2],
        [0.3, 0],
      ],
    };
    const runs = draw(p, 300, createRng(3), 1);
    const e = offPolicyEstimates(runs, { options: 3, perOption: true, resamples: 200 });
    const avg = runs.reduce((s, r) => s + r.reward, 0) / runs.length;
    expect(e.is.estimate).toBeCloseTo(avg, 12);
    expect(e.wis.estimate).toBeCloseTo(avg, 12);
    expect(e.effectiveSampleSize).toBeCloseTo(300, 9);
    expect(e.supported).toBe(300);
  });

  it('a target the logs never show acting alike has no support: IS 0, no weighted mean, ESS 0', () => {
    const runs: WeightedRun[] = [0, 1, 0.5].map((reward) => ({
      weight: 0,
      reward,
      x: [1],
      chosen: 0,
      target: [0, 1],
    }));
    const e = offPolicyEstimates(runs, { options: 2, perOption: true, resamples: 100 });
    expect(e.is.estimate).toBe(0);
    expect(Number.isNaN(e.wis.estimate)).toBe(true);
    expect(e.effectiveSampleSize).toBe(0);
    expect(e.supported).toBe(0);
  });

  it('the same runs and seed give the same intervals', () => {
    const p: Problem = {
      arms: 2,
      behaviour: [
        [0, 0],
        [0, 0],
      ],
      target: [
        [1, 0],
        [0, 0],
      ],
      reward: [
        [0.2, 0.3],
        [0.5, 0],
      ],
    };
    const runs = draw(p, 200, createRng(1), 1);
    expect(offPolicyEstimates(runs, { options: 2, perOption: true, seed: 4 })).toEqual(
      offPolicyEstimates(runs, { options: 2, perOption: true, seed: 4 }),
    );
  });
});
