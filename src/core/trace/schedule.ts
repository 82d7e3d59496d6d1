import { foldAttempts } from './attempts';
import type { TraceEvent } from './events';

/** One attempt as it ran, in step-time (the contract's (docs/architecture.md) `schedule` entries). */
export interface ScheduleEntry {
  readonly task: string;
  readonly worker: string;
  readonly start: number;
  readonly finish: number;
  readonly attempt: number;
  readonly outcome: 'finished' | 'failed' | 'cancelled';
}

/** The attempts a trace shows ended, in the order they started. */
export function scheduleFromEvents(events: Iterable<TraceEvent>): ScheduleEntry[] {
  const entries: ScheduleEntry[] = [];
  for (const a of foldAttempts(events).attempts) {
    if (a.outcome === 'running' || a.end === undefined) continue;
    entries.push({
      task: a.task,
      worker: a.subagent,
      start: a.start,
      finish: a.end,
      attempt: a.attempt,
      outcome: a.outcome,
    });
  }
  return entries;
}
