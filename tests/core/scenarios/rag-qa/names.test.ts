import { describe, expect, it } from 'vitest';
import { localizeNames, type NameScript, syllablesOf } from '../../../../src/core/scenarios/rag-qa/names';
import { ragTexts } from '../../../../src/core/scenarios/rag-qa/texts';
import { generateWorld } from '../../../../src/core/world/generate';
import type { Entity } from '../../../../src/core/world/types';

const script: NameScript = {
  syllables: { ka: 'K', lo: 'L', kal: 'X', o: 'O' },
  word: (parts) => parts.join(''),
  countrySuffixes: { ia: '-ia' },
  country: (base, suffix) => base + suffix,
  companySuffixes: { Group: 'G' },
  person: (a, b) => `${a}.${b}`,
  company: (a, b) => `${a}+${b}`,
};
const city = (id: string, name: string): Entity => ({
  id,
  kind: 'city',
  name,
  aliases: [],
  attrs: {},
  links: {},
});

describe('names written in another script', () => {
  it('cuts a name back into its syllables, or says it cannot', () => {
    expect(syllablesOf('Kalo', ['ka', 'lo'])).toEqual(['ka', 'lo']);
    expect(syllablesOf('Kalo', ['kal', 'ka', 'lo'])).toEqual(['ka', 'lo']); // backtracks past "kal"
    expect(syllablesOf('Kalx', ['ka', 'lo'])).toBeUndefined();
  });

  it('keeps the Latin name when it cannot be cut or its rendering is taken, so names stay unique', () => {
    // "Kalo" renders KL (ka·lo) first; "Kalo" again would collide; "Kxx" has no cut.
    const out = localizeNames([city('a', 'Kalo'), city('b', 'Kalo'), city('c', 'Kxx')], script);
    expect(out.map((e) => e.name)).toEqual(['KL', 'Kalo', 'Kxx']);
  });

  it('renders every name of generated worlds, each once, in Chinese and Russian', () => {
    for (const seed of [1, 2, 3]) {
      const world = generateWorld({ seed });
      for (const language of ['zh', 'ru'] as const) {
        const names = ragTexts(language)
          .localize(world.entities)
          .map((e) => e.name);
        expect(names.filter((n) => /\p{Script=Latin}/u.test(n))).toEqual([]);
        expect(new Set(names).size).toBe(names.length);
      }
    }
  });
});
