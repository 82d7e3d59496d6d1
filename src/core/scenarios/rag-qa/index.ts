/**
 * The `rag-qa` scenario kind: questions answered from notes with citations. One agent searches
 * and answers each sub-question in turn; a swarm answers them in parallel and merges. The notes
 * are the instance's own (generated, with reference answers) or the user's knowledge base, lent
 * through the `knowledge` port.
 */

import { KB_SEARCH_TOOL, type KnowledgeSearch, kbSearchTool } from '../../tools/knowledge';
import { finalAnswer } from '../last-answers';
import type { RagQaSpec } from '../spec-types';
import type { ScenarioKind, ScenarioPorts } from '../types';
import { generateRagQa, type RagQaInstance } from './generate';
import { gradeRag } from './grade';
import { notesKnowledge } from './notes-knowledge';
import { answerWithQuestion } from './own-question';
import { planRagQa } from './plan';

export type { RagQaInstance, SubQuestion } from './generate';
export { knowledgeSearchOf } from './notes-knowledge';

const noKnowledgeBase: KnowledgeSearch = {
  search: async () => {
    throw new Error('there is no knowledge base to search: import documents into it first');
  },
  chunk: async () => undefined,
};

/** The knowledge base an instance is answered from. */
export function knowledgeOf(instance: RagQaInstance, ports: ScenarioPorts): KnowledgeSearch {
  if (instance.documents.length > 0) return notesKnowledge(instance);
  return ports.knowledge ?? noKnowledgeBase;
}

export const ragQa: ScenarioKind<RagQaSpec, RagQaInstance> = {
  kind: 'rag-qa',
  generate: generateRagQa,
  plan: planRagQa,
  tools: (instance, ports) => ({
    [KB_SEARCH_TOOL]: kbSearchTool(knowledgeOf(instance, ports), instance.topK),
  }),
  grade: (instance, plan, answers, ports) => gradeRag(instance, plan, answers, knowledgeOf(instance, ports)),
  ownTools: [KB_SEARCH_TOOL],
  // The user's own question is shown with its answer (the Run page shows only the answer's text),
  // and so is what its grade leaves unmeasured. The generated notes' answers are handed back as is.
  teamAnswer: (instance, plan, answers) => {
    const answer = finalAnswer(plan, answers);
    if (instance.documents.length > 0 || answer === undefined) return undefined;
    const question = instance.questions.map((q) => q.text).join(' ');
    return answerWithQuestion(question, answer, instance.language);
  },
};
