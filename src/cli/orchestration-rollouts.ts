/**
 * Rollout threads for `swarm orchestration train --rollout-workers N`: this thread and N − 1
 * worker threads (orchestration-rollout-worker.ts) run one loop over shared memory
 * (orchestration-shared.ts): they share each batch's chunks of episodes, and whichever finishes a
 * batch's last chunk sums the chunks in chunk order and takes the step. The additions are those of
 * one thread (train.ts), so the weights are the same bit for bit, whoever played what. Until a
 * worker has loaded, the others play its share.
 *
 * The worker runs from one file esbuild bundles (thread-bundle.ts), not through tsx: a worker
 * that loads tsx's loader and compiles its imports took 350 ms alone and 650 ms beside a busy
 * thread, a tenth of a 2-thread training; from the bundle it plays within about 100 ms.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { initWeights } from '../core/learning/orchestration/linear-policy';
import type { OrchestrationTrainConfig, OrchestrationTraining } from '../core/learning/orchestration/train';
import { THREAD_KIND } from './orchestration-rollout-worker';
import {
  ERROR,
  GEN,
  readCurves,
  readWeights,
  type runThread as runThreadHere,
  STOLEN,
  STOP,
  sharedFor,
  WORKED,
} from './orchestration-shared';
import { threadBundle } from './thread-bundle';

export interface RolloutThreads {
  /** Settles once every worker has loaded. */
  readonly ready: Promise<void>;
  /** Trains on this thread and the workers; the weights and curves of trainOrchestrator. */
  train(): Promise<OrchestrationTraining>;
  /** Chunks the worker threads played (this thread's are not counted). */
  workerChunks(): number;
  /** Chunks played a second time because the thread that took them was late. */
  stolenChunks(): number;
  close(): Promise<void>;
}

/**
 * How long a thread with nothing left to take waits for a missing chunk before playing it too. An
 * episode takes about 60 µs on average and rarely over 1 ms; the pauses this is for (a garbage
 * collection, the OS lending the core to another process) last 1–10 ms.
 */
export const STEAL_AFTER_MS = 0.3;

/**
 * The threads' code, imported here from the same bundle the workers start from, so that every
 * thread runs the same compiled code — the one-thread training too, which makes a fair baseline
 * for more.
 */
let imported: Promise<typeof runThreadHere> | undefined;
const threadCode = (file: string) =>
  (imported ??= import(pathToFileURL(file).href).then(
    (m: { runThread: typeof runThreadHere }) => m.runThread,
  ));

export interface RolloutOptions {
  readonly stealAfterMs?: number;
  /** Tests only: the worker threads throw on their first batch (the others are unharmed). */
  readonly workerFault?: boolean;
}

export async function orchestrationRollouts(
  workers: number,
  config: OrchestrationTrainConfig,
  { stealAfterMs = STEAL_AFTER_MS, workerFault = false }: RolloutOptions = {},
): Promise<RolloutThreads> {
  const file = await threadBundle();
  const shared = sharedFor(config, initWeights(), workers, stealAfterMs);
  const control = new Int32Array(shared.control);
  let failure: Error | undefined;
  let closing = false;
  const booted: Promise<void>[] = [];
  const threads: Worker[] = [];
  const start = (w: number) => {
    const worker = new Worker(file, {
      workerData: { ...shared, thread: w + 1, kind: THREAD_KIND, fault: workerFault },
      // The bundle is plain JavaScript: without this a worker inherits the loader flags tsx starts
      // this process with, and loading tsx again delayed its first episode by about 50 ms.
      execArgv: [],
    });
    threads.push(worker);
    booted.push(
      new Promise<void>((resolve, reject) => {
        worker.on('message', (m: { error?: string; ready?: true }) => {
          if (m.ready) resolve();
          if (m.error !== undefined) failure ??= new Error(`a rollout worker failed: ${m.error}`);
        });
        worker.on('error', (error) => {
          failure ??= new Error(`a rollout worker failed: ${error.message}`);
          reject(failure);
        });
        worker.on('exit', (exit) => {
          // A worker returns (code 0) once training is over or another thread failed.
          if (!closing && exit !== 0) failure ??= new Error(`a rollout worker stopped (exit code ${exit})`);
          reject(failure ?? new Error('a rollout worker stopped before it loaded'));
        });
      }),
    );
  };
  let runThread: typeof runThreadHere;
  try {
    for (let w = 0; w < workers - 1; w++) start(w);
    // Imported once the workers are on their way: they load while this thread does.
    runThread = await threadCode(file);
  } catch (error) {
    // Those already started would wait for batches forever.
    await Promise.all(threads.map((t) => t.terminate()));
    throw error;
  }
  const ready = Promise.all(booted).then(() => undefined);
  // Only tests wait for it; a worker that fails to load must not end the process unhandled.
  ready.catch(() => undefined);
  return {
    ready,
    async train() {
      if (failure) throw failure;
      runThread(shared, 0);
      if (Atomics.load(control, ERROR)) {
        // The worker's message says what went wrong; it arrives on the event loop, and on a busy
        // machine later than a hundred turns of it (a CI run lost the worker's words that way), so
        // wait for it by the clock, up to 10 s.
        const until = Date.now() + 10_000;
        while (!failure && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
        throw failure ?? new Error('a rollout worker failed and said nothing within 10 s');
      }
      return { weights: readWeights(shared), curves: readCurves(shared) };
    },
    workerChunks: () => Atomics.load(control, WORKED),
    stolenChunks: () => Atomics.load(control, STOLEN),
    async close() {
      closing = true;
      Atomics.store(control, STOP, 1);
      Atomics.add(control, GEN, 1);
      Atomics.notify(control, GEN);
      await Promise.all(threads.map((t) => t.terminate()));
    },
  };
}
