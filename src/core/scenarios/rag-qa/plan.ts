/**
 * How a question on the notes is split. `single`: one agent searches for each sub-question in
 * turn and answers them all. `swarm`: one task per sub-question, in parallel, each searching and
 * answering with its citations, then a merge that numbers the answers. The instructions are in the
 * instance's language (texts.ts).
 */

import type { Subtask } from '../../agents/loop';
import type { RequestLanguage } from '../spec-types';
import type { Plan, PlanMode, PlannedTask } from '../types';
import type { RagQaInstance } from './generate';
import { ragTexts } from './texts';

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

/** The reader's language; absent for English (descriptors from before languages had none). */
interface InLanguage {
  readonly language?: Exclude<RequestLanguage, 'en'>;
}

export type RagDescriptor = InLanguage &
  (
    | { readonly kind: 'rag-all'; readonly questions: readonly Asked[] }
    | { readonly kind: 'rag-one'; readonly question: Asked }
    | { readonly kind: 'rag-merge'; readonly answers: readonly (string | null)[] }
  );

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
  const texts = ragTexts(instance.language);
  const language: InLanguage =
    instance.language === undefined || instance.language === 'en' ? {} : { language: instance.language };
  if (mode === 'single') {
    const task: PlannedTask = {
      id: SINGLE_TASK,
      deps: [],
      // A search per sub-question, read in the turn after it, and one turn to answer.
      estimatedSteps: questions.length + 1,
      subtask: (): Subtask => ({
        id: SINGLE_TASK,
        prompt: `${instance.prompt}${texts.searchEach}`,
        descriptor: { kind: 'rag-all', questions, ...language } satisfies RagDescriptor,
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
        prompt: texts.subPrompt(q.text),
        descriptor: { kind: 'rag-one', question: q, ...language } satisfies RagDescriptor,
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
        prompt: texts.mergePrompt(instance.prompt, answers),
        descriptor: { kind: 'rag-merge', answers, ...language } satisfies RagDescriptor,
      };
    },
  };
  return { mode, tasks: [...subs, merge] };
}
