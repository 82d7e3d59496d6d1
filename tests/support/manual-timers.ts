import type { Scheduler } from '../../src/core/trace/scheduler';

/** A scheduler the test fires by hand. */
export function manualTimers() {
  const due: { task: () => void; ms: number }[] = [];
  const schedule: Scheduler = (task, ms) => {
    const entry = { task, ms };
    due.push(entry);
    return () => {
      due.splice(due.indexOf(entry), 1);
    };
  };
  return {
    schedule,
    due,
    fire() {
      for (const { task } of due.splice(0)) task();
    },
  };
}
