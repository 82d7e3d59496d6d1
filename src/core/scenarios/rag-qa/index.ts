/**
 * The `rag-qa` scenario kind: questions answered from notes with citations. One agent searches
 * and answers each sub-question in turn; a swarm answers them in parallel and merges. The notes
 * are the instance's own (generated, with reference answers) or the user's knowledge base, lent
 * through the `knowledge` port.
 */

import ragQaFile from '../../../../scenarios/rag-qa.json';
import { KB_SEARCH_TOOL, type KnowledgeSearch, kbSearchTool } from '../../tools/knowledge';
import { majority, plainKey } from '../cut';
import { finalAnswer } from '../last-answers';
import { rubricQuality } from '../quality-words';
import type { ScenarioKind, ScenarioPorts } from '../types';
import { generateRagQa, type RagQaInstance } from './generate';
import { gradeRag } from './grade';
import { notesKnowledge } from './notes-knowledge';
import { answerWithQuestion, TERMS } from './own-question';
import { MERGE_TASK, planRagQa } from './plan';
import type { RagQaSpec } from './spec';
import { ragProblems, ragQaSchema } from './spec';

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
  players: () => import('./player').then((m) => m.players),
  file: ragQaFile,
  roles: {
    manager: 'Research Librarian',
    workers: ['Retriever', 'Answer Writer'],
    single: 'Librarian',
    peers: ['Librarian A', 'Librarian B', 'Librarian C'],
  },
  schema: ragQaSchema,
  check: ragProblems,
  unit: 'sub-questions',
  quality: {
    name: 'rubric score',
    // A question on the user's own knowledge base has no reference answer (own-question.ts puts
    // its terms among the criteria): the score must not read as "right".
    how: (criteria) =>
      criteria && TERMS in criteria
        ? `${rubricQuality.how(criteria)}; the question has no reference answer, so whether the answer is right is not graded`
        : rubricQuality.how(criteria),
  },
  needs: (spec) => (spec.corpus === 'knowledge-base' ? { knowledgeBase: true } : {}),
  withQuestion: (spec, question) => ({ ...spec, question }),
  // The scenario's own notes can be looked up; the user's knowledge base only through the port.
  citations: (instance, ports) =>
    instance.documents.length > 0 || ports.knowledge ? knowledgeOf(instance, ports).chunk : undefined,
  generate: generateRagQa,
  plan: planRagQa,
  // A sub-question's answer is one sentence with its citation: its replicas vote for the sentence
  // most of them wrote. The merge writes from the votes and is not replicated; a sub-question is
  // the smallest unit, so there are no shards to size.
  cuts: { vote: { votes: (task) => task.id !== MERGE_TASK, vote: (answers) => majority(answers, plainKey) } },
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
