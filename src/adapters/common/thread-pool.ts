/**
 * The in-thread subagent pool (Node, the CLI, tests), and the queue it shares with the Web Worker
 * pool: both are `slotPool`s, differing only in what a slot is (an executor call here, a worker
 * there). The contract is in src/core/runtime/pool.ts.
 */

import { lostAttempt, type PoolStats, type SubagentPool } from '../../core/runtime/pool';
import type { AsyncExecutor, AttemptOutcome, AttemptRequest } from '../../core/runtime/ports';

/** One subagent the pool can hand attempts to, one at a time. */
export interface Slot {
  /** Settles once, when the subagent can run attempts; a rejection means it never will. */
  readonly ready: Promise<void>;
  /** A rejection is a crash. */
  run(request: AttemptRequest): Promise<AttemptOutcome>;
  /** Asks the running attempt to stop; it still answers, as `aborted`. */
  abort(): void;
  /** Stops the subagent for good; nothing it says afterwards is heard. */
  terminate(): void;
  /**
   * Instead of `terminate` when the pool closes and this subagent is idle and has never failed:
   * it may be kept for another pool (a Web Worker's start-up is most of a short run's cost).
   */
  keep?(): void;
}

export interface SlotPoolOptions {
  readonly capacity: number;
  /** Makes a slot; `died` reports that it failed on its own (a worker's `error` event). */
  readonly create: (died: (detail: string) => void) => Slot;
  /** No reply within this many ms after an attempt is handed over is a hang. @default no limit */
  readonly hangMs?: number;
  /** A slot not ready within this many ms is given up as hung. @default no limit */
  readonly startupMs?: number;
  /** Wall time in ms, for `startupTimes`. @default performance.now */
  readonly now?: () => number;
}

/** The attempt `kill` ended: what the page names at once ("killed sa-3, running rows-7, attempt 1"). */
export interface KilledAttempt {
  readonly subagent: string;
  readonly taskId: string;
  readonly attempt: number;
}

export interface SlotPool extends SubagentPool {
  /** Ends one running attempt now as if its subagent crashed; undefined when none is running. */
  kill(): KilledAttempt | undefined;
  /** Milliseconds from making each slot to its being ready, in the order they became ready. */
  startupTimes(): readonly number[];
}

interface Job {
  readonly request: AttemptRequest;
  readonly resolve: (outcome: AttemptOutcome) => void;
  settled: boolean;
  detach(): void;
}

interface Held {
  readonly slot: Slot;
  /** Resolves true when ready, false when it was given up first. */
  readonly ready: Promise<boolean>;
  /** Resolves `ready` false, if it has not settled. */
  readonly gone: () => void;
  job: Job | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  started: boolean;
  dead: boolean;
  /** Why it was lost, once it was. */
  loss?: string;
}

export function slotPool(options: SlotPoolOptions): SlotPool {
  const { capacity, create } = options;
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new Error(`a subagent pool needs a whole capacity ≥ 1, got ${capacity}`);
  }
  const now = options.now ?? (() => performance.now());
  const slots = new Set<Held>();
  const idle: Held[] = [];
  const queue: Job[] = [];
  const startups: number[] = [];
  let closed = false;
  let completed = 0;
  let started = 0;
  let crashes = 0;
  let hangs = 0;

  const finish = (job: Job, outcome: AttemptOutcome): void => {
    if (job.settled) return;
    job.settled = true;
    job.detach();
    completed++;
    job.resolve(outcome);
  };

  const lose = (held: Held, kind: 'crashed' | 'hung', detail: string): void => {
    if (held.dead) return;
    held.dead = true;
    held.loss = `worker ${kind}: ${detail}`;
    clearTimeout(held.timer);
    slots.delete(held);
    const at = idle.indexOf(held);
    if (at >= 0) idle.splice(at, 1);
    held.slot.terminate();
    held.gone();
    if (kind === 'crashed') crashes++;
    else hangs++;
    if (held.job) finish(held.job, lostAttempt(kind, detail));
    // A subagent that had started is replaced at once, so the retry finds one warm; one that never
    // started is not, or a setup that cannot start would respawn forever.
    if (held.started && !closed && queue.length === 0) idle.push(spawn());
    pump();
  };

  const spawn = (): Held => {
    started++;
    const t0 = now();
    let settle: (ready: boolean) => void = () => {};
    const held: Held = {
      slot: create((detail) => lose(held, 'crashed', detail)),
      ready: new Promise<boolean>((resolve) => {
        settle = resolve;
      }),
      gone: () => settle(false),
      job: undefined,
      timer: undefined,
      started: false,
      dead: false,
    };
    slots.add(held);
    const limit = options.startupMs;
    if (limit !== undefined) {
      held.timer = setTimeout(() => lose(held, 'hung', `did not start within ${limit} ms`), limit);
    }
    held.slot.ready.then(
      () => {
        if (held.dead) return;
        clearTimeout(held.timer);
        held.started = true;
        startups.push(now() - t0);
        settle(true);
      },
      (error: unknown) => lose(held, 'crashed', `could not start: ${describe(error)}`),
    );
    return held;
  };

  const release = (held: Held): void => {
    held.job = undefined;
    idle.push(held);
    pump();
  };

  const dispatch = async (held: Held, job: Job): Promise<void> => {
    held.job = job;
    if (!(await held.ready) || held.dead) return;
    if (job.settled) {
      // Aborted while its subagent was starting: it never ran.
      release(held);
      return;
    }
    const limit = options.hangMs;
    // A hang is `limit` ms with no word from the subagent: neither its answer nor the progress it
    // tells after each turn and tool call. A long attempt that keeps telling is alive (a single
    // agent's one long task at the watching pace took 90 s and was killed at 30 s as hung).
    const arm = (): void => {
      if (limit === undefined || held.dead) return;
      clearTimeout(held.timer);
      held.timer = setTimeout(() => lose(held, 'hung', `no reply within ${limit} ms`), limit);
    };
    arm();
    const told = job.request.progress;
    const request: AttemptRequest =
      limit === undefined
        ? job.request
        : {
            ...job.request,
            progress: (p) => {
              if (held.job !== job) return;
              arm();
              told?.(p);
            },
          };
    let outcome: AttemptOutcome;
    try {
      outcome = await held.slot.run(request);
    } catch (error) {
      lose(held, 'crashed', describe(error));
      return;
    }
    if (held.dead) return;
    clearTimeout(held.timer);
    finish(job, outcome);
    release(held);
  };

  const pump = (): void => {
    while (queue.length > 0 && !closed) {
      const held = idle.pop() ?? (slots.size < capacity ? spawn() : undefined);
      if (!held) return;
      void dispatch(held, queue.shift() as Job);
    }
  };

  const abort = (job: Job, signal: AbortSignal): void => {
    const outcome = lostAttempt('aborted', describe(signal.reason));
    const at = queue.indexOf(job);
    if (at >= 0) {
      queue.splice(at, 1);
    } else {
      // Running: the subagent is told to stop and keeps its slot until it answers (or hangs).
      for (const held of slots) if (held.job === job) held.slot.abort();
    }
    finish(job, outcome);
  };

  return {
    capacity,

    run(request, signal) {
      if (closed) return Promise.reject(new Error('the subagent pool is closed'));
      return new Promise<AttemptOutcome>((resolve) => {
        const job: Job = {
          // The request as it is now, whoever owns its answers map (the driver's is its own, and
          // holds only the task's dependencies, so the copy stays small).
          request: request.answers ? { ...request, answers: new Map(request.answers) } : request,
          resolve,
          settled: false,
          detach: () => signal?.removeEventListener('abort', onAbort),
        };
        const onAbort = (): void => abort(job, signal as AbortSignal);
        if (signal?.aborted) {
          onAbort();
          return;
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(job);
        pump();
      });
    },

    async warm(count = capacity) {
      if (closed) throw new Error('the subagent pool is closed');
      while (slots.size < Math.min(count, capacity)) idle.push(spawn());
      const pending = [...slots];
      const ready = await Promise.all(pending.map((held) => held.ready));
      if (closed) throw new Error('the subagent pool is closed');
      const lost = pending.find((_, i) => !ready[i]);
      if (lost) throw new Error(`a subagent did not start (${lost.loss})`);
    },

    stats(): PoolStats {
      let busy = 0;
      for (const held of slots) if (held.job) busy++;
      return { alive: slots.size, busy, queued: queue.length, completed, started, crashes, hangs };
    },

    kill() {
      for (const held of slots) {
        const job = held.job;
        if (job && !job.settled) {
          const { subagent, taskId, attempt } = job.request;
          lose(held, 'crashed', 'killed on request');
          return { subagent, taskId, attempt };
        }
      }
      return undefined;
    },

    startupTimes: () => [...startups],

    async close() {
      closed = true;
      for (const job of queue.splice(0)) finish(job, lostAttempt('aborted', 'the subagent pool was closed'));
      for (const held of [...slots]) {
        held.dead = true;
        clearTimeout(held.timer);
        // A lost subagent has left `slots` already: one here that started and holds no attempt is sound.
        if (held.started && !held.job && held.slot.keep) held.slot.keep();
        else held.slot.terminate();
        held.gone();
        if (held.job) finish(held.job, lostAttempt('aborted', 'the subagent pool was closed'));
      }
      slots.clear();
      idle.length = 0;
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error === undefined) return 'no reason given';
  return String(error);
}

export interface ThreadPoolOptions {
  readonly capacity: number;
  /**
   * An attempt with no answer after this many ms ends as hung. The executor cannot be stopped
   * in-thread: it is only told to abort, and its late answer is ignored. @default no limit
   */
  readonly hangMs?: number;
}

/**
 * Runs attempts here, through `executor`, at most `capacity` at once. An executor that throws or
 * rejects is a crashed subagent: the attempt ends as a retryable failure.
 */
export function threadPool(executor: AsyncExecutor, options: ThreadPoolOptions): SubagentPool {
  return slotPool({
    capacity: options.capacity,
    ...(options.hangMs !== undefined ? { hangMs: options.hangMs } : {}),
    create: () => {
      let current: AbortController | undefined;
      const stop = (reason: string): void => current?.abort(new Error(reason));
      return {
        ready: Promise.resolve(),
        // async: a synchronous throw becomes a rejection, so it is counted as a crash too.
        run: async (request) => {
          current = new AbortController();
          return executor.run(request, current.signal);
        },
        abort: () => stop('cancelled by the pool'),
        terminate: () => stop('the subagent was stopped'),
      };
    },
  });
}
