/**
 * The `compare-options` scenario kind: choose among a few options on weighted criteria. One
 * analyst scores them all; a swarm gives each option a judge and a decider; a decentralized team
 * of peers judges independently, reads the board, reconsiders and votes (plan.ts).
 */

import { COMMUNICATE_TOOL, communicateTool } from '../../tools/communicate';
import { DRAFT_TOOL, draftTool } from '../../tools/draft';
import type { CompareOptionsSpec } from '../spec-types';
import type { ScenarioKind } from '../types';
import { gradeCompare, teamAnswer, voteText } from './grade';
import { type CompareInstance, generateCompareOptions } from './options';
import { peerId, planCompareOptions } from './plan';

export type { CompareInstance, CompareRequest } from './options';

export const compareOptions: ScenarioKind<CompareOptionsSpec, CompareInstance> = {
  kind: 'compare-options',
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
