/**
 * How a question on the notes is split. `single`: one agent searches for each sub-question in
 * turn and answers them all. `swarm`: one task per sub-question, in parallel, each searching and
 * answering with its citations, then a merge that numbers the answers.
 */

import type { Subtask } from '../../agents/loop';
import type { Plan, PlanMode, PlannedTask } from '../types';
import type { RagQaInstance } from './generate';

export const SINGLE_TASK = 'answer';
export const MERGE_TASK = 'merge';
export const subTaskId = (index: number): string => `q${index}`;

/** What a reader is asked: the question, and (for the simulator) which fact of whom it asks. */
export interface Asked {
  readonly index: number;
  readonly text: string;
  /** questions.ts's id; absent for a user's own question. */
  readonly asking?: string;
  readonly entity?: string;
}

export type RagDescriptor =
  | { readonly kind: 'rag-all'; readonly questions: readonly Asked[] }
  | { readonly kind: 'rag-one'; readonly question: Asked }
  | { readonly kind: 'rag-merge'; readonly answers: readonly (string | null)[] };

export const RAG_KINDS = ['rag-all', 'rag-one', 'rag-merge'] as const;

const asked = (i: RagQaInstance): Asked[] =>
  i.questions.map((q) => ({
    index: q.index,
    text: q.text,
    ...(q.asking ? { asking: q.asking } : {}),
    ...(q.entity ? { entity: q.entity } : {}),
  }));

export function planRagQa(instance: RagQaInstance, mode: PlanMode): Plan {
  const questions = asked(instance);
  if (mode === 'single') {
    const task: PlannedTask = {
      id: SINGLE_TASK,
      deps: [],
      // A search per sub-question, read in the turn after it, and one turn to answer.
      estimatedSteps: questions.length + 1,
      subtask: (): Subtask => ({
        id: SINGLE_TASK,
        prompt: `${instance.prompt} Search the knowledge base with kb_search for each question.`,
        descriptor: { kind: 'rag-all', questions } satisfies RagDescriptor,
      }),
    };
    return { mode, tasks: [task] };
  }
  const subs = questions.map(
    (q): PlannedTask => ({
      id: subTaskId(q.index),
      deps: [],
      estimatedSteps: 2,
      subtask: () => ({
        id: subTaskId(q.index),
        prompt: `${q.text} Search the user's knowledge base with kb_search and answer in one sentence from the passages found, citing the passage you used as [file#chunk]. If nothing answers it, say so.`,
        descriptor: { kind: 'rag-one', question: q } satisfies RagDescriptor,
      }),
    }),
  );
  if (subs.length === 1) return { mode, tasks: subs };
  const merge: PlannedTask = {
    id: MERGE_TASK,
    deps: subs.map((s) => s.id),
    estimatedSteps: 1,
    subtask: (inputs) => {
      const answers = subs.map((s) => inputs.get(s.id) ?? null);
      return {
        id: MERGE_TASK,
        prompt: `${instance.prompt}\n\nOther agents answered each question:\n${answers
          .map((a, i) => `${i + 1}. ${a ?? '(no answer)'}`)
          .join('\n')}\n\nAnswer with one numbered line per question, keeping their citations.`,
        descriptor: { kind: 'rag-merge', answers } satisfies RagDescriptor,
      };
    },
  };
  return { mode, tasks: [...subs, merge] };
}
