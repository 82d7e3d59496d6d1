/**
 * The learned orchestrator's action, factorised into three small choices made together at each
 * decision: how wide to go now (a share of the tasks that could start), which frozen profile the
 * subagents use, and whether to go on or finish. Retries are left to the run's retry policy.
 * The factorisation keeps each head a handful of options (5 + 3 + 2 instead of 30 joint arms), so
 * a linear-softmax head per choice learns from few episodes.
 */
import type { Action, RunView } from '../policy/types';
import { PROFILE_NAMES } from '../scenarios/profiles';

/**
 * `one`…`all` launch that share of the launchable tasks (at least one). `all+spares` launches all
 * and spawns as many idle subagents again: instantiation without decomposition, the spurious
 * parallelism PARL's r_finish exists to punish (docs/learning.md).
 */
export const WIDTHS = ['one', 'quarter', 'half', 'all', 'all+spares'] as const;
/** The profile head chooses among the frozen profiles. */
export const PROFILES = PROFILE_NAMES;
export const CONTROLS = ['go', 'finish'] as const;

export type Width = (typeof WIDTHS)[number];
export type Control = (typeof CONTROLS)[number];

/** One decision: an index into each head's options. */
export interface Choice {
  readonly width: number;
  readonly profile: number;
  readonly control: number;
}

/** Tasks that could start now: ready, with a free concurrency slot. */
export const launchable = (view: RunView): number => Math.min(view.readyCount, view.freeSlots);

export function widthCount(width: Width, k: number): number {
  if (k <= 0) return 0;
  switch (width) {
    case 'one':
      return 1;
    case 'quarter':
      return Math.ceil(k / 4);
    case 'half':
      return Math.ceil(k / 2);
    default:
      return k;
  }
}

/**
 * The runtime actions a choice stands for: the top `count` ready tasks go to idle subagents of the
 * chosen profile, new ones are spawned for the rest (idle subagents of other profiles fill in when
 * the subagent budget is spent).
 */
export function toActions(view: RunView, choice: Choice): Action[] {
  if (CONTROLS[choice.control] === 'finish') return [{ type: 'finish' }];
  const width = WIDTHS[choice.width] as Width;
  const profile = PROFILES[choice.profile] as string;
  const count = widthCount(width, launchable(view));
  if (count === 0) return [];
  const tasks = view.topReady(count);
  const workers = view.idleSubagents(tasks.length, profile);
  let room = view.config.budgets.maxConcurrentSubagents - view.subagentCount;
  const actions: Action[] = [];
  let missing = tasks.length - workers.length;
  if (missing > room) {
    const taken = new Set(workers);
    for (const id of view.idleSubagents(view.idleCount)) {
      if (missing <= room) break;
      if (!taken.has(id)) {
        workers.push(id);
        missing--;
      }
    }
  }
  const spawned = Math.min(missing, room);
  if (spawned > 0) {
    actions.push({ type: 'spawn', count: spawned, profile });
    workers.push(...view.nextSubagentIds(spawned));
    room -= spawned;
  }
  const n = Math.min(tasks.length, workers.length);
  for (let i = 0; i < n; i++) {
    actions.push({ type: 'assign', subagent: workers[i] as string, task: tasks[i] as string });
  }
  if (width === 'all+spares') {
    const spares = Math.min(n, room);
    if (spares > 0) actions.push({ type: 'spawn', count: spares, profile });
  }
  return actions;
}
