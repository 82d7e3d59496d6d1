/**
 * Runs `task` once after `ms` milliseconds; the returned function cancels it. Timers are a port:
 * the core reads no clock, so the adapters pass setTimeout in (adapters/common/timeout-scheduler) and
 * tests a scheduler they fire by hand.
 */
export type Scheduler = (task: () => void, ms: number) => () => void;
