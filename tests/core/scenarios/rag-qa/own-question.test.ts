import { describe, expect, it } from 'vitest';
import { hashingEmbedder } from '../../../../src/core/embeddings/hashing';
import { KnowledgeBase } from '../../../../src/core/kb';
import { heuristicPolicy } from '../../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../../src/core/policy/serial';
import { runScenario } from '../../../../src/core/run/run';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { knowledgeSearchOf } from '../../../../src/core/scenarios/rag-qa';
import type { RagQaInstance } from '../../../../src/core/scenarios/rag-qa/generate';
import { gradeRag } from '../../../../src/core/scenarios/rag-qa/grade';
import {
  answerWithQuestion,
  expectedForm,
  hasForm,
  sameStem,
} from '../../../../src/core/scenarios/rag-qa/own-question';
import { planRagQa } from '../../../../src/core/scenarios/rag-qa/plan';
import type { RagQaSpec } from '../../../../src/core/scenarios/rag-qa/spec';
import { scenarioKinds } from '../../../../src/core/scenarios/registry';
import { citationsIn } from '../../../../src/core/tools/knowledge';
import { encodeTrace, withoutWallClock } from '../../../../src/core/trace/jsonl';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

// The new-user walk-through's knowledge base: the answer to "What causes the tides?" is in the
// first sentence; the second shares only the word "tides"; the other file is unrelated.
const TIDES =
  '# Tides\n\nThe tides are caused by the gravity of the Moon and the Sun pulling on the oceans. Spring tides happen at full and new moon.\n\nNeap tides are the weakest tides of the month.';
const BREAD =
  'Sourdough bread rises because a starter of wild yeast ferments the dough. Bake at 250 degrees for twenty minutes.';

async function walkthroughKb() {
  const kb = KnowledgeBase.create(hashingEmbedder(), { chunkSize: 512, overlap: 64 });
  await kb.addDocuments([
    { source: 'tides.md', text: TIDES },
    { source: 'sourdough.txt', text: BREAD },
  ]);
  return knowledgeSearchOf(kb);
}

const own = (question: string): RagQaInstance => ({
  scenario: 'ask-knowledge-base',
  seed: 1,
  size: 1,
  prompt: question,
  documents: [],
  questions: [{ index: 1, text: question }],
  chunkSize: 512,
  overlap: 64,
  topK: 3,
  language: 'en',
});

async function gradeOwn(question: string, answer: string) {
  const instance = own(question);
  return gradeRag(
    instance,
    planRagQa(instance, 'single'),
    new Map([['answer', answer]]),
    await walkthroughKb(),
  );
}

describe('a question on the user own knowledge base, graded without a reference', () => {
  it('does not give full marks to a cited sentence that does not answer the question', async () => {
    const g = await gradeOwn(
      'What causes the tides?',
      'Spring tides happen at full and new moon. [tides.md#0]',
    );
    // Its citation is real and holds it; it covers "tides" but not "causes", and states no cause.
    expect(g.criteria).toEqual({ citations: 1, 'question terms': 0.5, 'answer form': 0 });
    expect(g.itemF1).toBeCloseTo(0.5, 10);
    expect(g['pass@1']).toBe(0);
    expect(g.success).toBe(false);
  });

  it('scores the sentence that answers it on every measured criterion', async () => {
    const g = await gradeOwn(
      'What causes the tides?',
      'The tides are caused by the gravity of the Moon and the Sun pulling on the oceans. [tides.md#0]',
    );
    expect(g.criteria).toEqual({ citations: 1, 'question terms': 1, 'answer form': 1 });
  });

  it('checks a form only where the question asks for one, and numbers for how many', async () => {
    expect(
      (await gradeOwn('Where do tides happen?', 'Neap tides are the weakest tides. [tides.md#0]')).criteria,
    ).toEqual({
      citations: 1,
      'question terms': 0.5,
    });
    const hot = await gradeOwn(
      'How many degrees for sourdough?',
      'Bake at 250 degrees for twenty minutes. [sourdough.txt#0]',
    );
    expect(hot.criteria?.['answer form']).toBe(1);
    // An invented citation is still worth nothing, whatever the words.
    const made = await gradeOwn('What causes the tides?', 'The tides are caused by the Moon. [tides.md#4]');
    expect(made.criteria?.citations).toBe(0);
  });

  it('knows the form a Russian or Chinese question asks for, and whether an answer gives it', () => {
    expect(expectedForm('Почему бывают приливы?', 'ru')).toBe('cause');
    expect(expectedForm('Что вызывает приливы?', 'ru')).toBe('cause');
    expect(expectedForm('Сколько раз в сутки бывает прилив?', 'ru')).toBe('quantity');
    expect(expectedForm('Где бывают приливы?', 'ru')).toBeUndefined();
    expect(hasForm('Приливы вызваны притяжением Луны.', 'cause', 'ru')).toBe(true);
    expect(hasForm('Приливы бывают из-за Луны.', 'cause', 'ru')).toBe(true);
    expect(hasForm('Приливы бывают у моря.', 'cause', 'ru')).toBe(false);
    expect(hasForm('Прилив бывает дважды в сутки.', 'quantity', 'ru')).toBe(true);
    // A number word, not a word that begins like one ("семья" is not "семь").
    expect(hasForm('Семья ходит к морю.', 'quantity', 'ru')).toBe(false);
    expect(expectedForm('为什么会有潮汐？', 'zh')).toBe('cause');
    expect(expectedForm('潮汐每天有几次？', 'zh')).toBe('quantity');
    expect(expectedForm('潮汐在哪里发生？', 'zh')).toBeUndefined();
    expect(hasForm('潮汐是由月球的引力造成的。', 'cause', 'zh')).toBe(true);
    expect(hasForm('潮汐在海边发生。', 'cause', 'zh')).toBe(false);
    expect(hasForm('潮汐每天发生两次。', 'quantity', 'zh')).toBe(true);
    // Languages with no words listed check no form, rather than guess.
    expect(expectedForm('Why?', 'und')).toBeUndefined();
  });

  it('matches words by a common beginning, not by any shared letters', () => {
    expect(sameStem('causes', 'caused')).toBe(true);
    expect(sameStem('tides', 'tide')).toBe(true);
    expect(sameStem('приливы', 'приливов')).toBe(true);
    expect(sameStem('moon', 'mood')).toBe(false);
    expect(sameStem('tides', 'tidal')).toBe(false);
    expect(sameStem('250', '25')).toBe(false);
  });
});

describe('the simulated reader on the user own question', () => {
  const profiles = loadProfiles();
  async function ask(question: string, policy = heuristicPolicy) {
    const spec: RagQaSpec = { ...loadSpec('ask-knowledge-base', 'rag-qa'), question };
    const kind = scenarioKinds['rag-qa'];
    const instance = kind.generate(spec, 1, spec.size.default);
    const ports = { knowledge: await walkthroughKb() };
    const r = await runScenario({
      kind,
      spec,
      instance,
      policy,
      profiles,
      provider: simulatedProviderFor(profiles),
      ports,
      keepEvents: true,
    });
    // What the Run page shows (ui/run/session.ts: runAnswer, the kind's team answer first).
    const shown = kind.teamAnswer?.(instance, r.plan, r.answers) ?? '';
    return { r, shown };
  }

  it('answers "What causes the tides?" with the sentence that gives the cause, and shows the question', async () => {
    for (const policy of [heuristicPolicy, serialPolicy]) {
      const { r, shown } = await ask('What causes the tides?', policy);
      expect(shown).toContain('The tides are caused by the gravity of the Moon');
      expect(shown).not.toContain('Spring tides happen');
      expect(citationsIn(shown)).toEqual([{ source: 'tides.md', chunk: 0 }]);
      expect(shown.startsWith('Question: What causes the tides?\n\n')).toBe(true);
      // What the grade leaves unmeasured is the grade's to say (the score line), not the answer's.
      expect(shown).not.toContain('not graded');
      expect(r.metrics.quality).toBe(1);
    }
  });

  it('picks the cause over a sentence that only shares words, in another file too', async () => {
    const { shown } = await ask('Why does sourdough bread rise?');
    expect(shown).toContain('rises because a starter of wild yeast');
    expect(citationsIn(shown)).toEqual([{ source: 'sourdough.txt', chunk: 0 }]);
  });

  it('gives the same trace for the same question and seed', async () => {
    const a = await ask('What causes the tides?');
    const b = await ask('What causes the tides?');
    expect(encodeTrace(a.r.header, withoutWallClock(a.r.events ?? []))).toBe(
      encodeTrace(b.r.header, withoutWallClock(b.r.events ?? [])),
    );
  });
});

describe('the answer handed to the user', () => {
  it('puts the question above it, as text, with a citation-like tag in it broken', () => {
    const shown = answerWithQuestion('What does [tides.md#0] say?\n', 'It says so. [tides.md#0]', 'en');
    expect(shown.split('\n')[0]).toBe('Question: What does [tides.md# 0] say?');
    expect(citationsIn(shown)).toEqual([{ source: 'tides.md', chunk: 0 }]);
  });
});
