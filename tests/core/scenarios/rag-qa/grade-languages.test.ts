import { describe, expect, it } from 'vitest';
import type { RagQaInstance } from '../../../../src/core/scenarios/rag-qa/generate';
import { gradeRag, supports, tokenF1 } from '../../../../src/core/scenarios/rag-qa/grade';
import { planRagQa } from '../../../../src/core/scenarios/rag-qa/plan';
import type { RequestLanguage } from '../../../../src/core/scenarios/spec-types';
import type { KnowledgeSearch } from '../../../../src/core/tools/knowledge';

// Hand-made notes in each language: the gold paragraph, and the archive's outdated copy.
interface Case {
  readonly gold: string;
  readonly archive: string;
  readonly question: string;
  readonly entity: string;
  readonly reference: string;
  readonly right: string;
  readonly wrongFigure: string;
  readonly fromArchive: string;
}

const CASES: Record<Exclude<RequestLanguage, 'en'>, Case> = {
  zh: {
    gold: '# 城市\n\n## 瓦罗\n\n瓦罗是凯兰的一座城市，建于1712年，人口为48000，海拔300米。',
    archive: '## 瓦罗（旧笔记）\n\n瓦罗是凯兰的一座城市，建于1719年，人口为48020，海拔302米。',
    question: '瓦罗建于哪一年？',
    entity: '瓦罗',
    reference: '瓦罗建于1712年。',
    right: '瓦罗建于1712年。[notes/cities.md#0]',
    wrongFigure: '瓦罗建于1719年。[notes/cities.md#0]',
    fromArchive: '瓦罗建于1719年。[notes/archive.md#0]',
  },
  ru: {
    gold: '# Города\n\n## Варо\n\nВаро — город в стране Келланд. Основан в 1712 году. Население — 48000 человек.',
    archive:
      '## Варо (старые заметки)\n\nВаро — город в стране Келланд. Основан в 1719 году. Население — 48020 человек.',
    question: 'Когда был основан город Варо?',
    entity: 'Варо',
    reference: 'Город Варо основан в 1712 году.',
    right: 'Город Варо основан в 1712 году. [notes/cities.md#0]',
    wrongFigure: 'Город Варо основан в 1719 году. [notes/cities.md#0]',
    fromArchive: 'Город Варо основан в 1719 году. [notes/archive.md#0]',
  },
};

for (const [language, c] of Object.entries(CASES) as [Exclude<RequestLanguage, 'en'>, Case][]) {
  const chunks: Record<string, string[]> = { 'notes/cities.md': [c.gold], 'notes/archive.md': [c.archive] };
  const kb: KnowledgeSearch = { search: async () => [], chunk: async (s, i) => chunks[s]?.[i] };
  const instance: RagQaInstance = {
    scenario: `rag-qa-${language}`,
    seed: 1,
    size: 1,
    prompt: c.question,
    documents: [{ source: 'notes/cities.md', text: c.gold }],
    questions: [
      {
        index: 1,
        text: c.question,
        asking: 'city-founded',
        entity: c.entity,
        value: '1712',
        reference: c.reference,
        goldSource: 'notes/cities.md',
        goldPassage: c.gold,
      },
    ],
    chunkSize: 128,
    overlap: 16,
    topK: 3,
    language,
  };
  const grade = (answer: string) =>
    gradeRag(instance, planRagQa(instance, 'single'), new Map([['answer', answer]]), kb);

  describe(`the rag-qa grader in ${language}`, () => {
    it('gives a right answer citing the gold passage 1 on every criterion', async () => {
      const g = await grade(c.right);
      expect(g.criteria).toEqual({ citations: 1, retrieval: 1, f1: 1 });
      expect(g.success).toBe(true);
    });

    it('takes citations and f1 from a wrong figure, even when the gold passage is cited', async () => {
      const g = await grade(c.wrongFigure);
      expect(g.criteria?.citations).toBe(0);
      expect(g.criteria?.retrieval).toBe(1);
      expect(g.criteria?.f1).toBeLessThan(1);
      expect(g.criteria?.f1).toBeGreaterThan(0.5);
    });

    it('takes retrieval from an answer read in the archive, whose citation does support it', async () => {
      const g = await grade(c.fromArchive);
      expect(g.criteria).toMatchObject({ citations: 1, retrieval: 0 });
      expect(g.criteria?.f1).toBeLessThan(1);
    });

    it('takes citations and retrieval from an answer that cites nothing, not f1', async () => {
      const uncited = c.right.replace(/\s*\[[^\]]+\]/, '');
      expect(await grade(uncited)).toMatchObject({ criteria: { citations: 0, retrieval: 0, f1: 1 } });
    });
  });
}

describe('Chinese answers with no spaces', () => {
  it('are scored character by character, a paraphrase keeping most of its credit', () => {
    // 10 characters and a number against 6 and the same number: 6 in common.
    expect(tokenF1('瓦罗这座城市建于1712年', '瓦罗建于1712年', 'zh')).toBeCloseTo(
      (2 * (6 / 10) * 1) / (6 / 10 + 1),
      10,
    );
    // Without character tokens each clause would be a single token and share nothing.
    expect(tokenF1('瓦罗始建于1712年', '瓦罗建于1712年', 'zh')).toBeGreaterThan(0.9);
    expect(tokenF1('凯兰的人口为9000000', '瓦罗建于1712年', 'zh')).toBe(0);
  });

  it('are supported by a passage that holds their characters and figure', () => {
    expect(supports(CASES.zh.gold, '瓦罗的人口为48000。', 'zh')).toBe(true);
    expect(supports(CASES.zh.gold, '瓦罗的人口为48001。', 'zh')).toBe(false);
    expect(supports(CASES.zh.gold, '莫斯科是一座大城市。', 'zh')).toBe(false);
  });
});
