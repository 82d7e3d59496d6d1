import { describe, expect, it } from 'vitest';
import { RecencyBandit } from '../../../src/core/router/bandit';
import { createRng } from '../../../src/core/util/rng';

const T = 'wide-search';
const swarm = 'swarm/wide-search';
const single = 'single/wide-search';

describe('RecencyBandit', () => {
  it('updates Q ← Q + α(r − Q) with exact values', () => {
    const b = new RecencyBandit();
    expect(b.hyper).toEqual({ alpha: 0.1, epsilon: 0.1, initialQ: 0 });
    expect(b.value(T, swarm)).toBe(0);
    b.update(T, swarm, 1); // 0 + 0.1·(1 − 0)
    expect(b.value(T, swarm)).toBeCloseTo(0.1, 15);
    b.update(T, swarm, 1); // 0.1 + 0.1·(1 − 0.1)
    expect(b.value(T, swarm)).toBeCloseTo(0.19, 15);
    b.update(T, swarm, 0); // 0.19 + 0.1·(0 − 0.19)
    expect(b.value(T, swarm)).toBeCloseTo(0.171, 15);
    expect(b.table[T]?.[swarm]?.n).toBe(3);
  });

  it('weights recent rewards more: the same rewards in another order give another value', () => {
    const a = new RecencyBandit({ alpha: 0.5 });
    const b = new RecencyBandit({ alpha: 0.5 });
    for (const r of [1, 0]) a.update(T, swarm, r);
    for (const r of [0, 1]) b.update(T, swarm, r);
    expect(a.value(T, swarm)).toBeCloseTo(0.25, 15);
    expect(b.value(T, swarm)).toBeCloseTo(0.5, 15);
  });

  it('starts an arm at initialQ, or at its seed, and never re-seeds a valued arm', () => {
    const b = new RecencyBandit({ alpha: 0.5, initialQ: 1 });
    b.update(T, single, 0); // 1 + 0.5·(0 − 1)
    expect(b.value(T, single)).toBeCloseTo(0.5, 15);
    b.seed(T, swarm, 0.8);
    b.seed(T, swarm, 0.1);
    expect(b.table[T]?.[swarm]).toEqual({ q: 0.8, n: 0 });
    b.update(T, swarm, 0); // 0.8 + 0.5·(0 − 0.8)
    expect(b.value(T, swarm)).toBeCloseTo(0.4, 15);
  });

  it('selects greedily without an Rng, ties going to the proposed arm', () => {
    const b = new RecencyBandit({ epsilon: 1 });
    expect(b.select(T, swarm)).toEqual({ arm: swarm, explored: false });
    b.update(T, single, 0);
    expect(b.select(T, swarm)).toEqual({ arm: swarm, explored: false });
    b.update(T, single, 1);
    expect(b.select(T, swarm)).toEqual({ arm: single, explored: false });
    // Another task type has its own row.
    expect(b.select('deep-search', 'swarm/deep-search').arm).toBe('swarm/deep-search');
    // Arms left out by the filter are not candidates, however good.
    b.update(T, 'swarm/deep-search', 1);
    b.update(T, 'swarm/deep-search', 1);
    expect(b.select(T, swarm).arm).toBe('swarm/deep-search');
    expect(b.select(T, swarm, undefined, (arm) => arm.endsWith('/wide-search')).arm).toBe(single);
  });

  it('explores with probability ε from a seeded Rng, reproducibly', () => {
    const b = new RecencyBandit({ epsilon: 0.3 });
    b.update(T, single, 1);
    const draws = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 2000 }, () => b.select(T, swarm, rng));
    };
    const first = draws(5);
    expect(draws(5)).toEqual(first);
    const explored = first.filter((s) => s.explored).length / first.length;
    expect(explored).toBeGreaterThan(0.26);
    expect(explored).toBeLessThan(0.34);
    // Exploring draws either arm; exploiting always the best.
    expect(new Set(first.filter((s) => s.explored).map((s) => s.arm))).toEqual(new Set([single, swarm]));
    expect(first.filter((s) => !s.explored).every((s) => s.arm === single)).toBe(true);
    expect(new RecencyBandit({ epsilon: 0 }).select(T, swarm, createRng(1)).explored).toBe(false);
  });

  it('refuses hyper-parameters out of range and rewards that are not finite', () => {
    expect(() => new RecencyBandit({ alpha: 0 })).toThrow(/alpha must be in \(0, 1\]/);
    expect(() => new RecencyBandit({ alpha: 1.5 })).toThrow(/alpha/);
    expect(() => new RecencyBandit({ epsilon: -0.1 })).toThrow(/epsilon must be in \[0, 1\]/);
    expect(() => new RecencyBandit({ initialQ: Number.NaN })).toThrow(/initialQ/);
    expect(() => new RecencyBandit().update(T, swarm, Number.NaN)).toThrow(/reward must be finite/);
  });
});
