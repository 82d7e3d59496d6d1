/**
 * The `mixed-coding` scenario kind: k small functions with unit tests, some built on others,
 * graded pass@1 on hidden tests (docs/metrics.md).
 */

import mixedCodingFile from '../../../../scenarios/mixed-coding.json';
import type { ToolRegistry } from '../../agents/tools';
import { worldTools } from '../../tools/registry';
import type { ScenarioKind, ScenarioPorts } from '../types';
import { generateMixedCoding } from './generate';
import { gradeMixedCoding } from './grade';
import type { MixedCodingInstance } from './instance';
import { codingModule, moduleAnswer } from './module';
import { planMixedCoding } from './plan';
import type { MixedCodingSpec } from './spec';
import { mixedCodingSchema } from './spec';

export { MAX_FUNCTIONS, MIN_FUNCTIONS } from './generate';
export { type FunctionVerdict, judgeFunctions } from './grade';
export type { CodingFunction, MixedCodingInstance } from './instance';
export { LIBRARY, type LibraryFunction } from './library';
export { type CodingModule, codingModule } from './module';
export { CODING_KIND, type CodingDescriptor, SINGLE_TASK_ID } from './plan';
// Its player is not re-exported: players load where a simulated model runs (players.ts), not with the page.

/**
 * `run_js` (when there is a sandbox) and `calculator`, from the shared registry over an empty
 * world, so the result text the player parses has one definition.
 */
export function codingTools(instance: MixedCodingInstance, ports: ScenarioPorts): ToolRegistry {
  const all = worldTools(
    { seed: instance.seed, entities: [], documents: [] },
    { ...(ports.sandbox ? { sandbox: ports.sandbox } : {}), runJsTimeoutMs: instance.timeoutMs },
  );
  const { calculator, run_js } = all;
  return { ...(calculator ? { calculator } : {}), ...(run_js ? { run_js } : {}) };
}

export const mixedCoding: ScenarioKind<MixedCodingSpec, MixedCodingInstance> = {
  kind: 'mixed-coding',
  players: () => import('./player').then((m) => m.players),
  file: mixedCodingFile,
  roles: {
    manager: 'TechLead',
    workers: ['Programmer', 'Integrator'],
    single: 'Programmer',
    peers: ['Programmer A', 'Programmer B', 'Reviewer'],
  },
  schema: mixedCodingSchema,
  unit: 'functions',
  simulatedMsPerUnit: 2.1,
  quality: { name: 'pass@1', how: () => 'share of functions passing their hidden tests' },
  needs: () => ({ sandbox: true }),
  generate: generateMixedCoding,
  plan: planMixedCoding,
  tools: codingTools,
  grade: gradeMixedCoding,
  // The merged module, which is also what the grader runs; with no code in any answer, the answers
  // as they are (final-answer.ts) say what went wrong.
  teamAnswer: (instance, plan, answers) => moduleAnswer(codingModule(instance, plan, answers)),
};
