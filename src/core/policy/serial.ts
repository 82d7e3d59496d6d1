import { fillSlots } from './list-scheduling';
import type { Policy } from './types';

/**
 * The single-agent baseline: one subagent does every task, one at a time, in priority order
 * (bottom level, so a task never waits on work that could have been done first). On a task
 * scenario there is one task: the whole job, in one agent's context.
 */
export const serialPolicy: Policy = {
  name: 'serial',
  plan: 'single',
  prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
  decide: (view) => (view.runningCount > 0 ? [] : fillSlots(view, 1, view.config.defaultProfile)),
};
