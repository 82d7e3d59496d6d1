import { describe, expect, it } from 'vitest';
import type { RagQaInstance } from '../../../../src/core/scenarios/rag-qa/generate';
import { gradeRag, numberedLines, supports, tokenF1 } from '../../../../src/core/scenarios/rag-qa/grade';
import { planRagQa } from '../../../../src/core/scenarios/rag-qa/plan';
import type { KnowledgeSearch } from '../../../../src/core/tools/knowledge';

// A hand-made knowledge base: the gold paragraph, and the archive's outdated copy.
const chunks: Record<string, string[]> = {
  'notes/cities.md': [
    '# Cities\n\n## Varo\n\nVaro is a city in Kelland. It was founded in 1712. Its population is 48000.',
  ],
  'notes/archive.md': ['## Varo (old notes)\n\nVaro is a city in Kelland. It was founded in 1719.'],
};
const kb: KnowledgeSearch = {
  search: async () => [],
  chunk: async (source, index) => chunks[source]?.[index],
};

const instance: RagQaInstance = {
  scenario: 'rag-qa',
  seed: 1,
  size: 1,
  prompt: 'When was Varo founded?',
  documents: [{ source: 'notes/cities.md', text: chunks['notes/cities.md']![0]! }],
  questions: [
    {
      index: 1,
      text: 'When was Varo founded?',
      asking: 'city-founded',
      entity: 'Varo',
      value: '1712',
      reference: 'Varo was founded in 1712.',
      goldSource: 'notes/cities.md',
      goldPassage: 'Varo is a city in Kelland. It was founded in 1712.',
    },
  ],
  chunkSize: 128,
  overlap: 16,
  topK: 3,
  language: 'en',
};
const single = planRagQa(instance, 'single');
const grade = (answer: string) => gradeRag(instance, single, new Map([['answer', answer]]), kb);

describe('the rag-qa grader', () => {
  it('gives a right answer citing the gold passage 1 on every criterion', async () => {
    const g = await grade('Varo was founded in 1712. [notes/cities.md#0]');
    expect(g.criteria).toEqual({ citations: 1, retrieval: 1, f1: 1 });
    expect(g.success).toBe(true);
  });

  it('scores an answer from the outdated copy: its citation supports it, but it misses the gold and the reference', async () => {
    const g = await grade('Varo was founded in 1719. [notes/archive.md#0]');
    expect(g.criteria?.citations).toBe(1);
    expect(g.criteria?.retrieval).toBe(0);
    expect(g.criteria?.f1).toBeCloseTo(0.8, 10); // 4 of 5 tokens in common both ways
  });

  it('gives no citation credit for a passage that does not exist or does not hold the answer', async () => {
    expect((await grade('Varo was founded in 1712. [notes/cities.md#7]')).criteria?.citations).toBe(0);
    expect((await grade('Varo was founded in 1712.')).criteria?.citations).toBe(0);
    expect(
      (await grade('Kelland has a population of 9 million. [notes/cities.md#0]')).criteria?.citations,
    ).toBe(0);
  });

  it('scores a question on the user own knowledge base by what it can measure without a reference', async () => {
    const own: RagQaInstance = {
      ...instance,
      documents: [],
      questions: [{ index: 1, text: 'When was Varo founded?' }],
    };
    const g = await gradeRag(
      own,
      planRagQa(own, 'single'),
      new Map([['answer', 'It was founded in 1712. [notes/cities.md#0]']]),
      kb,
    );
    // The answer's citation holds it, but it does not name Varo: half the question's terms.
    expect(g.criteria).toEqual({ citations: 1, 'question terms': 0.5 });
  });

  it('computes SQuAD token F1 and reads numbered answer lines', () => {
    expect(tokenF1('The answer: 1712!', 'an answer 1712')).toBe(1);
    expect(tokenF1('The answer is 1712', 'answer 1712')).toBeCloseTo(0.8, 10);
    expect(tokenF1('founded 1712', 'Varo was founded in 1712')).toBeCloseTo((2 * 1 * 0.4) / 1.4, 10);
    expect(tokenF1('', 'x')).toBe(0);
    expect([...numberedLines('1. a\n2) b\n1. again')]).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(supports('It was founded in 1712.', 'founded in 1712')).toBe(true);
  });
});
