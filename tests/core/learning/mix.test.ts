import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawBenchTask, drawTask, parseMix, weightsAt } from '../../../src/core/learning/mix';

const text = readFileSync('scenarios/mix.json', 'utf8');
const parsed = parseMix(text, 'scenarios/mix.json');
if (!parsed.ok) throw new Error(parsed.error);
const mix = parsed.spec;

describe('the mix and its curriculum', () => {
  it('starts on wide search alone, then weighs every component', () => {
    expect(weightsAt(mix, 0)).toEqual([1, 0, 0, 0, 0]);
    expect(weightsAt(mix, 0.5)).toEqual([1, 1, 1, 1, 1]);
    const early = Array.from(
      { length: 50 },
      (_, e) => drawTask(mix, weightsAt(mix, 0.1), 1, `episode ${e}`).component.scenario,
    );
    expect(new Set(early)).toEqual(new Set(['wide-search']));
  });

  it('draws the same task for the same seed and key, sizes within range', () => {
    const a = drawTask(mix, [1, 1, 1], 9, 'episode 3');
    expect(drawTask(mix, [1, 1, 1], 9, 'episode 3')).toEqual(a);
    const seen = new Set<string>();
    for (let e = 0; e < 200; e++) {
      const d = drawTask(mix, [1, 1, 1], 9, `episode ${e}`);
      seen.add(d.component.scenario);
      expect(d.size).toBeGreaterThanOrEqual(d.component.sizes[0]);
      expect(d.size).toBeLessThanOrEqual(d.component.sizes[1]);
    }
    expect(seen.size).toBe(3);
  });

  it('gives bench seeds the components in turn', () => {
    expect([1, 2, 3, 4, 5, 6].map((s) => drawBenchTask(mix, s).component.scenario)).toEqual([
      'deep-search',
      'mixed-coding',
      'write-story',
      'rag-qa',
      'wide-search',
      'deep-search',
    ]);
  });

  it.each([
    [{ ...JSON.parse(text), kind: 'graph' }, /kind/],
    [{ ...JSON.parse(text), components: [] }, /components/],
    [
      { ...JSON.parse(text), curriculum: [{ until: 0.5, weights: { 'wide-serch': 1 } }] },
      /curriculum\.0\.weights\.wide-serch: expected one of the components/,
    ],
    [
      { ...JSON.parse(text), components: [{ ...JSON.parse(text).components[0], sizes: [60, 20] }] },
      /components\.0\.sizes: expected \[min, max\] with min ≤ max/,
    ],
  ])('refuses a bad mix file with the field named (%#)', (json, message) => {
    const r = parseMix(JSON.stringify(json), 'bad.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});
