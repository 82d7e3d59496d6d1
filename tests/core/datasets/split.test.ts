import { describe, expect, it } from 'vitest';
import { dedupe } from '../../../src/core/datasets/filters';
import { requestKey } from '../../../src/core/datasets/plan-arms';
import type { Example, SftRow } from '../../../src/core/datasets/rows';
import { sftExamples } from '../../../src/core/datasets/sft';
import { isValidation, splitByRequest } from '../../../src/core/datasets/split';
import { benchRuns } from './logged';

const options = {
  kinds: ['plans', 'next-speaker', 'trajectories'],
  minReward: 0,
  margin: 0.05,
  history: { strategy: 'last-k', k: 3, seed: 0 },
} as const;

describe('the split by request', () => {
  it('never puts one request on both sides, at any validation share', async () => {
    const { examples } = sftExamples(await benchRuns(), options);
    for (const share of [0, 0.2, 0.5, 0.9]) {
      const { train, validation } = splitByRequest(examples, share);
      expect(train.length + validation.length).toBe(examples.length);
      const trained = new Set(train.map((e) => requestKey(e.request)));
      expect(validation.filter((e) => trained.has(requestKey(e.request)))).toEqual([]);
    }
    expect(splitByRequest(examples, 0).validation).toEqual([]);
  });

  it('is a hash of the request, case and spacing aside: the same side in every export', () => {
    const requests = Array.from({ length: 400 }, (_, i) => `Write story number ${i}.`);
    const held = requests.filter((r) => isValidation(r, 0.2)).length;
    expect(held / requests.length).toBeGreaterThan(0.14);
    expect(held / requests.length).toBeLessThan(0.26);
    for (const r of requests.slice(0, 50)) {
      expect(isValidation(`  ${r.toUpperCase()}  `, 0.2)).toBe(isValidation(r, 0.2));
    }
  });
});

describe('deduplication', () => {
  it('keeps identical rows once, whatever the order of their keys', () => {
    const row = (a: string): SftRow => ({
      messages: [
        { role: 'user', content: a },
        { role: 'assistant', content: 'x' },
      ],
    });
    const examples: Example[] = [
      { kind: 'plans', request: 'r', row: row('a') },
      {
        kind: 'plans',
        request: 'r',
        row: {
          messages: [
            { content: 'a', role: 'user' },
            { content: 'x', role: 'assistant' },
          ],
        } as never,
      },
      { kind: 'plans', request: 'r', row: row('b') },
    ];
    const { kept, dropped } = dedupe(examples);
    expect(kept.map((e) => e.row)).toEqual([row('a'), row('b')]);
    expect(dropped).toBe(1);
  });
});
