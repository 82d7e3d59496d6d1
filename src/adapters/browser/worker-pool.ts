/**
 * The browser's subagent pool: one Web Worker per concurrent slot, each running the subagent
 * rebuilt from plain data (workers/subagent.worker.ts), driven over Comlink with the protocol of
 * src/adapters/wire/subagent-protocol.ts. The queue, capacity, abort and stats are `slotPool`'s, shared
 * with the in-thread pool; what is particular to workers is how one dies:
 * - it fires `error` (an uncaught exception, a module that fails to load) or a call rejects:
 *   crashed; no reply within `hangMs`: hung. Either way it is terminated, its attempt ends as a
 *   retryable `lostAttempt`, and a replacement is started for the next attempt.
 * With a `shelf`, a worker still idle and sound when its run ends is kept for the next pool:
 * ten workers loading the subagent bundle took 0.3–0.7 s of every run on 2 cores, and a kept
 * one only takes `init` (the run rebuilt from its setup, a few ms).
 */

import * as Comlink from 'comlink';
import type { SubagentSetup } from '../../core/run/subagent-setup';
import { type KilledAttempt, type SlotPool, slotPool } from '../common/thread-pool';
import type { ProviderSetup, SubagentApi } from '../wire/subagent-protocol';

/** What the pool needs of a worker. A real `Worker` fits; tests may pass a MessagePort dressed as one. */
export interface SubagentWorker extends Comlink.Endpoint {
  terminate(): void;
}

export interface WorkerPoolOptions {
  /** The run every subagent serves, sent to each worker once, at start-up. */
  readonly setup: SubagentSetup;
  readonly provider: ProviderSetup;
  /** Workers alive at most, and attempts running at once. */
  readonly capacity: number;
  /**
   * An attempt with no reply after this many ms is hung. Simulated attempts take milliseconds;
   * a real model's attempt of many turns takes longer, so raise it for one. @default 30_000
   */
  readonly hangMs?: number;
  /** A worker that has not loaded and initialised within this many ms is hung. @default 60_000 */
  readonly startupMs?: number;
  /** Workers to start (and initialise) at once, in the background. @default 0 */
  readonly prewarm?: number;
  /** Makes one worker. @default a module Worker on workers/subagent.worker.ts */
  readonly spawn?: () => SubagentWorker;
  /** Where workers idle at the end of a run are kept for the next pool. @default none: all terminated */
  readonly shelf?: WorkerShelf;
}

/** A worker, its Comlink wrap, and whom its death is reported to (the pool holding it, or its shelf). */
export interface HeldWorker {
  readonly worker: SubagentWorker;
  readonly remote: Comlink.Remote<SubagentApi>;
  died: (detail: string) => void;
}

/** Workers kept between runs: at most `max`, each for `keepMs` unused, then terminated. */
export interface WorkerShelf {
  take(): HeldWorker | undefined;
  put(held: HeldWorker): void;
  /** Workers on the shelf now. */
  size(): number;
  /** Terminates every kept worker. */
  clear(): void;
}

export function workerShelf(options: { readonly max?: number; readonly keepMs?: number } = {}): WorkerShelf {
  const max = options.max ?? 10;
  const keepMs = options.keepMs ?? 120_000;
  const kept = new Map<HeldWorker, ReturnType<typeof setTimeout>>();
  const drop = (held: HeldWorker) => {
    clearTimeout(kept.get(held));
    kept.delete(held);
    held.worker.terminate();
  };
  return {
    take() {
      const [held] = kept.keys();
      if (!held) return undefined;
      clearTimeout(kept.get(held));
      kept.delete(held);
      return held;
    },
    put(held) {
      if (kept.size >= max) return held.worker.terminate();
      // A kept worker that fails while it waits is not handed out.
      held.died = () => drop(held);
      kept.set(
        held,
        setTimeout(() => drop(held), keepMs),
      );
    },
    size: () => kept.size,
    clear() {
      for (const held of [...kept.keys()]) drop(held);
    },
  };
}

function hold(worker: SubagentWorker): HeldWorker {
  const held: HeldWorker = { worker, remote: Comlink.wrap<SubagentApi>(worker), died: () => {} };
  worker.addEventListener('error', (event) => {
    event.preventDefault(); // reported as the attempt's error, not as an uncaught one on the page
    held.died((event as Partial<ErrorEvent>).message || 'the worker failed (it may not have loaded)');
  });
  worker.addEventListener('messageerror', () =>
    held.died('the worker sent a message that could not be read'),
  );
  return held;
}

export interface WorkerPool extends SlotPool {
  /**
   * Terminates one busy worker now, as if it crashed: its attempt ends as `worker crashed: killed
   * on request` and is retried. Says which attempt it ended; undefined when no worker is busy.
   * (The playground's chaos button.)
   */
  kill(): KilledAttempt | undefined;
  /** Milliseconds from `new Worker` to a finished `init`, for each worker started so far. */
  startupTimes(): readonly number[];
}

export function workerPool(options: WorkerPoolOptions): WorkerPool {
  const { setup, provider } = options;
  const spawn = options.spawn ?? defaultWorker;
  const pool = slotPool({
    capacity: options.capacity,
    hangMs: options.hangMs ?? 30_000,
    startupMs: options.startupMs ?? 60_000,
    create: (died) => {
      const shelf = options.shelf;
      const held = shelf?.take() ?? hold(spawn());
      held.died = died;
      const { worker, remote } = held;
      return {
        ready: remote.init(setup, provider),
        // A function cannot be cloned to the worker: the attempt's progress comes back through a
        // proxy of it instead (one MessageChannel per attempt, which the worker releases).
        run: ({ progress, ...request }) =>
          remote.run(request, progress ? Comlink.proxy(progress) : undefined),
        abort: () => void remote.abort().catch(() => {}),
        // A terminated worker never answers: its pending Comlink calls stay pending and are dropped.
        terminate: () => worker.terminate(),
        ...(shelf
          ? {
              keep: () => {
                // Messages keep their order: the next pool's `init` comes after this.
                void remote.rest().catch(() => {});
                shelf.put(held);
              },
            }
          : {}),
      };
    },
  });
  if (options.prewarm) pool.warm(options.prewarm).catch(() => {});
  return pool;
}

function defaultWorker(): SubagentWorker {
  // Written out in full so Vite finds the worker and bundles it (in dev and in `vite build`).
  const worker = new Worker(new URL('../../../workers/subagent.worker.ts', import.meta.url), {
    type: 'module',
  });
  // mixed-coding's run_js, in the page's sandbox frame (loaded with the first pool, not the page)
  void import('./sandbox-frame').then((m) => m.offerSandbox(worker));
  return worker;
}
