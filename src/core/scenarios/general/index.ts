/**
 * The `general` scenario kind: a request that fits no other workflow. Its sample is a short
 * briefing on an everyday subject, one part per topic the request names; a user's own request of
 * this kind is worked on by the plan's roles with no tools (run/request-plan.ts). Both are graded by
 * one rubric the merged answer is checked against (rubric.ts, docs/metrics.md).
 */

import generalFile from '../../../../scenarios/general.json';
import { rubricQuality } from '../quality-words';
import type { ScenarioKind } from '../types';
import { type GeneralInstance, generateGeneral } from './briefing';
import { planGeneral } from './plan';
import { rubricGrade } from './rubric';
import { type GeneralSpec, generalSchema } from './spec';

export type { GeneralInstance } from './briefing';

export const general: ScenarioKind<GeneralSpec, GeneralInstance> = {
  kind: 'general',
  file: generalFile,
  schema: generalSchema,
  players: () => import('./player').then((m) => m.players),
  roles: {
    manager: 'Coordinator',
    workers: ['Assistant'],
    single: 'Assistant',
    peers: ['Assistant A', 'Assistant B'],
  },
  unit: 'topics',
  quality: rubricQuality,
  formations: ['single', 'swarm', 'peers'],
  // A request that fits no workflow is one agent's, unless a plan says otherwise (router/rules.ts).
  defaultFormation: 'single',
  generate: (spec, seed, size) => generateGeneral(spec.id, seed, size),
  plan: planGeneral,
  // No scenario tools: it is answered from what the model knows.
  tools: () => ({}),
  grade: async (instance, plan, answers) => rubricGrade(instance.prompt, plan, answers),
  gradeRequest: (request, plan, answers) => rubricGrade(request.text, plan, answers),
};
