/**
 * The `teach-explain` scenario kind: a lesson on a topic for a grade — introduction, concept,
 * examples, exercises with answers, summary. One agent drafts part after part in one context; a
 * swarm plans, writes the parts and the exercise batches in parallel, and assembles them.
 */

import teachExplainFile from '../../../../scenarios/teach-explain.json';
import { DRAFT_TOOL, draftTool } from '../../tools/draft';
import { rubricQuality } from '../quality-words';
import type { ScenarioKind } from '../types';
import { generateTeachExplain, type TeachExplainInstance } from './lesson';
import { planTeachExplain } from './plan';
import type { TeachExplainSpec } from './spec';
import { teachExplainSchema } from './spec';

export type { LessonRequest, TeachExplainInstance } from './lesson';

export const teachExplain: ScenarioKind<TeachExplainSpec, TeachExplainInstance> = {
  kind: 'teach-explain',
  players: () => import('./player').then((m) => m.players),
  file: teachExplainFile,
  roles: {
    manager: 'Curriculum Lead',
    workers: ['Lesson Planner', 'Teacher', 'Exercise Writer'],
    single: 'Teacher',
    peers: ['Teacher A', 'Teacher B', 'Teacher C'],
  },
  schema: teachExplainSchema,
  unit: 'exercises',
  quality: rubricQuality,
  generate: generateTeachExplain,
  plan: planTeachExplain,
  tools: () => ({ [DRAFT_TOOL]: draftTool() }),
  // The grader (and its libraries) is loaded when a run is graded, not with the page.
  grade: async (instance, plan, answers) => (await import('./grade')).gradeLesson(instance, plan, answers),
  ownTools: [DRAFT_TOOL],
};
