import { describe, expect, it } from 'vitest';
import { WorldSearch, worldSearch } from '../../../src/core/tools/search';
import { generateWorld } from '../../../src/core/world/generate';

describe('the offline world', () => {
  const world = generateWorld({ seed: 7 });
  const byId = new Map(world.entities.map((e) => [e.id, e]));

  it('is the same for the same seed and differs for another', () => {
    expect(generateWorld({ seed: 7 })).toEqual(world);
    expect(generateWorld({ seed: 8 }).entities[0]?.name).not.toBe(world.entities[0]?.name);
  });

  it('has the requested entities, unique names, and links that resolve to the right kinds', () => {
    const small = generateWorld({ seed: 1, counts: { country: 3, city: 5, person: 4, company: 2 } });
    expect(small.entities.filter((e) => e.kind === 'city')).toHaveLength(5);
    expect(new Set(world.entities.map((e) => e.name)).size).toBe(world.entities.length);
    const kinds: Record<string, string> = {
      country: 'city',
      capital: 'city',
      birthplace: 'city',
      headquarters: 'city',
      employer: 'company',
      founder: 'person',
    };
    for (const e of world.entities) {
      for (const [link, target] of Object.entries(e.links)) {
        const want = link === 'country' ? 'country' : kinds[link];
        expect(byId.get(target)?.kind, `${e.id}.${link}`).toBe(want);
      }
    }
  });

  it('writes every attribute into the entity article, and wrong figures only into stale pages', () => {
    for (const e of world.entities) {
      const article = world.documents.find((d) => d.id === `doc-${e.id}`);
      expect(article?.kind).toBe('article');
      for (const v of Object.values(e.attrs)) expect(article?.text).toContain(String(v));
    }
    const stale = world.documents.filter((d) => d.kind === 'stale');
    expect(stale.length).toBeGreaterThan(0);
    expect(stale.some((d) => d.text !== world.documents.find((a) => a.id === `doc-${d.about}`)?.text)).toBe(
      true,
    );
    expect(world.documents.some((d) => d.kind === 'mirror')).toBe(true);
  });

  it('finds an entity by name, by alias and despite a typo, with the article ranked high', () => {
    const search = new WorldSearch(world);
    const company = world.entities.find((e) => e.kind === 'company');
    if (!company) throw new Error('no company');
    const byName = search.search(company.name);
    expect(byName.slice(0, 3).map((h) => h.id)).toContain(`doc-${company.id}`);
    const typo = `${company.name.slice(0, 2)}${company.name.slice(3)}`;
    expect(search.search(typo, 10).map((h) => h.id)).toContain(`doc-${company.id}`);
    expect(search.open(`doc-${company.id}`)?.text).toContain(String(company.attrs.founded));
    expect(search.open('doc-nope')).toBeUndefined();
    expect(search.search('zzzzqqqq')).toEqual([]);
  });

  it("keeps one search per world, whose repeated query answers as a fresh search's first does", () => {
    const fresh = generateWorld({ seed: 7 });
    expect(worldSearch(fresh)).toBe(worldSearch(fresh));
    expect(worldSearch(generateWorld({ seed: 7 }))).not.toBe(worldSearch(fresh));
    const first = worldSearch(fresh).search('shipping company founded', 4);
    // Asked again (remembered), with another limit (not the same answer), and by a new search.
    expect(worldSearch(fresh).search('shipping company founded', 4)).toEqual(first);
    expect(worldSearch(fresh).search('shipping company founded', 5).slice(0, 4)).toEqual(first);
    expect(worldSearch(fresh).search('shipping company founded', 5)).toHaveLength(5);
    expect(new WorldSearch(fresh).search('shipping company founded', 4)).toEqual(first);
  });

  it('returns the same hits in the same order every time', () => {
    const a = new WorldSearch(world).search('shipping company founded');
    const b = new WorldSearch(generateWorld({ seed: 7 })).search('shipping company founded');
    expect(a).toEqual(b);
    expect(a.length).toBe(5);
  });
});
