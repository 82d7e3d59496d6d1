/**
 * The `compare-options` scenario kind: choose among a few options on weighted criteria. One
 * analyst scores them all; a swarm gives each option a judge and a decider; a decentralized team
 * of peers judges independently, reads the board, reconsiders and votes (plan.ts).
 */

import compareOptionsFile from '../../../../scenarios/compare-options.json';
import { COMMUNICATE_TOOL, communicateTool } from '../../tools/communicate';
import { DRAFT_TOOL, draftTool } from '../../tools/draft';
import { listed } from '../quality-words';
import type { ScenarioKind } from '../types';
import { gradeCompare, teamAnswer, voteText } from './grade';
import { type CompareInstance, generateCompareOptions } from './options';
import { peerId, planCompareOptions } from './plan';
import type { CompareOptionsSpec } from './spec';
import { compareOptionsSchema } from './spec';

export type { CompareInstance, CompareRequest } from './options';

export const compareOptions: ScenarioKind<CompareOptionsSpec, CompareInstance> = {
  kind: 'compare-options',
  players: () => import('./player').then((m) => m.players),
  file: compareOptionsFile,
  roles: {
    manager: 'Decision Lead',
    workers: ['Analyst'],
    single: 'Analyst',
    peers: ['Analyst A', 'Analyst B', 'Analyst C'],
  },
  schema: compareOptionsSchema,
  unit: 'options',
  quality: {
    name: 'rubric score',
    how: (criteria) =>
      `0.6 · pick + 0.4 · ranking${criteria && Object.keys(criteria).length > 0 ? ` (${listed(criteria)})` : ''}`,
  },
  generate: generateCompareOptions,
  plan: planCompareOptions,
  tools: (instance) => ({
    [DRAFT_TOOL]: draftTool(),
    [COMMUNICATE_TOOL]: communicateTool(Array.from({ length: instance.peers }, (_, p) => peerId(p))),
  }),
  grade: async (instance, plan, answers) => gradeCompare(instance, plan, answers),
  teamAnswer: (instance, plan, answers) =>
    plan.mode === 'peers' ? voteText(instance.request, teamAnswer(instance, plan, answers)) : undefined,
  ownTools: [DRAFT_TOOL, COMMUNICATE_TOOL],
  formations: ['single', 'swarm', 'peers'],
};
