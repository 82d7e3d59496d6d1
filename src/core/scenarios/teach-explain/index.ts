/**
 * The `teach-explain` scenario kind: a lesson on a topic for a grade — introduction, concept,
 * examples, exercises with answers, summary. One agent drafts part after part in one context; a
 * swarm plans, writes the parts and the exercise batches in parallel, and assembles them.
 */

import { DRAFT_TOOL, draftTool } from '../../tools/draft';
import type { TeachExplainSpec } from '../spec-types';
import type { ScenarioKind } from '../types';
import { gradeLesson } from './grade';
import { generateTeachExplain, type TeachExplainInstance } from './lesson';
import { LESSON_KINDS, planTeachExplain } from './plan';
import { playLesson } from './player';

export { lessonCriteria } from './grade';
export type { LessonRequest, TeachExplainInstance } from './lesson';
export { fleschKincaid } from './readability';

export const teachExplain: ScenarioKind<TeachExplainSpec, TeachExplainInstance> = {
  kind: 'teach-explain',
  generate: generateTeachExplain,
  plan: planTeachExplain,
  tools: () => ({ [DRAFT_TOOL]: draftTool() }),
  grade: async (instance, plan, answers) => gradeLesson(instance, plan, answers),
  ownTools: [DRAFT_TOOL],
  players: Object.fromEntries(LESSON_KINDS.map((k) => [k, playLesson])),
};
