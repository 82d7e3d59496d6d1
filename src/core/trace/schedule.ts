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

/** The attempts a trace shows, in the order they started. */
export function scheduleFromEvents(events: Iterable<TraceEvent>): ScheduleEntry[] {
  const started = new Map<string, { worker: string; start: number; order: number }>();
  const entries: (ScheduleEntry & { order: number })[] = [];
  let order = 0;
  for (const e of events) {
    if (e.type === 'task.started') {
      started.set(`${e.task}#${e.attempt}`, { worker: e.subagent, start: e.t, order: order++ });
    } else if (e.type === 'task.finished' || e.type === 'task.failed' || e.type === 'task.cancelled') {
      if (e.attempt === undefined) continue;
      const s = started.get(`${e.task}#${e.attempt}`);
      if (!s) continue;
      started.delete(`${e.task}#${e.attempt}`);
      const outcome =
        e.type === 'task.finished' ? 'finished' : e.type === 'task.failed' ? 'failed' : 'cancelled';
      entries.push({
        task: e.task,
        worker: s.worker,
        start: s.start,
        finish: e.t,
        attempt: e.attempt,
        outcome,
        order: s.order,
      });
    }
  }
  entries.sort((a, b) => a.order - b.order);
  return entries.map(({ order: _, ...entry }) => entry);
}
