import { fillSlots } from './list-scheduling';
import type { Policy } from './types';

/**
 * The hand-written orchestrator for task scenarios: it takes the scenario's own decomposition
 * (row groups for wide search, hop chains for deep search, dependency order for coding) and runs
 * it by list scheduling on bottom level — every ready subtask starts at once, up to the
 * concurrency budget, on an idle subagent when one exists (so a chain reuses one subagent instead
 * of spawning one per link). Failed subtasks are retried by the run's retry policy.
 */
export const heuristicPolicy: Policy = {
  name: 'heuristic',
  plan: 'swarm',
  prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
  decide: (view) => fillSlots(view, view.freeSlots, view.config.defaultProfile),
};
