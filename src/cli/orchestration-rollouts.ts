/**
 * Rollout players for `swarm orchestration train --rollout-workers N`: this thread and N − 1
 * worker threads (orchestration-rollout-worker.ts) share each batch's chunks of episodes through
 * shared memory (orchestration-shared.ts). Results are kept by chunk index and summed in chunk
 * order (train.ts), so the weights are those of one thread bit for bit, whoever played what.
 * Until a worker has loaded, this thread plays every chunk itself.
 */
import { Worker } from 'node:worker_threads';
import { initWeights } from '../core/learning/orchestration/linear-policy';
import {
  type ChunkPlayer,
  type ChunkResult,
  chunksOf,
  emptyChunkResult,
  type OrchestrationTrainConfig,
  playChunk,
} from '../core/learning/orchestration/train';
import {
  batchOpener,
  chunkDone,
  DONE,
  ERROR,
  GEN,
  NEXT,
  readResult,
  STOP,
  sharedFor,
  spinWhile,
  WORKED,
} from './orchestration-shared';

export interface ChunkPool {
  readonly play: ChunkPlayer;
  /** Settles once every worker has loaded and is waiting for chunks. */
  readonly ready: Promise<void>;
  /** Chunks the worker threads have played so far (this thread's are not counted). */
  workerChunks(): number;
  close(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function orchestrationRollouts(workers: number, config: OrchestrationTrainConfig): ChunkPool {
  const shared = sharedFor(config, initWeights());
  const control = new Int32Array(shared.control);
  const openBatch = batchOpener(shared);
  // This thread's results, one per chunk index, written over batch after batch.
  const slots = chunksOf(0, config.batch).map(() => emptyChunkResult(initWeights()));
  // The workers' results, in place: views made once, read batch after batch.
  const sharedSlots = slots.map((_, i) => readResult(shared, i));
  let failure: Error | undefined;
  const booted: Promise<void>[] = [];
  let closing = false;
  const threads = Array.from({ length: Math.max(0, workers - 1) }, () => {
    const worker = new Worker(new URL('./rollout-worker-boot.mjs', import.meta.url), { workerData: shared });
    const loaded = new Promise<void>((resolve) => {
      worker.on('message', (m: { error?: string; ready?: true }) => {
        if (m.ready) resolve();
        if (m.error !== undefined) failure ??= new Error(`a rollout worker failed: ${m.error}`);
      });
    });
    booted.push(loaded);
    worker.on('error', (error) => {
      failure ??= new Error(`a rollout worker failed: ${error.message}`);
    });
    worker.on('exit', (code) => {
      if (!closing) failure ??= new Error(`a rollout worker stopped (exit code ${code})`);
    });
    return worker;
  });

  const play: ChunkPlayer = async (weights, batchRanges, size) => {
    if (failure) throw failure;
    openBatch(weights, batchRanges, size);
    // This thread takes chunks as the workers do; its results stay here.
    const mine: boolean[] = [];
    for (;;) {
      const index = Atomics.add(control, NEXT, 1);
      if (index >= batchRanges.length) break;
      const [from, to] = batchRanges[index] as readonly [number, number];
      playChunk(config, weights, from, to, size, slots[index]);
      mine[index] = true;
      chunkDone(control);
    }
    // Wait for the chunks the workers took; let events in now and then, to hear of a dead one.
    spinWhile(() => Atomics.load(control, DONE) < batchRanges.length);
    for (;;) {
      const done = Atomics.load(control, DONE);
      if (done >= batchRanges.length) break;
      if (Atomics.load(control, ERROR) || failure) {
        await nextTurn();
        throw failure ?? new Error('a rollout worker failed');
      }
      if (Atomics.wait(control, DONE, done, 50) === 'timed-out') await nextTurn();
    }
    return batchRanges.map((_, i) => (mine[i] ? slots[i] : sharedSlots[i]) as ChunkResult);
  };

  return {
    play,
    ready: Promise.all(booted).then(() => undefined),
    workerChunks: () => Atomics.load(control, WORKED),
    async close() {
      closing = true;
      Atomics.store(control, STOP, 1);
      Atomics.add(control, GEN, 1);
      Atomics.notify(control, GEN);
      await Promise.all(threads.map((t) => t.terminate()));
    },
  };
}
