/**
 * The learned orchestrator's action, factorised into five small choices made together at each
 * decision: how wide to go now (a share of the tasks that could start), which frozen profile the
 * subagents use, whether to go on or finish, what the wave's failed tasks do next (retry,
 * escalate, degrade), and whether the wave's spare replicas run and vote or are dropped. The
 * factorisation keeps each head a handful of options (5 + 3 + 2 + 3 + 2 instead of 180 joint
 * arms), so a linear-softmax head per choice learns from few episodes.
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
/**
 * What happens to the tasks of a wave whose last attempt failed: `retry` them on the profile that
 * failed, `escalate` them one profile up (large stays large), or `degrade`: give them up and go on
 * without those parts (the run's answer lacks them). Fresh tasks take the profile head's choice.
 */
export const RETRIES = ['retry', 'escalate', 'degrade'] as const;

/**
 * What the wave's spare replicas do (a swarm cut into replicas that vote, scenarios/cut.ts): `run`
 * them, so their part's answer is a vote, or `drop` them (the runtime's `give_up`), so the part
 * goes on with the replicas already run: a vote's price is paid only where it is worth it.
 */
export const VOTES = ['run', 'drop'] as const;

export type Width = (typeof WIDTHS)[number];
export type Control = (typeof CONTROLS)[number];
export type RetryChoice = (typeof RETRIES)[number];

/** One decision: an index into each head's options. */
export interface Choice {
  readonly width: number;
  readonly profile: number;
  readonly control: number;
  /** An index into RETRIES, for the wave's failed tasks. @default retry */
  readonly retry?: number;
  /** An index into VOTES, for the wave's spare replicas. @default run */
  readonly vote?: number;
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

/** The profile a failed task's next attempt runs on, or undefined when it is given up. */
export function retryProfile(failed: string, retry: RetryChoice): string | undefined {
  if (retry === 'degrade') return undefined;
  if (retry === 'retry') return failed;
  const k = PROFILES.indexOf(failed as (typeof PROFILES)[number]);
  return k < 0 ? failed : PROFILES[Math.min(PROFILES.length - 1, k + 1)];
}

/** Whether any of the tasks a choice of this width would launch now waits for a retry. */
export function waveHasRetries(view: RunView, width: Width): boolean {
  const tasks = view.topReady(widthCount(width, launchable(view)));
  return tasks.some((t) => view.failedProfile(t) !== undefined);
}

/** Whether any of the tasks a choice of this width would launch now is a spare replica. */
export function waveHasSpares(view: RunView, width: Width): boolean {
  const tasks = view.topReady(widthCount(width, launchable(view)));
  return tasks.some((t) => view.spareReplica(t));
}

/**
 * The runtime actions a choice stands for: the top `count` ready tasks go to idle subagents of the
 * chosen profile (a failed task's to the profile its retry choice names, or it is given up), new
 * ones are spawned for the rest (idle subagents of other profiles fill in when the subagent budget
 * is spent).
 */
export function toActions(
  view: RunView,
  choice: Choice,
  /** A retry choice per failed task (the cascade's), in place of the choice's one for the wave. */
  retryFor?: (task: string, failed: string) => RetryChoice,
): Action[] {
  if (CONTROLS[choice.control] === 'finish') return [{ type: 'finish' }];
  const width = WIDTHS[choice.width] as Width;
  const profile = PROFILES[choice.profile] as string;
  const retry = RETRIES[choice.retry ?? 0] as RetryChoice;
  const drop = VOTES[choice.vote ?? 0] === 'drop';
  const count = widthCount(width, launchable(view));
  if (count === 0) return [];
  const actions: Action[] = [];
  const byProfile = new Map<string, string[]>();
  // A dropped spare takes no place in the wave: the wave still starts `count` tasks that run, so
  // a wave whose first tasks are all spares does not start nothing and stall the run.
  let placed = 0;
  for (const task of view.topReady(drop ? view.readyCount : count)) {
    if (placed >= count) break;
    if (drop && view.spareReplica(task)) {
      actions.push({ type: 'give_up', task });
      continue;
    }
    placed++;
    const failed = view.failedProfile(task);
    const target =
      failed === undefined ? profile : retryProfile(failed, retryFor ? retryFor(task, failed) : retry);
    if (target === undefined) {
      actions.push({ type: 'give_up', task });
      continue;
    }
    const list = byProfile.get(target);
    if (list) list.push(task);
    else byProfile.set(target, [task]);
  }
  // The chosen profile's group first: with no retries this is the one group, as before.
  const groups = [...byProfile].sort(([a], [b]) => (a === profile ? -1 : b === profile ? 1 : 0));
  const taken = new Set<string>();
  let launched = 0;
  let spawnedBefore = 0;
  let room = view.config.budgets.maxConcurrentSubagents - view.subagentCount;
  for (const [target, tasks] of groups) {
    const workers = view.idleSubagents(view.idleCount, target).filter((id) => !taken.has(id));
    workers.length = Math.min(workers.length, tasks.length);
    let missing = tasks.length - workers.length;
    if (missing > room) {
      for (const id of view.idleSubagents(view.idleCount)) {
        if (missing <= room) break;
        if (!taken.has(id) && !workers.includes(id)) {
          workers.push(id);
          missing--;
        }
      }
    }
    const spawned = Math.min(missing, room);
    if (spawned > 0) {
      actions.push({ type: 'spawn', count: spawned, profile: target });
      // Ids follow the spawns of the groups before this one in the same decision.
      workers.push(...view.nextSubagentIds(spawnedBefore + spawned).slice(spawnedBefore));
      spawnedBefore += spawned;
      room -= spawned;
    }
    const n = Math.min(tasks.length, workers.length);
    for (let i = 0; i < n; i++) {
      taken.add(workers[i] as string);
      actions.push({ type: 'assign', subagent: workers[i] as string, task: tasks[i] as string });
    }
    launched += n;
  }
  if (width === 'all+spares') {
    const spares = Math.min(launched, room);
    if (spares > 0) actions.push({ type: 'spawn', count: spares, profile });
  }
  return actions;
}
