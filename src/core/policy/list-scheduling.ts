import type { Action, Policy, RunView } from './types';

/**
 * The shared body of list scheduling: give the best `slots` ready tasks to idle subagents,
 * spawning subagents for the rest.
 */
export function fillSlots(view: RunView, slots: number, profile: string): Action[] {
  if (slots <= 0 || view.readyCount === 0) return [];
  const tasks = view.topReady(slots);
  if (tasks.length === 0) return [];
  const actions: Action[] = [];
  let workers = view.idleSubagents(tasks.length);
  const missing = tasks.length - workers.length;
  if (missing > 0) {
    actions.push({ type: 'spawn', count: missing, profile });
    workers = workers.concat(view.nextSubagentIds(missing));
  }
  for (let i = 0; i < tasks.length; i++) {
    actions.push({ type: 'assign', subagent: workers[i] as string, task: tasks[i] as string });
  }
  return actions;
}

/**
 * What tells the list-scheduling policies apart: their names, under which traces, bench reports
 * and docs record results. `plan` changes nothing today; it spells out what a policy is for.
 */
export interface ListSchedulingConfig {
  readonly name: string;
  /** How a task scenario is split (`Policy.plan`); left out, the runtime's default, `swarm`. */
  readonly plan?: Policy['plan'];
}

/**
 * List scheduling by bottom level (HLFET, Adam, Chandy & Dickson 1974): whenever subagents are
 * free, start the ready tasks with the longest remaining path to the end of the graph, ties by
 * id, on idle subagents first (so a chain reuses one subagent instead of spawning one per link),
 * spawning the rest on the run's default profile.
 */
export function listSchedulingPolicy(config: ListSchedulingConfig): Policy {
  return {
    name: config.name,
    ...(config.plan === undefined ? {} : { plan: config.plan }),
    prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
    decide: (view) => fillSlots(view, view.freeSlots, view.config.defaultProfile),
  };
}
