import { describe, expect, it } from 'vitest';
import { hasScene, sectionsOf, storyCriteria } from '../../../../src/core/scenarios/write-story/grade';
import { driftsOf } from '../../../../src/core/scenarios/write-story/names';
import { SETTINGS, type StoryRequest } from '../../../../src/core/scenarios/write-story/request';

const request: StoryRequest = {
  setting: SETTINGS[2]!,
  style: 'mystery',
  characters: ['Mira', 'Tomas'],
  minWords: 60,
  maxWords: 120,
  plotPoints: 2,
};

// Hand-written: two sections, both open on a scene, both names spelt right, 80-odd words.
const good = `# The Keeper's Letter

## 1. The bottle

Rain lashed the lamp room and the wind howled against the glass. Mira found a bottle wedged
between two rocks, with a letter rolled tight inside it. She carried it up the narrow stairs
and read it twice.

## 2. The answer

By morning the storm had passed and cold light filled the kitchen. Tomas poured the tea.
"Who wrote it?" he asked. Mira only smiled, because she already knew, and Tomas would have to
guess.`;

describe('the story grader', () => {
  it('gives a story that meets the request 1 on every criterion', () => {
    expect(storyCriteria(request, good)).toEqual({
      length: 1,
      characters: 1,
      scenes: 1,
      consistency: 1,
      plot: 1,
    });
  });

  it('counts a section lost as part of the plot missing', () => {
    const oneSection = good.slice(0, good.indexOf('## 2.'));
    expect(storyCriteria({ ...request, plotPoints: 4 }, good).plot).toBe(0.5);
    expect(storyCriteria(request, oneSection).plot).toBe(0.5);
  });

  it('scores length as the shortfall or the excess ratio', () => {
    const c = storyCriteria({ ...request, minWords: 200, maxWords: 300 }, good);
    const words = good
      .split('\n')
      .filter((l) => !l.startsWith('#'))
      .join(' ')
      .split(/\s+/)
      .filter((w) => /\w/.test(w)).length;
    expect(c.length).toBeCloseTo(words / 200, 10);
    expect(storyCriteria({ ...request, minWords: 10, maxWords: 40 }, good).length).toBeCloseTo(
      40 / words,
      10,
    );
  });

  it('counts a requested character never named', () => {
    expect(storyCriteria({ ...request, characters: ['Mira', 'Tomas', 'Aiko'] }, good).characters).toBeCloseTo(
      2 / 3,
    );
  });

  it('finds a section that never shows where it is, and ignores scene words said in dialogue', () => {
    const flat = good.replace(
      'By morning the storm had passed and cold light filled the kitchen.',
      '"The storm and the cold light," said Tomas.',
    );
    expect(storyCriteria(request, flat).scenes).toBe(0.5);
    expect(hasScene('"Wind, rain, frost and snow!" she cried. Then she left.')).toBe(false);
    expect(hasScene('The lanterns glowed in the damp evening.')).toBe(true);
  });

  it('takes a near-miss of a name for a misspelling and scores consistency by mentions', () => {
    const drifted = good.replace('Tomas poured', 'Tomes poured');
    expect(driftsOf(drifted, request.characters)).toEqual([{ name: 'Tomas', spelling: 'Tomes', count: 1 }]);
    // Mira ×2 and Tomas ×1 right, Tomes ×1 wrong.
    expect(storyCriteria(request, drifted).consistency).toBeCloseTo(3 / 4);
    // Ordinary capitalised words and other names are not misspellings.
    expect(driftsOf('Then Mira met Mirabelle. They talked.', ['Mira'])).toEqual([]);
  });

  it('splits sections at "## " headings, or at paragraphs when there are none', () => {
    expect(sectionsOf(good)).toHaveLength(2);
    expect(sectionsOf('Title\n\nFirst part.\n\nSecond part.\n\nThird.')).toHaveLength(4);
  });

  it('scores an empty answer 0 without throwing', () => {
    expect(storyCriteria(request, '')).toEqual({
      length: 0,
      characters: 0,
      scenes: 0,
      consistency: 0,
      plot: 0,
    });
  });
});
