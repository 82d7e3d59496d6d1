import type { Scheduler } from '../../core/trace/scheduler';

/** The Scheduler over setTimeout, which the stores' append buffers use outside tests. */
export const timeoutScheduler: Scheduler = (task, ms) => {
  const handle = setTimeout(task, ms);
  return () => clearTimeout(handle);
};
