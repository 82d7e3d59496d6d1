/**
 * The `write-story` scenario kind: a story from a request (setting, style, characters, length).
 * One agent drafts outline and sections in one context; a swarm writes the outline, then every
 * section in parallel, then merges them with the names made to agree.
 */

import type { Tool } from '../../agents/tools';
import { DRAFT_TOOL, draftTool } from '../../tools/draft';
import type { WriteStorySpec } from '../spec-types';
import type { ScenarioKind } from '../types';
import { planWriteStory } from './plan';
import { generateWriteStory, type WriteStoryInstance } from './request';

export type { StoryDescriptor } from './plan';
export type { StoryRequest, WriteStoryInstance } from './request';

export const writeStory: ScenarioKind<WriteStorySpec, WriteStoryInstance> = {
  kind: 'write-story',
  generate: generateWriteStory,
  plan: planWriteStory,
  tools: (): Readonly<Record<string, Tool>> => ({ [DRAFT_TOOL]: draftTool() }),
  // The grader (and its libraries) is loaded when a run is graded, not with the page.
  grade: async (instance, plan, answers) => (await import('./grade')).gradeStory(instance, plan, answers),
  ownTools: [DRAFT_TOOL],
};
