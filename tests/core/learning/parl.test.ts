import { describe, expect, it } from 'vitest';
import { FEATURES, TASK_FEATURES } from '../../../src/core/learning/features';
import {
  CUT_PRIOR,
  type Decision,
  FINISH_PRIOR,
  HEAD_NAMES,
  type HeadName,
  holdOf,
  initParams,
  PLANS,
  parlPolicy,
  probabilities,
  SINGLE_PRIOR,
  zerosLike,
} from '../../../src/core/learning/parl';
import { accumulatePolicyGradient, logProbability } from '../../../src/core/learning/parl-gradient';
import { createRng } from '../../../src/core/util/rng';

function randomParams(seed: number) {
  const rng = createRng(seed);
  const p = initParams();
  for (const head of [...HEAD_NAMES, 'plan'] as const)
    for (let i = 0; i < p[head].length; i++) p[head][i] = rng.next() * 2 - 1;
  return p;
}

function planDecision(seed: number): Decision {
  const rng = createRng(seed);
  // Kinds that allow no cut mask the cut options out: every other seed.
  const mask = seed % 2 === 0 ? Uint8Array.of(1, 1, 1, 1, 1) : Uint8Array.of(1, 1, 0, 0, 0);
  return { head: 'plan', x: Float64Array.from(TASK_FEATURES, () => rng.next()), choice: rng.int(0, 1), mask };
}

function randomDecision(seed: number): Decision {
  const rng = createRng(seed);
  const x = Float64Array.from(FEATURES, () => rng.next());
  return {
    head: 'step',
    x,
    choice: {
      width: rng.int(0, 4),
      profile: rng.int(1, 2),
      control: rng.int(0, 1),
      retry: rng.int(0, 2),
      vote: rng.int(0, 1),
    },
    profileMask: Uint8Array.of(0, 1, 1),
    // Odd seeds had failed tasks in their wave: the retry head's choice counts only there; every
    // third had spare replicas, where the vote head's counts.
    retried: seed % 2 === 1,
    spared: seed % 3 === 0,
  };
}

describe('linear-softmax heads', () => {
  it('give a masked option no probability and the rest a distribution', () => {
    const p = probabilities(
      Float64Array.from([1, 2, 3, 4, 5, 6]),
      Float64Array.of(1, 1),
      Uint8Array.of(1, 0, 1),
    );
    expect(p[1]).toBe(0);
    expect((p[0] as number) + (p[2] as number)).toBeCloseTo(1, 12);
    expect(p[2] as number).toBeCloseTo(Math.exp(11) / (Math.exp(3) + Math.exp(11)), 12);
  });

  it('start with finishing unlikely and every width and profile equally likely', () => {
    const p = initParams();
    const x = Float64Array.from(FEATURES, (_, i) => (i === 0 ? 1 : 0.5));
    const control = probabilities(p.control, x);
    expect(control[1] as number).toBeCloseTo(Math.exp(FINISH_PRIOR) / (1 + Math.exp(FINISH_PRIOR)), 12);
    expect([...probabilities(p.width, x)].every((q) => Math.abs(q - 0.2) < 1e-12)).toBe(true);
  });

  it('start single, as a pretrained model answers a task itself', () => {
    const p = initParams();
    const x = Float64Array.from(TASK_FEATURES, (_, i) => (i === 0 ? 1 : 0.5));
    // A kind that allows no cut: single or the kind's own swarm, 88% single.
    const uncut = probabilities(p.plan, x, Uint8Array.of(1, 1, 0, 0, 0));
    expect(uncut[PLANS.indexOf('single')] as number).toBeCloseTo(1 / (1 + Math.exp(-SINGLE_PRIOR)), 12);
    // Every cut allowed: each starts CUT_PRIOR below swarm, and the habit stays (84% single).
    const cut = probabilities(p.plan, x);
    const e = Math.exp;
    expect(cut[PLANS.indexOf('single')] as number).toBeCloseTo(
      e(SINGLE_PRIOR) / (e(SINGLE_PRIOR) + 1 + 3 * e(CUT_PRIOR)),
      12,
    );
  });
});

describe('the policy gradient', () => {
  it('matches finite differences of log π on a tiny case', () => {
    const params = randomParams(7);
    const decisions = [planDecision(9), randomDecision(1), randomDecision(2)];
    const grad = zerosLike(params);
    accumulatePolicyGradient(params, decisions, 1, 0, grad);
    const h = 1e-6;
    let checked = 0;
    for (const head of [...HEAD_NAMES, 'plan'] as const) {
      for (const i of [0, 3, 17, params[head].length - 1]) {
        const w = params[head];
        const keep = w[i] as number;
        w[i] = keep + h;
        const up = decisions.reduce((a, d) => a + logProbability(params, d), 0);
        w[i] = keep - h;
        const down = decisions.reduce((a, d) => a + logProbability(params, d), 0);
        w[i] = keep;
        expect(grad[head][i] as number).toBeCloseTo((up - down) / (2 * h), 6);
        checked++;
      }
    }
    expect(checked).toBe(24);
  });

  it('adds the entropy gradient: with zero advantage it flattens a peaked head', () => {
    const params = initParams();
    const x = Float64Array.from(FEATURES, (_, i) => (i === 0 ? 1 : 0));
    params.width[0] = 3; // option 0 favoured through the bias feature
    const grad = zerosLike(params);
    accumulatePolicyGradient(
      params,
      [
        {
          head: 'step',
          x,
          choice: { width: 0, profile: 0, control: 0, retry: 0, vote: 0 },
          profileMask: Uint8Array.of(1, 1, 1),
          retried: false,
          spared: false,
        },
      ],
      0,
      1,
      grad,
    );
    expect(grad.width[0] as number).toBeLessThan(0);
    expect(grad.width[FEATURES.length] as number).toBeGreaterThan(0);
  });

  it('never moves a masked profile', () => {
    const params = randomParams(3);
    const grad = zerosLike(params);
    accumulatePolicyGradient(params, [randomDecision(5)], 2, 0.1, grad);
    const dim = FEATURES.length;
    expect(Array.from(grad.profile.subarray(0, dim)).every((g) => g === 0)).toBe(true);
  });
});

describe('held heads (an ablation)', () => {
  it('a held head always takes its option, is recorded as certain and is not learned', () => {
    const record: Decision[] = [];
    const policy = parlPolicy({
      params: initParams(),
      mode: 'sample',
      rng: createRng(4),
      record,
      held: holdOf({ plan: 'swarm', retry: 'degrade' }),
    });
    const view = { kind: 'wide-search', size: 12, engines: 4, maxCriticalSteps: 16, difficultyCue: 0.2 };
    // The prior is 88% single: twenty draws would all be swarm only when the head is held.
    // A checkpoint or flag in the older words holds the same option.
    expect(holdOf({ plan: 'spawn', retry: 'degrade' })).toEqual(holdOf({ plan: 'swarm', retry: 'degrade' }));
    for (let i = 0; i < 20; i++) expect(policy.planFor?.(view)).toEqual({ mode: 'swarm' });
    expect(policy.explain?.('plan')).toEqual([{ head: 'plan', option: 'swarm', probability: 1 }]);
    expect(record).toEqual([]);

    const params = randomParams(3);
    const step = { ...randomDecision(1), held: ['width', 'retry'] as HeadName[] };
    const grad = zerosLike(params);
    accumulatePolicyGradient(params, [step], 1, 0.01, grad);
    expect(grad.width.every((g) => g === 0)).toBe(true);
    expect(grad.retry.every((g) => g === 0)).toBe(true);
    expect(grad.profile.some((g) => g !== 0)).toBe(true);
  });

  it('refuses an unknown head or option, naming what is accepted', () => {
    expect(() => holdOf({ shard: 'big' })).toThrow(
      /unknown head "shard" \(heads: plan, width, profile, control, retry, vote\)/,
    );
    expect(() => holdOf({ retry: 'twice' })).toThrow(
      /head retry has no option "twice" \(options: retry, escalate, degrade\)/,
    );
  });
});
