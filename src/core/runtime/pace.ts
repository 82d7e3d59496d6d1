/**
 * How a simulated run is slowed to a pace people can watch: the one pacing mechanism, used by the
 * simulated model (each turn) and by simulated graph attempts. Core has no timers, so the host
 * passes the waiting in (src/adapters/pace.ts); the CLI and the tests pass no pace and never sleep.
 * Pacing changes wall time only: step-time, and so every deterministic result, is the same.
 */

export interface Pace {
  /** Real milliseconds one simulated step (one LLM turn) takes; 0 runs as fast as it can. */
  readonly msPerStep: number;
  /** Resolves after `ms` of real time, or rejects with the signal's reason as soon as it aborts. */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
}
