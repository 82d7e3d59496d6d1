/**
 * The `write-story` scenario kind: a story from a request (setting, style, characters, length).
 * One agent drafts outline and sections in one context; a swarm writes the outline, then every
 * section in parallel, then merges them with the names made to agree.
 */

import writeStoryFile from '../../../../scenarios/write-story.json';
import type { Tool } from '../../agents/tools';
import { DRAFT_TOOL, draftTool } from '../../tools/draft';
import { rubricQuality } from '../quality-words';
import type { ScenarioKind } from '../types';
import { planWriteStory } from './plan';
import { generateWriteStory, type WriteStoryInstance } from './request';
import type { WriteStorySpec } from './spec';
import { writeStorySchema } from './spec';

export type { StoryDescriptor } from './plan';
export type { StoryRequest, WriteStoryInstance } from './request';

export const writeStory: ScenarioKind<WriteStorySpec, WriteStoryInstance> = {
  kind: 'write-story',
  players: () => import('./player').then((m) => m.players),
  file: writeStoryFile,
  roles: {
    manager: 'Editor',
    workers: ['Outliner', 'Writer', 'Continuity Editor'],
    single: 'Writer',
    peers: ['Writer A', 'Writer B', 'Writer C'],
  },
  schema: writeStorySchema,
  unit: 'plot points',
  quality: rubricQuality,
  generate: generateWriteStory,
  plan: planWriteStory,
  tools: (): Readonly<Record<string, Tool>> => ({ [DRAFT_TOOL]: draftTool() }),
  // The grader (and its libraries) is loaded when a run is graded, not with the page.
  grade: async (instance, plan, answers) => (await import('./grade')).gradeStory(instance, plan, answers),
  ownTools: [DRAFT_TOOL],
};
