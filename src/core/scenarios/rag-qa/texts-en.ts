/** rag-qa's English texts (texts.ts): the world's own descriptions and names, as since the start. */

import { describe } from '../../world/generate';
import { ASKINGS } from './questions';
import type { RagTexts } from './rag-texts';

export const TEXTS_EN: RagTexts = {
  language: 'en',
  localize: (entities) => [...entities],
  title: (kind) => ({ country: 'Countries', city: 'Cities', person: 'People', company: 'Companies' })[kind],
  archiveTitle: 'Archive (outdated, not checked since)',
  oldNotes: (name) => `${name} (old notes)`,
  describe,
  askings: ASKINGS,
  prompt: (questions) =>
    questions.length === 1
      ? `${questions[0]} Answer from my notes, citing the passages you used as [file#chunk].`
      : `From my notes, answer these ${questions.length} questions, citing the passages you used as [file#chunk]: ${questions.join(' ')} Answer one numbered line per question.`,
  ownPrompt: (question) =>
    `${question} Answer from my knowledge base, citing the passages you used as [file#chunk].`,
  splitQuestion: (question) => question.split(/(?<=\?)\s+/),
  searchEach: ' Search the knowledge base with kb_search for each question.',
  subPrompt: (question) =>
    `${question} Search the user's knowledge base with kb_search and answer in one sentence from the passages found, citing the passage you used as [file#chunk]. If nothing answers it, say so.`,
  mergePrompt: (prompt, answers) =>
    `${prompt}\n\nOther agents answered each question:\n${answers
      .map((a, i) => `${i + 1}. ${a ?? '(no answer)'}`)
      .join('\n')}\n\nAnswer with one numbered line per question, keeping their citations.`,
  notFound: 'The notes do not say.',
};
