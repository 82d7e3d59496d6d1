/**
 * Rollout threads for `swarm orchestration train --rollout-workers N`: this thread and N − 1
 * worker threads (orchestration-rollout-worker.ts) run one loop over shared memory
 * (orchestration-shared.ts): they share each batch's chunks of episodes, and whichever finishes a
 * batch's last chunk sums the chunks in chunk order and takes the step. The additions are those of
 * one thread (train.ts), so the weights are the same bit for bit, whoever played what. Until a
 * worker has loaded, the others play its share.
 *
 * The worker runs from one file esbuild bundles here (about 30 ms), not through tsx: a worker that
 * loads tsx's loader and compiles its imports took 350 ms alone and 650 ms beside a busy thread,
 * a tenth of a 2-thread training; from the bundle it plays within about 100 ms.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
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
 * The threads' code, bundled once per process: the workers start from it, and this thread imports
 * it, so that every thread runs the same compiled code — the one-thread training too, which makes
 * a fair baseline for more. The file is named by its content's hash in the project's
 * node_modules/.cache (the usual place for tools' caches; not the shared temporary folder, where
 * another user could leave a file of that name to be run) and written only if absent.
 */
let bundled: Promise<{ file: string; runThread: typeof runThreadHere }> | undefined;
function threadCode() {
  bundled ??= (async () => {
    // The asynchronous build: esbuild's buildSync first starts a worker thread of its own to wait
    // on (under tsx, one that loads tsx too), about 50 ms in all against 30.
    const text = (
      (
        await build({
          entryPoints: [fileURLToPath(new URL('./orchestration-rollout-worker.ts', import.meta.url))],
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          write: false,
        })
      ).outputFiles[0] as { text: string }
    ).text;
    const file = cachedFile(text);
    const module = (await import(pathToFileURL(file).href)) as { runThread: typeof runThreadHere };
    return { file, runThread: module.runThread };
  })();
  return bundled;
}

/** Where the bundle is kept: the project's cache, or a private temporary folder if it is read-only. */
function cachedFile(text: string): string {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const name = `orchestration-thread-${hash}.mjs`;
  const dir = fileURLToPath(new URL('../../node_modules/.cache/swarmflight/', import.meta.url));
  const file = join(dir, name);
  if (existsSync(file)) return file;
  try {
    mkdirSync(dir, { recursive: true });
    // Written aside, then renamed: a process that starts a worker meanwhile never sees half a file.
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, text);
    renameSync(part, file);
    return file;
  } catch {
    const dir = mkdtempSync(join(tmpdir(), 'swarmflight-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const own = join(dir, name);
    writeFileSync(own, text);
    return own;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  const code = await threadCode();
  const shared = sharedFor(config, initWeights(), workers, stealAfterMs);
  const control = new Int32Array(shared.control);
  let failure: Error | undefined;
  let closing = false;
  const booted: Promise<void>[] = [];
  const threads: Worker[] = [];
  const start = (w: number) => {
    const worker = new Worker(code.file, {
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
  try {
    for (let w = 0; w < workers - 1; w++) start(w);
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
      code.runThread(shared, 0);
      if (Atomics.load(control, ERROR)) {
        // The worker's message says what went wrong; it arrives on the event loop.
        for (let i = 0; i < 100 && !failure; i++) await nextTurn();
        throw failure ?? new Error('a rollout worker failed');
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
