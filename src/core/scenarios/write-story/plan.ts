/**
 * How a story is split. `single`: one agent drafts the outline, then each section, on its draft
 * pad, and answers with the whole story. `swarm`: an outline task, one section task per plot point
 * in parallel (each told its point and the cast), and a merge task that joins the sections and
 * makes the characters' names agree.
 */

import type { Subtask } from '../../agents/loop';
import type { Plan, PlanMode, PlannedTask } from '../types';
import { parseOutline } from './prose';
import { listOf, type StoryRequest, type WriteStoryInstance } from './request';
import { storyTexts } from './texts';

export const OUTLINE_TASK = 'outline';
export const MERGE_TASK = 'merge';
export const SINGLE_TASK = 'story';
export const sectionTaskId = (index: number): string => `section-${index + 1}`;

export type StoryDescriptor =
  | { readonly kind: 'story-single'; readonly request: StoryRequest }
  | { readonly kind: 'story-outline'; readonly request: StoryRequest }
  | {
      readonly kind: 'story-section';
      readonly request: StoryRequest;
      readonly index: number;
      /** The plot point this section tells; null when the outline did not come through. */
      readonly point: string | null;
    }
  | {
      readonly kind: 'story-merge';
      readonly request: StoryRequest;
      /** The sections in order; null for one whose task failed. */
      readonly sections: readonly (string | null)[];
    };

export const STORY_KINDS = ['story-single', 'story-outline', 'story-section', 'story-merge'] as const;

export function planWriteStory(instance: WriteStoryInstance, mode: PlanMode): Plan {
  const r = instance.request;
  if (mode === 'single') {
    const descriptor: StoryDescriptor = { kind: 'story-single', request: r };
    const task: PlannedTask = {
      id: SINGLE_TASK,
      deps: [],
      // One turn to draft the outline, one per section, one to answer with the whole.
      estimatedSteps: r.plotPoints + 2,
      subtask: (): Subtask => ({
        id: SINGLE_TASK,
        prompt: withLanguage(
          r,
          `${instance.prompt} Save the outline and then each section with the draft tool as you go.`,
        ),
        descriptor,
      }),
    };
    return { mode, tasks: [task] };
  }
  const sections = Array.from({ length: r.plotPoints }, (_, i): PlannedTask => {
    const id = sectionTaskId(i);
    return {
      id,
      deps: [OUTLINE_TASK],
      estimatedSteps: 1,
      subtask: (inputs): Subtask => {
        const points = parseOutline(inputs.get(OUTLINE_TASK) ?? '');
        const point = points[i] ?? null;
        const descriptor: StoryDescriptor = { kind: 'story-section', request: r, index: i, point };
        return { id, prompt: sectionPrompt(r, i, point), descriptor };
      },
    };
  });
  const outline: PlannedTask = {
    id: OUTLINE_TASK,
    deps: [],
    estimatedSteps: 1,
    subtask: () => ({
      id: OUTLINE_TASK,
      prompt: withLanguage(
        r,
        `${instance.prompt}\n\nYour part: only the outline. Answer with exactly ${r.plotPoints} numbered lines ("1. …"), one plot point each, naming the characters in it; every character must be in at least one.`,
      ),
      descriptor: { kind: 'story-outline', request: r } satisfies StoryDescriptor,
    }),
  };
  const merge: PlannedTask = {
    id: MERGE_TASK,
    deps: sections.map((s) => s.id),
    estimatedSteps: 1,
    subtask: (inputs) => {
      const texts = sections.map((s) => inputs.get(s.id) ?? null);
      const descriptor: StoryDescriptor = { kind: 'story-merge', request: r, sections: texts };
      return { id: MERGE_TASK, prompt: mergePrompt(r, texts), descriptor };
    },
  };
  return { mode, tasks: [outline, ...sections, merge] };
}

function sectionPrompt(r: StoryRequest, index: number, point: string | null): string {
  const what = point ?? 'the next part of the story (the outline is missing: go on from the setting)';
  return [
    `You are writing section ${index + 1} of ${r.plotPoints} of a ${r.style} story set in ${r.setting.name}.`,
    `The characters are ${listOf(r.characters, r.language)}; spell their names exactly so.`,
    `This section tells: ${what}.`,
    `Open by showing where it takes place, write ${aboutLength(r)}, and answer with a heading line starting with "## " and the section, nothing else.`,
    ...answerIn(r),
  ].join(' ');
}

function mergePrompt(r: StoryRequest, sections: readonly (string | null)[]): string {
  const body = sections.map((s, i) => s ?? `## ${i + 1}. (this section is missing)`).join('\n\n');
  return [
    `Other writers wrote these sections of one ${r.style} story, in order. Join them into the final story under one title line.`,
    `The characters are ${listOf(r.characters, r.language)}: wherever a name is spelt differently, correct it. Keep every section's text otherwise.`,
    ...answerIn(r),
    '',
    body,
  ].join('\n');
}

/** A section's length as its prompt asks for it: about the middle of the range per section. */
const ABOUT = { en: 'about 150 words', zh: 'about 250 characters', ru: 'about 120 words' } as const;
const aboutLength = (r: StoryRequest): string => ABOUT[r.language ?? 'en'];

/** The instruction to write in the request's language, when it is not English. */
const answerIn = (r: StoryRequest): string[] => {
  const line = storyTexts(r.language).answerIn;
  return line === '' ? [] : [line];
};

const withLanguage = (r: StoryRequest, prompt: string): string => [prompt, ...answerIn(r)].join(' ');
