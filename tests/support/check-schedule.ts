import type { TaskGraph } from '../../src/core/graph/types';

/** One attempt at a task, as a scheduler reports it. Times are in steps; [start, finish) is half-open. */
export interface ScheduleEntry {
  readonly task: string;
  readonly worker: string;
  readonly start: number;
  readonly finish: number;
  readonly attempt: number;
}

/**
 * An independent check of a schedule against a graph and a worker count. It shares no code with
 * any scheduler on purpose: it only reads the graph's ids, costs and dependencies. Returns one
 * message per violation; an empty list means the schedule is valid.
 *
 * Rules:
 * - every entry names a known task, with finite times, start ≥ 0, and a whole attempt number ≥ 1;
 * - every task has attempts 1..k, each once; the last one is taken as the successful one, the
 *   earlier ones as failed, and each attempt starts no earlier than the previous one finished;
 * - finish − start equals the task's steps, for every attempt;
 * - no attempt starts before every dependency's final attempt has finished;
 * - at no instant do more than `workers` attempts run at once, and no worker runs two at once.
 *   Intervals are half-open, so an attempt may start the instant another finishes, and a
 *   zero-length attempt occupies nothing.
 */
export function checkSchedule(
  graph: TaskGraph,
  workers: number,
  schedule: readonly ScheduleEntry[],
): string[] {
  const problems: string[] = [];
  const known = new Map<string, number>();
  graph.tasks.forEach((task, i) => {
    known.set(task.id, i);
  });
  const attemptsOf = new Map<string, ScheduleEntry[]>();

  for (const entry of schedule) {
    const where = `task "${entry.task}" attempt ${entry.attempt}`;
    const i = known.get(entry.task);
    if (i === undefined) {
      problems.push(`${where}: no such task in the graph`);
      continue;
    }
    if (!Number.isFinite(entry.start) || !Number.isFinite(entry.finish)) {
      problems.push(`${where}: start and finish must be finite numbers`);
      continue;
    }
    if (entry.start < 0) problems.push(`${where}: starts at ${entry.start}, before time 0`);
    if (!Number.isInteger(entry.attempt) || entry.attempt < 1) {
      problems.push(`${where}: attempt must be a whole number ≥ 1`);
    }
    const steps = graph.tasks[i]?.steps ?? 0;
    if (entry.finish - entry.start !== steps) {
      problems.push(
        `${where}: runs ${entry.finish - entry.start} steps (${entry.start} to ${entry.finish}), but the task costs ${steps}`,
      );
    }
    const list = attemptsOf.get(entry.task) ?? [];
    list.push(entry);
    attemptsOf.set(entry.task, list);
  }

  // Attempts per task: 1..k, each once, one after the other; the last one is the final one.
  const finalFinish = new Map<string, number>();
  for (const task of graph.tasks) {
    const list = attemptsOf.get(task.id);
    if (!list || list.length === 0) {
      problems.push(`task "${task.id}" never runs`);
      continue;
    }
    const sorted = [...list].sort((a, b) => a.attempt - b.attempt);
    if (sorted.some((entry, k) => entry.attempt !== k + 1)) {
      problems.push(
        `task "${task.id}": attempts are ${sorted.map((e) => e.attempt).join(', ')}; expected 1 to ${sorted.length}, each once`,
      );
    }
    for (let k = 1; k < sorted.length; k++) {
      const before = sorted[k - 1] as ScheduleEntry;
      const entry = sorted[k] as ScheduleEntry;
      if (entry.start < before.finish) {
        problems.push(
          `task "${task.id}": attempt ${entry.attempt} starts at ${entry.start}, before attempt ${before.attempt} finished at ${before.finish}`,
        );
      }
    }
    const last = sorted[sorted.length - 1] as ScheduleEntry;
    finalFinish.set(task.id, last.finish);
  }

  // Dependencies: every attempt waits for the final attempt of every dependency.
  for (const entry of schedule) {
    const i = known.get(entry.task);
    if (i === undefined) continue;
    for (const dep of graph.tasks[i]?.deps ?? []) {
      const done = finalFinish.get(dep);
      if (done !== undefined && entry.start < done) {
        problems.push(
          `task "${entry.task}" attempt ${entry.attempt} starts at ${entry.start}, before its dependency "${dep}" finished at ${done}`,
        );
      }
    }
  }

  // Capacity and workers: sweep the start and finish instants of attempts of positive length.
  // At equal times finishes come first, which makes the intervals half-open.
  const busy = schedule.filter(
    (e) => known.has(e.task) && Number.isFinite(e.start) && Number.isFinite(e.finish) && e.finish > e.start,
  );
  const events: { time: number; delta: 1 | -1; entry: ScheduleEntry }[] = [];
  for (const entry of busy) {
    events.push({ time: entry.start, delta: 1, entry });
    events.push({ time: entry.finish, delta: -1, entry });
  }
  events.sort((a, b) => a.time - b.time || a.delta - b.delta);
  let running = 0;
  let overloaded = false; // one report per stretch of overload
  const onWorker = new Map<string, Set<ScheduleEntry>>();
  for (const { time, delta, entry } of events) {
    const here = onWorker.get(entry.worker) ?? new Set<ScheduleEntry>();
    onWorker.set(entry.worker, here);
    if (delta === -1) {
      running--;
      if (running <= workers) overloaded = false;
      here.delete(entry);
      continue;
    }
    running++;
    if (running > workers && !overloaded) {
      problems.push(`${running} attempts run at once at time ${time}, but there are only ${workers} workers`);
      overloaded = true;
    }
    for (const other of here) {
      problems.push(
        `worker "${entry.worker}" starts task "${entry.task}" attempt ${entry.attempt} at ${entry.start} while it runs task "${other.task}" attempt ${other.attempt} until ${other.finish}`,
      );
    }
    here.add(entry);
  }
  return problems;
}
