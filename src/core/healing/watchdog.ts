/**
 * How long the watchdog waits for a real model's reply (docs/healing.md, "Timing"): it learns the
 * model's own pace. Before the model has answered, the caller's ceiling stands (the reply deadline
 * plus a margin: nothing a sound reply does is flagged before its deadline ends it). Once it has
 * answered a few times, a reply is overdue at ten times its usual time, or three times the longest
 * it has ever taken, never sooner than `floorMs` nor later than the ceiling: a model that is slow
 * but steady is held to its own pace, and one that has gone silent is caught long before its
 * deadline. The simulated model is not timed by a clock at all (monitor.ts).
 */
import { median } from './robust';

export interface WatchdogPace {
  /** The watchdog before the model has a pace, and its latest ever. */
  readonly ceilingMs: number;
  /** The earliest it fires, however fast the model usually is. @default 10_000 */
  readonly floorMs?: number;
}

/** Replies seen before the pace counts (the first of a cold server is often its slowest). */
const LEARNED_AFTER = 3;

/** The watchdog for the next reply, given the wall ms of the replies so far. */
export function watchdogMs(replies: readonly number[], pace: WatchdogPace): number {
  if (replies.length < LEARNED_AFTER) return pace.ceilingMs;
  const longest = replies.reduce((a, b) => Math.max(a, b), 0);
  const learned = Math.max(pace.floorMs ?? 10_000, 10 * median(replies), 3 * longest);
  return Math.min(pace.ceilingMs, learned);
}
