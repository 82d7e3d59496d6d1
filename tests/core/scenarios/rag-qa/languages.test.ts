import { describe, expect, it } from 'vitest';
import { hashingEmbedder } from '../../../../src/core/embeddings/hashing';
import { KnowledgeBase } from '../../../../src/core/kb';
import { heuristicPolicy } from '../../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../../src/core/policy/serial';
import { finalAnswer } from '../../../../src/core/run/final-answer';
import { runScenario } from '../../../../src/core/run/run';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { knowledgeSearchOf } from '../../../../src/core/scenarios/rag-qa';
import { generateRagQa } from '../../../../src/core/scenarios/rag-qa/generate';
import type { RagQaSpec } from '../../../../src/core/scenarios/rag-qa/spec';
import { scenarioKinds } from '../../../../src/core/scenarios/registry';
import { citationsIn } from '../../../../src/core/tools/knowledge';
import { detectLanguage } from '../../../../src/core/util/words';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

const profiles = loadProfiles();
const kind = scenarioKinds['rag-qa'];
/** The text of an answer: citations are file paths, in no language. */
const prose = (answer: string) => answer.replace(/\[[^\]\n]+#\d+\]/g, ' ');

async function run(spec: RagQaSpec, seed: number, policy = heuristicPolicy) {
  return runScenario({
    kind,
    spec,
    instance: kind.generate(spec, seed, spec.size.default),
    policy,
    profiles,
    provider: simulatedProviderFor(profiles),
    keepEvents: true,
  });
}

describe.each(['zh', 'ru'] as const)('rag-qa in %s', (language) => {
  const spec = loadSpec(`rag-qa-${language}`, 'rag-qa');

  it('writes the notes, the questions and the request in the language, names included', () => {
    const instance = generateRagQa(spec, 3, 4);
    expect(instance.language).toBe(language);
    // The language changes the words, not the world or the draws: the same file in English asks
    // the same things of the same files.
    const english = generateRagQa({ ...spec, language: 'en' }, 3, 4);
    expect(instance.questions.map((q) => [q.asking, q.goldSource, q.value?.match(/^\d+$/)?.[0]])).toEqual(
      english.questions.map((q) => [q.asking, q.goldSource, q.value?.match(/^\d+$/)?.[0]]),
    );
    expect(detectLanguage(instance.prompt)).toBe(language);
    for (const q of instance.questions) {
      expect(detectLanguage(q.text)).toBe(language);
      expect(detectLanguage(q.reference ?? '')).toBe(language);
      expect(q.entity).not.toMatch(/\p{Script=Latin}/u);
    }
    for (const d of instance.documents) {
      // Latin letters only in company abbreviations and web addresses.
      const text = d.text.replace(/https:\/\/\S+|\([A-Z]{2,4}\)|（[A-Z]{2,4}）/g, '');
      expect(text, d.source).not.toMatch(/\p{Script=Latin}/u);
    }
  });

  it('answers from the notes, single and swarm, in the language and with quality above 0.5', async () => {
    for (const policy of [serialPolicy, heuristicPolicy]) {
      let quality = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const r = await run(spec, seed, policy);
        expect(r.reason).toBe('completed');
        quality += r.metrics.quality / 6;
        const answer = finalAnswer(r.plan, r.answers) ?? '';
        expect(citationsIn(answer).length).toBeGreaterThan(0);
        expect(detectLanguage(prose(answer)), answer).toBe(language);
      }
      expect(quality, policy.name).toBeGreaterThan(0.5);
    }
  });
});

describe('rag-qa in English', () => {
  it('asks as it always has', () => {
    // A pinned request: the English texts must not drift with the other languages' changes.
    expect(generateRagQa(loadSpec('rag-qa', 'rag-qa'), 1, 2).prompt).toBe(
      'From my notes, answer these 2 questions, citing the passages you used as [file#chunk]: In what year was Norel Zanbar born? How many people live in Vennu? Answer one numbered line per question.',
    );
  });
});

describe('rag-qa on the user own knowledge base, in Chinese', () => {
  it('splits a compound question at its full-width question marks and answers each part from it', async () => {
    const kb = KnowledgeBase.create(hashingEmbedder(), { chunkSize: 64, overlap: 8 });
    await kb.addDocuments([
      { source: '潮汐.md', text: '潮汐是由月球的引力牵引海水而形成的。' },
      { source: '面包.txt', text: '酸面包之所以会发起来，是因为野生酵母让面团发酵。' },
    ]);
    const spec: RagQaSpec = {
      ...loadSpec('ask-knowledge-base', 'rag-qa'),
      // No language named: the question's own.
      question: '潮汐是怎么形成的？酸面包为什么会发起来？',
    };
    const r = await runScenario({
      kind,
      spec,
      instance: kind.generate(spec, 1, spec.size.default),
      policy: heuristicPolicy,
      profiles,
      provider: simulatedProviderFor(profiles),
      ports: { knowledge: knowledgeSearchOf(kb) },
    });
    const answer = finalAnswer(r.plan, r.answers) ?? '';
    expect(citationsIn(answer).map((c) => c.source)).toEqual(['潮汐.md', '面包.txt']);
    expect(detectLanguage(prose(answer))).toBe('zh');
    expect(r.metrics.quality).toBe(1);
  });
});
