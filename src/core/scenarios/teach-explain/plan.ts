/**
 * How a lesson is split. `single`: one agent drafts the plan, each part and each batch of
 * exercises on its draft pad, then answers with the lesson. `swarm`: a plan task, then the prose
 * parts and the exercise batches in parallel, then an assembly task that puts them in order.
 */

import type { Subtask } from '../../agents/loop';
import type { Plan, PlanMode, PlannedTask } from '../types';
import {
  answerLine,
  exerciseBatches,
  type LessonRequest,
  type Part,
  type TeachExplainInstance,
  topicOf,
} from './lesson';
import { lessonTexts } from './lesson-texts';

export const PLAN_TASK = 'lesson-plan';
export const ASSEMBLE_TASK = 'assemble';
export const SINGLE_TASK = 'lesson';
export const partTaskId = (part: Part): string => part.toLowerCase();
export const batchTaskId = (first: number, last: number): string => `exercises-${first}-${last}`;

export type ProsePart = Exclude<Part, 'Exercises'>;
const PROSE: readonly ProsePart[] = ['Introduction', 'Concept', 'Examples', 'Summary'];

export type LessonDescriptor =
  | { readonly kind: 'lesson-single'; readonly request: LessonRequest }
  | { readonly kind: 'lesson-plan'; readonly request: LessonRequest }
  | { readonly kind: 'lesson-part'; readonly request: LessonRequest; readonly part: ProsePart }
  | {
      readonly kind: 'lesson-exercises';
      readonly request: LessonRequest;
      readonly first: number;
      readonly last: number;
    }
  | {
      readonly kind: 'lesson-assemble';
      readonly request: LessonRequest;
      /** Each prose part's text, absent when its task failed. */
      readonly parts: Readonly<Partial<Record<ProsePart, string>>>;
      /** The exercise batches in order; null for one whose task failed. */
      readonly exercises: readonly (string | null)[];
    };

export const LESSON_KINDS = [
  'lesson-single',
  'lesson-plan',
  'lesson-part',
  'lesson-exercises',
  'lesson-assemble',
] as const;

/** Drafts the single agent saves, in order: the plan, the prose parts and every batch. */
export function singleDraftParts(r: LessonRequest): string[] {
  return [
    'plan',
    'Introduction',
    'Concept',
    'Examples',
    ...exerciseBatches(r).map(([a, b]) => `Exercises ${a}-${b}`),
    'Summary',
  ];
}

export function planTeachExplain(instance: TeachExplainInstance, mode: PlanMode): Plan {
  const r = instance.request;
  if (mode === 'single') {
    const descriptor: LessonDescriptor = { kind: 'lesson-single', request: r };
    return {
      mode,
      tasks: [
        {
          id: SINGLE_TASK,
          deps: [],
          // One turn per draft, one to answer with the whole lesson.
          estimatedSteps: singleDraftParts(r).length + 1,
          subtask: (): Subtask => ({
            id: SINGLE_TASK,
            prompt: withLanguage(
              r,
              `${instance.prompt} Save the plan, then each part and each few exercises, with the draft tool as you go.`,
            ),
            descriptor,
          }),
        },
      ],
    };
  }
  const topic = topicOf(r).name;
  const plan: PlannedTask = {
    id: PLAN_TASK,
    deps: [],
    estimatedSteps: 1,
    subtask: () => ({
      id: PLAN_TASK,
      prompt: withLanguage(
        r,
        `${instance.prompt}\n\nYour part: only the lesson plan, one line per part saying what it will do.`,
      ),
      descriptor: { kind: 'lesson-plan', request: r } satisfies LessonDescriptor,
    }),
  };
  const audience = `for a class in grade ${r.grade} (about ${r.grade + 5} years old), in words they can read`;
  const prose = PROSE.map(
    (part): PlannedTask => ({
      id: partTaskId(part),
      deps: [PLAN_TASK],
      estimatedSteps: 1,
      subtask: (inputs) => ({
        id: partTaskId(part),
        prompt: withLanguage(
          r,
          `You are writing the ${part} of a lesson on ${topic} ${audience}. The lesson plan:\n${inputs.get(PLAN_TASK) ?? '(missing)'}\n\nAnswer with the text of the ${part} only, no heading.`,
        ),
        descriptor: { kind: 'lesson-part', request: r, part } satisfies LessonDescriptor,
      }),
    }),
  );
  const batches = exerciseBatches(r).map(
    ([first, last]): PlannedTask => ({
      id: batchTaskId(first, last),
      deps: [PLAN_TASK],
      estimatedSteps: 1,
      subtask: () => ({
        id: batchTaskId(first, last),
        prompt: withLanguage(
          r,
          `Write exercises ${first} to ${last} of a lesson on ${topic} ${audience}. Number them ${first} to ${last} ("${first}. …") and put a line "${answerLine(r, '…')}" under each. Answer with the exercises only.`,
        ),
        descriptor: { kind: 'lesson-exercises', request: r, first, last } satisfies LessonDescriptor,
      }),
    }),
  );
  const assemble: PlannedTask = {
    id: ASSEMBLE_TASK,
    deps: [...prose, ...batches].map((t) => t.id),
    estimatedSteps: 1,
    subtask: (inputs) => {
      const parts: Partial<Record<ProsePart, string>> = {};
      for (const part of PROSE) {
        const text = inputs.get(partTaskId(part));
        if (text !== undefined) parts[part] = text;
      }
      const exercises = batches.map((b) => inputs.get(b.id) ?? null);
      const descriptor: LessonDescriptor = { kind: 'lesson-assemble', request: r, parts, exercises };
      const shown = [
        ...PROSE.map((p) => `${p}:\n${parts[p] ?? '(missing)'}`),
        `Exercises:\n${exercises.map((e) => e ?? '(a batch is missing)').join('\n')}`,
      ].join('\n\n');
      return {
        id: ASSEMBLE_TASK,
        prompt: withLanguage(
          r,
          `${instance.prompt}\n\nOther teachers wrote the parts below. Put them together into the lesson, in order, each under its "## " heading, under one title line.\n\n${shown}`,
        ),
        descriptor,
      };
    },
  };
  return { mode, tasks: [plan, ...prose, ...batches, assemble] };
}

/** The prompt, then the instruction to write in the lesson's language when it is not English. */
function withLanguage(r: LessonRequest, prompt: string): string {
  const line = lessonTexts(r.language).answerIn;
  return line === '' ? prompt : `${prompt}\n\n${line}`;
}
