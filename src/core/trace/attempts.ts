import type { TraceEvent } from './events';

/**
 * The one fold of a trace into task attempts and task states. The schedule, the Chrome-trace
 * export and the page's replay all read a run through it, so an attempt means the same thing in
 * each. It takes events one at a time: a live run is one pass.
 */

export type TaskState =
  | 'waiting'
  | 'ready'
  | 'running'
  | 'done'
  | 'failed'
  | 'skipped'
  | 'cancelled'
  | 'degraded';

/** One attempt at a task, from its `task.started` to the event that ended it. */
export interface TaskAttempt {
  readonly task: string;
  readonly subagent: string;
  readonly attempt: number;
  readonly start: number;
  /** Undefined while the attempt runs. */
  readonly end: number | undefined;
  readonly outcome: 'running' | 'finished' | 'failed' | 'cancelled';
  /** The failure's message, for a failed attempt. */
  readonly error?: string;
}

type AttemptStart = Extract<TraceEvent, { type: 'task.started' }>;
export type AttemptEnd = Extract<TraceEvent, { type: 'task.finished' | 'task.failed' | 'task.cancelled' }>;

export class AttemptFold {
  /** The graph's tasks and their dependencies, from `run.started`, in its order. */
  readonly deps = new Map<string, readonly string[]>();
  readonly states = new Map<string, TaskState>();
  /** Every attempt, in the order it started; an attempt is replaced by a new record when it ends. */
  readonly attempts: TaskAttempt[] = [];
  /** The events that started and ended each attempt (same index), for readers that want more. */
  readonly starts: AttemptStart[] = [];
  readonly ends: (AttemptEnd | undefined)[] = [];
  /** Index in `attempts` of each running attempt, by `task#attempt`. */
  private readonly open = new Map<string, number>();
  private dependents: Map<string, string[]> | undefined;

  /** Folds one event in; true when it ended a running attempt. */
  push(e: TraceEvent): boolean {
    switch (e.type) {
      case 'run.started':
        for (const task of e.tasks) {
          this.deps.set(task.id, task.deps);
          // A task without dependencies is ready as the run starts, in any version's trace.
          this.states.set(task.id, task.deps.length === 0 ? 'ready' : 'waiting');
        }
        break;
      case 'task.ready':
        this.states.set(e.task, 'ready');
        break;
      case 'task.started':
        this.states.set(e.task, 'running');
        this.open.set(`${e.task}#${e.attempt}`, this.attempts.length);
        this.attempts.push({
          task: e.task,
          subagent: e.subagent,
          attempt: e.attempt,
          start: e.t,
          end: undefined,
          outcome: 'running',
        });
        this.starts.push(e);
        this.ends.push(undefined);
        break;
      case 'task.finished': {
        const closed = this.close(e, 'finished');
        this.settle(e.task, 'done');
        return closed;
      }
      case 'task.failed':
        // A failure that is retried leaves the task waiting for its next attempt.
        this.states.set(e.task, e.final ? 'failed' : 'waiting');
        return this.close(e, 'failed', e.error);
      case 'task.retried':
        this.states.set(e.task, 'waiting');
        break;
      case 'task.degraded':
        this.settle(e.task, 'degraded');
        break;
      case 'task.skipped':
        this.states.set(e.task, 'skipped');
        break;
      case 'task.cancelled':
        this.states.set(e.task, 'cancelled');
        return e.attempt !== undefined && this.close(e, 'cancelled');
      default:
        break;
    }
    return false;
  }

  private close(e: AttemptEnd, outcome: TaskAttempt['outcome'], error?: string): boolean {
    const key = `${e.task}#${e.attempt}`;
    const at = this.open.get(key);
    if (at === undefined) return false;
    this.open.delete(key);
    const a = this.attempts[at] as TaskAttempt;
    this.attempts[at] = { ...a, end: e.t, outcome, ...(error !== undefined ? { error } : {}) };
    this.ends[at] = e;
    return true;
  }

  /**
   * A task ended well: its dependents whose dependencies all did are ready from this event on.
   * Traces of older versions have no `task.ready`, so this is their only readiness; newer ones
   * record it one event later, and a scrub point at the task's end shows what the end freed.
   */
  private settle(task: string, state: TaskState): void {
    this.states.set(task, state);
    for (const next of this.dependentsOf(task)) {
      if (this.states.get(next) !== 'waiting') continue;
      const deps = this.deps.get(next) ?? [];
      if (
        deps.every((d) => {
          const st = this.states.get(d);
          return st === 'done' || st === 'degraded';
        })
      )
        this.states.set(next, 'ready');
    }
  }

  private dependentsOf(task: string): readonly string[] {
    if (!this.dependents) {
      const dependents = new Map<string, string[]>();
      for (const [id, deps] of this.deps) {
        for (const d of new Set(deps)) {
          const list = dependents.get(d);
          if (list) list.push(id);
          else dependents.set(d, [id]);
        }
      }
      this.dependents = dependents;
    }
    return this.dependents.get(task) ?? [];
  }
}

/** Folds a whole trace (or its events up to seq `upTo`). */
export function foldAttempts(events: Iterable<TraceEvent>, upTo = Number.POSITIVE_INFINITY): AttemptFold {
  const fold = new AttemptFold();
  for (const e of events) {
    if (e.seq > upTo) break;
    fold.push(e);
  }
  return fold;
}
