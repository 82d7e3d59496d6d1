/**
 * The subagent pool port: where attempts run. Three adapters implement it — the in-thread pool
 * (Node, the CLI, tests), the Comlink Web Worker pool (the browser, one worker per subagent slot)
 * and the BullMQ pool (the CLI's `--redis`: each attempt a job for a worker on another machine) —
 * and all three pass one contract suite (tests/support/pool-contract.ts).
 *
 * The contract, beyond `AsyncExecutor`:
 * - at most `capacity` attempts run at once; more wait their turn in arrival order;
 * - an attempt whose subagent crashes (throws, or its worker dies) or hangs (no answer within
 *   `hangMs`) never rejects: it ends as a failed, retryable outcome whose error starts with
 *   `worker crashed:` or `worker hung:`, so the runtime retries it per its retry policy and the
 *   retry is in the trace; the dead subagent is replaced before the next attempt;
 * - an aborted signal ends a waiting or running attempt as a failed outcome at once;
 * - `close()` stops every subagent; `run` after it rejects.
 */

import type { AsyncExecutor, AttemptOutcome, AttemptRequest } from './ports';

export interface PoolStats {
  /** Subagents alive now (workers started and not terminated). */
  readonly alive: number;
  /** Attempts running now. */
  readonly busy: number;
  /** Attempts waiting for a free subagent. */
  readonly queued: number;
  /** Attempts finished (in any way) so far. */
  readonly completed: number;
  /** Subagents started so far, replacements included. */
  readonly started: number;
  readonly crashes: number;
  readonly hangs: number;
}

export interface SubagentPool extends AsyncExecutor {
  /** The most attempts that run at once: the run's maxConcurrentSubagents. */
  readonly capacity: number;
  /** Starts subagents ahead of need (up to `count`, default the capacity); resolves when they are ready. */
  warm(count?: number): Promise<void>;
  run(request: AttemptRequest, signal?: AbortSignal): Promise<AttemptOutcome>;
  stats(): PoolStats;
  close(): Promise<void>;
}

/** The outcome a pool reports for an attempt its subagent could not finish. */
export function lostAttempt(kind: 'crashed' | 'hung' | 'aborted', detail: string): AttemptOutcome {
  return {
    steps: 1,
    ok: false,
    error: kind === 'aborted' ? `aborted: ${detail}` : `worker ${kind}: ${detail}`,
    retryable: kind !== 'aborted',
    usage: {
      steps: 1,
      toolCalls: 0,
      'gen_ai.usage.input_tokens': 0,
      'gen_ai.usage.output_tokens': 0,
    },
  };
}
