/**
 * How a simulated run is slowed to a pace people can watch: the one pacing mechanism. The model's
 * time comes from the latency model (a reply of n output tokens takes n × `wallMsPerToken` of its
 * profile; an orchestrator decision, one turn of thought; a graph step, one second), and the pace
 * says how many real milliseconds one second of that time takes. The simulated model, paced graph
 * attempts and the driver's decisions all wait through it. Core has no timers, so the host passes
 * the waiting in (src/adapters/common/pace.ts); the CLI and the tests pass no pace and never sleep.
 * Pacing changes wall time only: step-time, and so every deterministic result, is the same.
 */

export interface Pace {
  /** Real milliseconds one second of simulated model time takes: 1000 is real time, 0 no waiting. */
  readonly msPerSecond: number;
  /** Resolves after `ms` of real time, or rejects with the signal's reason as soon as it aborts. */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Step mode (the page's pace "step"): the driver awaits this after each orchestrator decision
   * and before carrying it out, so a run moves one orchestrator step per click. Rejects with the
   * signal's reason as soon as it aborts. Like the waits, it changes wall time only.
   */
  decision?(signal?: AbortSignal): Promise<void>;
}

/** Waits out `modelMs` of simulated model time at this pace (nothing when it rounds to no time). */
export function waitModelTime(
  pace: Pace | undefined,
  modelMs: number,
  signal?: AbortSignal,
): Promise<void> | undefined {
  if (!pace || !(pace.msPerSecond > 0) || !(modelMs > 0)) return undefined;
  return pace.wait((modelMs * pace.msPerSecond) / 1000, signal);
}

/** Model time of one graph step: graph tasks have no tokens, so a step counts as a second. */
export const GRAPH_STEP_MS = 1000;
