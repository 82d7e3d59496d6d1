/**
 * The `deep-search` scenario kind: multi-hop questions over the offline world (BrowseComp-style),
 * 2–6 hops each; one agent follows every chain, or a swarm runs one chain of hop tasks per question.
 */

import deepSearchFile from '../../../../scenarios/deep-search.json';
import { worldTools } from '../../tools/registry';
import { majority, plainKey } from '../cut';
import type { ScenarioKind } from '../types';
import { type DeepSearchInstance, generateDeepSearch } from './generate';
import { deepSearchAnswer, gradeDeepSearch } from './grade';
import { planDeepSearch } from './plan';
import type { DeepSearchSpec } from './spec';
import { deepSearchSchema } from './spec';

export type { ChainEntity, DeepQuestion, DeepSearchInstance } from './generate';
export { MAX_HOPS, MIN_HOPS } from './generate';
export type { ChainDescriptor, HopDescriptor } from './plan';
export { hopTaskId, SOLVE_TASK, STEPS_PER_HOP } from './plan';
export type { Relation } from './relations';

export const deepSearch: ScenarioKind<DeepSearchSpec, DeepSearchInstance> = {
  kind: 'deep-search',
  players: () => import('./player').then((m) => m.players),
  file: deepSearchFile,
  roles: {
    manager: 'Investigator',
    workers: ['Researcher', 'Synthesizer'],
    single: 'Investigator',
    peers: ['Researcher A', 'Researcher B', 'Researcher C'],
  },
  schema: deepSearchSchema,
  unit: 'hops',
  simulatedMsPerUnit: 4.3,
  quality: { name: 'exact match', how: () => 'share of questions answered exactly' },
  generate: generateDeepSearch,
  plan: planDeepSearch,
  // A hop's answer is one name: its replicas vote for the name most of them read. Its units (hops)
  // are not cut into shards: a question's hops are a chain, one after another whatever the cut.
  cuts: { vote: { votes: () => true, vote: (answers) => majority(answers, plainKey) } },
  tools: (instance) => worldTools(instance.world),
  grade: async (instance, plan, answers) => gradeDeepSearch(instance, plan, answers),
  // Nothing came through: the answers as they are (final-answer.ts) say what went wrong.
  teamAnswer: deepSearchAnswer,
};
