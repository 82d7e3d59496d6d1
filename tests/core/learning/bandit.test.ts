import { describe, expect, it } from 'vitest';
import {
  BANDIT_SCHEMA,
  type Bandit,
  EpsilonGreedy,
  fromJSON,
  LinearThompson,
  LinUCB,
} from '../../../src/core/learning/bandit';
import { cholesky, identity, invert, shermanMorrison } from '../../../src/core/learning/linalg';
import { keyedRng } from '../../../src/core/util/rng';

/** A planted problem: contexts keyed by (seed, t), expected reward of each arm at x in [0, 1]. */
interface Problem {
  arms: number;
  dim: number;
  context(seed: number, t: number): Float64Array;
  means(x: Float64Array): number[];
}

// Bernoulli arms, best (index 2) in the middle so lowest-index tie-breaking cannot find it by luck.
const FLAT: Problem = {
  arms: 5,
  dim: 1,
  context: () => Float64Array.of(1),
  means: () => [0.5, 0.6, 0.75, 0.4, 0.3],
};

// x = (1, c1, c2) with c uniform on [−1, 1]²; arm k leans toward angle 2πk/5, so each arm is best
// in a fifth of the square and every arm has the same mean 0.5 over contexts.
const THETA = Array.from({ length: 5 }, (_, k) => [
  0.5,
  0.3 * Math.cos((2 * Math.PI * k) / 5),
  0.3 * Math.sin((2 * Math.PI * k) / 5),
]);
const CONTEXTUAL: Problem = {
  arms: 5,
  dim: 3,
  context: (seed, t) => {
    const rng = keyedRng(seed, 'context', t);
    return Float64Array.of(1, 2 * rng.next() - 1, 2 * rng.next() - 1);
  },
  means: (x) => THETA.map((th) => th[0]! * x[0]! + th[1]! * x[1]! + th[2]! * x[2]!),
};

interface Run {
  choices: number[];
  /** Cumulative pseudo-regret after each round. */
  regret: number[];
  best: number[];
}

function run(bandit: Bandit, problem: Problem, seed: number, rounds: number, from = 0): Run {
  const out: Run = { choices: [], regret: [], best: [] };
  let regret = 0;
  for (let t = from; t < from + rounds; t++) {
    const x = problem.context(seed, t);
    const mu = problem.means(x);
    const arm = bandit.select(x);
    bandit.update(arm, x, keyedRng(seed, 'reward', t).next() < mu[arm]! ? 1 : 0);
    const top = Math.max(...mu);
    regret += top - mu[arm]!;
    out.choices.push(arm);
    out.regret.push(regret);
    out.best.push(mu.indexOf(top));
  }
  return out;
}

const SEED = 7;
const makers: Record<string, (p: Problem) => Bandit> = {
  linucb: (p) => new LinUCB({ arms: p.arms, dim: p.dim }),
  'linear-thompson': (p) => new LinearThompson({ arms: p.arms, dim: p.dim, seed: SEED }),
  'epsilon-greedy': (p) => new EpsilonGreedy({ arms: p.arms, dim: p.dim, seed: SEED }),
};

describe('linalg', () => {
  it('keeps A⁻¹ by Sherman–Morrison equal to inverting A directly', () => {
    const d = 3;
    const xs = [
      [1, 2, -1],
      [0.5, -1, 3],
      [2, 0, 1],
      [-1, 1, 1],
    ];
    const a = identity(d, 0.5);
    const aInv = identity(d, 2);
    for (const x of xs) {
      for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) a[i * d + j]! += x[i]! * x[j]!;
      shermanMorrison(aInv, x, d);
    }
    const direct = invert(a, d);
    for (let i = 0; i < d * d; i++) expect(aInv[i]!).toBeCloseTo(direct[i]!, 12);
    // and it really is an inverse, so a bug shared by both routines would still show
    for (let i = 0; i < d; i++) {
      for (let j = 0; j < d; j++) {
        let s = 0;
        for (let k = 0; k < d; k++) s += a[i * d + k]! * aInv[k * d + j]!;
        expect(s).toBeCloseTo(i === j ? 1 : 0, 12);
      }
    }
  });

  it('factors a symmetric positive definite matrix as L·Lᵀ', () => {
    const m = Float64Array.of(4, 2, 0.4, 2, 5, 1, 0.4, 1, 3);
    const l = cholesky(m, 3);
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        let s = 0;
        for (let k = 0; k < 3; k++) s += l[i * 3 + k]! * l[j * 3 + k]!;
        expect(s).toBeCloseTo(m[i * 3 + j]!, 12);
      }
    }
  });
});

describe('bandits on the planted non-contextual problem', () => {
  for (const [name, make] of Object.entries(makers)) {
    it(`${name} plays the best arm in ≥ 80% of the last 500 of 3000 rounds`, () => {
      const { choices } = run(make(FLAT), FLAT, SEED, 3000);
      const hits = choices.slice(-500).filter((a) => a === 2).length;
      expect(hits / 500).toBeGreaterThanOrEqual(0.8);
    });
  }

  for (const name of ['linucb', 'linear-thompson']) {
    it(`${name} has sublinear regret: R(4000) < 2·R(1000)`, () => {
      const { regret } = run(makers[name]!(FLAT), FLAT, SEED, 4000);
      expect(regret[999]!).toBeGreaterThan(0);
      expect(regret[3999]!).toBeLessThan(2 * regret[999]!);
    });
  }

  it('ties go to the lowest arm index', () => {
    const b = new LinUCB({ arms: 4, dim: 1 });
    expect(b.select(Float64Array.of(1))).toBe(0);
    b.update(0, Float64Array.of(1), 0);
    expect(b.select(Float64Array.of(1))).toBe(1);
  });
});

describe('bandits on the planted contextual problem', () => {
  it('LinUCB has under half the regret of EpsilonGreedy, which cannot see the context', () => {
    const lin = run(makers.linucb!(CONTEXTUAL), CONTEXTUAL, SEED, 3000).regret[2999]!;
    const eps = run(makers['epsilon-greedy']!(CONTEXTUAL), CONTEXTUAL, SEED, 3000).regret[2999]!;
    expect(lin).toBeLessThan(eps / 2);
  });

  it('LinUCB learns the context-dependent best arm', () => {
    const { choices, best } = run(makers.linucb!(CONTEXTUAL), CONTEXTUAL, SEED, 3000);
    const hits = choices.slice(-500).filter((a, i) => a === best[2500 + i]).length;
    expect(hits / 500).toBeGreaterThanOrEqual(0.8);
  });
});

describe('determinism and checkpoints', () => {
  for (const [name, make] of Object.entries(makers)) {
    it(`${name}: same seed gives the same choices`, () => {
      const a = run(make(CONTEXTUAL), CONTEXTUAL, SEED, 300).choices;
      const b = run(make(CONTEXTUAL), CONTEXTUAL, SEED, 300).choices;
      expect(a).toEqual(b);
      expect(new Set(a).size).toBeGreaterThan(1);
    });

    it(`${name}: toJSON/fromJSON continues identically`, () => {
      const straight = make(CONTEXTUAL);
      const whole = run(straight, CONTEXTUAL, SEED, 400).choices;
      const first = make(CONTEXTUAL);
      const head = run(first, CONTEXTUAL, SEED, 200).choices;
      const saved = JSON.parse(JSON.stringify(first.toJSON()));
      expect(saved.schema).toBe(BANDIT_SCHEMA);
      expect(saved.algorithm).toBe(name);
      const restored = fromJSON(saved, { algorithm: first.name, arms: 5, dim: 3 });
      const tail = run(restored, CONTEXTUAL, SEED, 200, 200).choices;
      expect([...head, ...tail]).toEqual(whole);
      expect(restored.toJSON()).toEqual(straight.toJSON());
    });
  }
});

describe('fromJSON refusals', () => {
  const saved = () => JSON.parse(JSON.stringify(new LinUCB({ arms: 5, dim: 3 }).toJSON()));

  it('refuses another schema', () => {
    expect(() => fromJSON({ ...saved(), schema: 'swarmflight.bandit/0' })).toThrow(
      /schema is "swarmflight\.bandit\/0", expected "swarmflight\.bandit\/1"/,
    );
  });
  it('refuses another algorithm', () => {
    expect(() => LinearThompson.fromJSON(saved())).toThrow(
      /algorithm is "linucb", expected "linear-thompson"/,
    );
    expect(() => fromJSON(saved(), { algorithm: 'epsilon-greedy' })).toThrow(/algorithm is "linucb"/);
  });
  it('refuses another dim or arm count', () => {
    expect(() => LinUCB.fromJSON(saved(), { dim: 4 })).toThrow(/dim is 3, expected 4/);
    expect(() => fromJSON(saved(), { arms: 2 })).toThrow(/arms is 5, expected 2/);
  });
  it('refuses state arrays that do not match the shape', () => {
    const s = saved();
    s.state.aInv[1].pop();
    expect(() => fromJSON(s)).toThrow(/state\.aInv entries must be 9 finite numbers/);
    expect(() => fromJSON(null)).toThrow(/must be an object/);
  });
});
