import type { Action, RunView } from './types';

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
