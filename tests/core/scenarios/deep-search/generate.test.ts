import { describe, expect, it } from 'vitest';
import { deepSearch } from '../../../../src/core/scenarios/deep-search';
import { RELATIONS } from '../../../../src/core/scenarios/deep-search/relations';
import type { DeepSearchSpec } from '../../../../src/core/scenarios/deep-search/spec';

const spec: DeepSearchSpec = {
  kind: 'deep-search',
  id: 'deep-test',
  size: { default: 4, min: 2, max: 6 },
  questions: 3,
};

describe('deep-search: generate', () => {
  it('gives the same instance for the same spec, seed and size, and another for another seed', () => {
    const a = deepSearch.generate(spec, 11, 4);
    expect(JSON.stringify(deepSearch.generate(spec, 11, 4))).toBe(JSON.stringify(a));
    const b = deepSearch.generate(spec, 12, 4);
    expect(b.questions.map((q) => q.text)).not.toEqual(a.questions.map((q) => q.text));
    expect(a).toMatchObject({ scenario: 'deep-test', seed: 11, size: 4 });
  });

  it('takes 2 to 6 hops and rejects any other size with a RangeError naming the bounds', () => {
    for (const size of [2, 6])
      expect(deepSearch.generate(spec, 1, size).questions[0]?.relations).toHaveLength(size);
    for (const size of [1, 7, 0, -3, 2.5, Number.NaN]) {
      expect(() => deepSearch.generate(spec, 1, size)).toThrow(RangeError);
      expect(() => deepSearch.generate(spec, 1, size)).toThrow(/from 2 to 6/);
    }
    expect(() => deepSearch.generate({ ...spec, questions: 0 }, 1, 3)).toThrow(RangeError);
  });

  it('makes one question by default and spec.questions otherwise, each from its own start', () => {
    expect(deepSearch.generate({ ...spec, questions: undefined }, 3, 3).questions).toHaveLength(1);
    const starts = deepSearch.generate({ ...spec, questions: 8 }, 3, 3).questions.map((q) => q.chain[0]?.id);
    expect(starts).toHaveLength(8);
    expect(new Set(starts).size).toBe(8);
  });

  it('follows real links of the world, never visits an entity twice, and ends on the gold', () => {
    for (let seed = 1; seed <= 12; seed++) {
      for (let size = 2; size <= 6; size++) {
        const instance = deepSearch.generate(spec, seed, size);
        const byId = new Map(instance.world.entities.map((e) => [e.id, e]));
        for (const q of instance.questions) {
          expect(q.relations).toHaveLength(size);
          expect(q.chain).toHaveLength(size + 1);
          expect(new Set(q.chain.map((e) => e.id)).size).toBe(size + 1);
          q.relations.forEach((relation, i) => {
            const from = byId.get(q.chain[i]!.id)!;
            expect(from.kind).toBe(RELATIONS[relation].from);
            expect(from.links[relation]).toBe(q.chain[i + 1]!.id);
            expect(byId.get(q.chain[i + 1]!.id)?.name).toBe(q.chain[i + 1]!.name);
          });
          expect(q.gold).toBe(byId.get(q.chain[size]!.id)?.name);
        }
      }
    }
  });

  it('states each question in prose: the start entity, every hop, and the kind of the answer', () => {
    const instance = deepSearch.generate(spec, 5, 4);
    for (const q of instance.questions) {
      const start = q.chain[0]!;
      expect(q.text.startsWith(`Start from the ${start.kind} ${start.name}. Find `)).toBe(true);
      expect(q.text.split('; then ')).toHaveLength(4);
      expect(q.text.endsWith(`Answer with the name of the final ${q.chain[4]!.kind}.`)).toBe(true);
      expect(q.text).not.toContain(q.gold);
      expect(instance.prompt).toContain(`Q${q.index}. ${q.text}`);
    }
    const one = deepSearch.generate({ ...spec, questions: 1 }, 5, 2);
    expect(one.prompt).toContain(one.questions[0]!.text);
    expect(one.prompt).not.toContain('Q1');
  });

  it('builds its world from spec.world', () => {
    const small = deepSearch.generate(
      { ...spec, world: { counts: { country: 4, city: 10, person: 15, company: 15 }, staleShare: 0 } },
      2,
      3,
    );
    expect(small.world.entities).toHaveLength(44);
    expect(small.world.documents.some((d) => d.kind === 'stale')).toBe(false);
  });
});
