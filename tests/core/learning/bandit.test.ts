import { describe, expect, it } from 'vitest';
import {
  contextualProblem,
  flatProblem,
  type PlantedProblem,
  playPlanted,
} from '../../../bench/planted-bandits';
import { BANDIT_SCHEMA, type Bandit } from '../../../src/core/learning/bandit';
import { banditFromJSON as fromJSON } from '../../../src/core/learning/bandit-from-json';
import { EpsilonGreedy } from '../../../src/core/learning/epsilon-greedy';
import { cholesky, identity, invert, shermanMorrison } from '../../../src/core/learning/linalg';
import { LinearThompson } from '../../../src/core/learning/linear-thompson';
import { LinUCB } from '../../../src/core/learning/linucb';

const SEED = 7;
const makers: Record<string, (p: PlantedProblem) => Bandit> = {
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
      const { choices } = playPlanted(make(flatProblem), flatProblem, SEED, 3000);
      const hits = choices.slice(-500).filter((a) => a === 2).length;
      expect(hits / 500).toBeGreaterThanOrEqual(0.8);
    });
  }

  for (const name of ['linucb', 'linear-thompson']) {
    it(`${name} has sublinear regret: R(4000) < 2·R(1000)`, () => {
      const { regret } = playPlanted(makers[name]!(flatProblem), flatProblem, SEED, 4000);
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
    const lin = playPlanted(makers.linucb!(contextualProblem), contextualProblem, SEED, 3000).regret[2999]!;
    const eps = playPlanted(makers['epsilon-greedy']!(contextualProblem), contextualProblem, SEED, 3000)
      .regret[2999]!;
    expect(lin).toBeLessThan(eps / 2);
  });

  it('LinUCB learns the context-dependent best arm', () => {
    const { choices, best } = playPlanted(makers.linucb!(contextualProblem), contextualProblem, SEED, 3000);
    const hits = choices.slice(-500).filter((a, i) => a === best[2500 + i]).length;
    expect(hits / 500).toBeGreaterThanOrEqual(0.8);
  });
});

describe('determinism and checkpoints', () => {
  for (const [name, make] of Object.entries(makers)) {
    it(`${name}: same seed gives the same choices`, () => {
      const a = playPlanted(make(contextualProblem), contextualProblem, SEED, 300).choices;
      const b = playPlanted(make(contextualProblem), contextualProblem, SEED, 300).choices;
      expect(a).toEqual(b);
      expect(new Set(a).size).toBeGreaterThan(1);
    });

    it(`${name}: toJSON/fromJSON continues identically`, () => {
      const straight = make(contextualProblem);
      const whole = playPlanted(straight, contextualProblem, SEED, 400).choices;
      const first = make(contextualProblem);
      const head = playPlanted(first, contextualProblem, SEED, 200).choices;
      const saved = JSON.parse(JSON.stringify(first.toJSON()));
      expect(saved.schema).toBe(BANDIT_SCHEMA);
      expect(saved.algorithm).toBe(name);
      const restored = fromJSON(saved, { algorithm: first.name, arms: 5, dim: 3 });
      const tail = playPlanted(restored, contextualProblem, SEED, 200, 200).choices;
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

describe('exploit (evaluation)', () => {
  it.each([
    ['linucb', () => new LinUCB({ arms: 3, dim: 1, alpha: 5 })],
    ['linear-thompson', () => new LinearThompson({ arms: 3, dim: 1, v: 5, seed: 1 })],
    ['epsilon-greedy', () => new EpsilonGreedy({ arms: 3, epsilon: 0.9, seed: 1 })],
  ])('%s plays the best estimate, never an unexplored arm, and does not advance its clock', (_name, make) => {
    const bandit = make();
    const x = Float64Array.of(1);
    for (let i = 0; i < 20; i++) {
      bandit.update(0, x, 0.2);
      bandit.update(1, x, 0.9);
    }
    const before = JSON.stringify(bandit.toJSON());
    expect(bandit.exploit(x)).toBe(1);
    expect(JSON.stringify(bandit.toJSON())).toBe(before);
  });
});
