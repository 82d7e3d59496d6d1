import { fillSlots } from './list-scheduling';
import type { Policy } from './types';

/**
 * List scheduling by bottom level (HLFET, Adam, Chandy & Dickson 1974): whenever subagents are
 * free, start the ready tasks with the longest remaining path to the end of the graph, ties by
 * id. On random graphs it lands within a few percent of optimal (Kwok & Ahmad 1999).
 */
export const criticalPathPolicy: Policy = {
  name: 'critical-path',
  prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
  decide: (view) => fillSlots(view, view.freeSlots, view.config.defaultProfile),
};
