/**
 * The subagent worker's wire protocol, imported by both sides: the page wraps a worker with
 * Comlink as a `SubagentApi` (src/adapters/browser/worker-pool.ts), the worker exposes one
 * (src/adapters/browser/subagent-host.ts through workers/subagent.worker.ts). Each method's argument and
 * answer are typed together here; everything crossing is structured-cloneable plain data.
 *
 *   page → worker   init(setup, provider)   once, when the worker is warmed; resolves when ready
 *   page → worker   run(request, progress?) one attempt at a time; resolves with its outcome,
 *                                           calling `progress` (a Comlink proxy) each turn
 *   page → worker   abort()                 cancels the running attempt's AbortSignal
 *   page → worker   rest()                  the run is over: lets go of what it opened, so the
 *                                           worker can be kept and init'ed for another run
 *
 * An AbortSignal cannot be cloned, so cancelling is its own call. A worker that dies or never
 * answers leaves its call pending forever: the pool, not Comlink, detects crashes and hangs.
 */

import type { SubagentSetup } from '../../core/run/subagent-setup';
import type { AttemptOutcome, AttemptProgress, AttemptRequest } from '../../core/runtime/ports';
import type { SIMULATED } from '../../core/trace/simulated-id';

/**
 * The seeded simulated provider, each reply taking its latency-model time at `paceMs` real
 * milliseconds per second of model time (0: no wait).
 */
export interface SimulatedProviderSetup {
  readonly kind: typeof SIMULATED;
  readonly paceMs: number;
}

/**
 * Which provider a worker builds for its subagent, as plain data: a provider object holds
 * functions and cannot cross. One variant per provider kind, told apart by `kind`.
 */
export type ProviderSetup = SimulatedProviderSetup;

/** What a subagent worker exposes over Comlink. */
export interface SubagentApi {
  /** Rebuilds the subagent from plain data; resolves when it can run attempts. */
  init(setup: SubagentSetup, provider: ProviderSetup): Promise<void>;
  /**
   * Runs one attempt; rejects only on a bug (the pool counts it as a crash). `progress` hears how
   * far it has got after each turn and tool call (the request's own `progress` cannot be cloned).
   */
  run(
    request: Omit<AttemptRequest, 'progress'>,
    progress?: (progress: AttemptProgress) => void,
  ): Promise<AttemptOutcome>;
  /** Aborts the running attempt, which then ends as `aborted`. */
  abort(): void;
  /** Forgets the run: closes the knowledge base it opened and drops its subagent. */
  rest(): void;
}
