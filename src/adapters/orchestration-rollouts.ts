/**
 * Rollout workers for training in the page: each batch's episodes are cut into contiguous
 * slices, one per thread; Web Workers (workers/orchestration-rollout.worker.ts) play theirs and
 * send back one row per episode, while this thread plays the first slice. The rows are summed in
 * episode order (train.ts trainOrchestratorWith), so the weights are those of one thread bit for
 * bit. Shared memory would let threads take episodes one at a time, as the CLI's do, but it
 * needs a cross-origin-isolated page, which a plain static host cannot make; a message a batch
 * per worker costs a fraction of a millisecond against a few milliseconds of episodes.
 * A worker that fails is dropped and its slices are played here: nothing is lost.
 */
import { flatWeights, initWeights } from '../core/learning/orchestration/linear-policy';
import {
  type BatchPlayer,
  chunkResultLength,
  emptyChunkResult,
  type OrchestrationTrainConfig,
  playRows,
} from '../core/learning/orchestration/train';

export { defaultRolloutWorkers, MAX_PAGE_ROLLOUT_WORKERS } from './rollout-workers-default';

/** Messages to a rollout worker. */
export type RolloutRequest =
  | { readonly kind: 'config'; readonly config: OrchestrationTrainConfig }
  | {
      readonly kind: 'play';
      readonly id: number;
      readonly weights: Float64Array;
      readonly from: number;
      readonly to: number;
      readonly batchSize: number;
      /** Where to write the rows: sent back filled (allocating anew every batch made the
       * garbage collector run far more often, for the buffers' outside memory). */
      readonly rows: Float64Array;
    };
export type RolloutReply =
  | { readonly id: number; readonly rows: Float64Array }
  | { readonly id: number; readonly error: string };

export interface PageRollouts {
  readonly play: BatchPlayer;
  /** Episodes the workers played so far. */
  workerEpisodes(): number;
  /** Workers still in use (a failed one is dropped). */
  workers(): number;
  close(): void;
}

export function pageRollouts(
  count: number,
  config: OrchestrationTrainConfig,
  start: () => Worker = () =>
    new Worker(new URL('../../workers/orchestration-rollout.worker.ts', import.meta.url), { type: 'module' }),
): PageRollouts {
  const width = chunkResultLength(initWeights());
  const scratch = emptyChunkResult(initWeights());
  let alive: Worker[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const worker = start();
      alive.push(worker);
      worker.postMessage({ kind: 'config', config } satisfies RolloutRequest);
    }
  } catch (error) {
    for (const w of alive) w.terminate();
    throw error;
  }
  // Buffers that go to a worker and come back filled, one per worker, and the batch's rows.
  const buffers = new Map<Worker, Float64Array>();
  const rows = new Float64Array(config.batch * width);
  let played = 0;
  let next = 0;

  // One slice on one worker; rejects if the worker fails or says it failed.
  const ask = (worker: Worker, weights: Float64Array, from: number, to: number, batchSize: number) =>
    new Promise<Float64Array>((resolve, reject) => {
      const id = next++;
      const done = () => {
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        worker.removeEventListener('messageerror', onMessageError);
      };
      const onMessage = (event: MessageEvent<RolloutReply>) => {
        if (event.data.id !== id) return;
        done();
        if ('error' in event.data) reject(new Error(event.data.error));
        else {
          buffers.set(worker, event.data.rows);
          resolve(event.data.rows);
        }
      };
      const onError = (event: ErrorEvent) => {
        // Handled here (its slice is played on this thread), so not reported as uncaught.
        event.preventDefault();
        done();
        reject(new Error(event.message || 'a rollout worker failed'));
      };
      const onMessageError = () => {
        done();
        reject(new Error('a rollout worker sent a message that could not be read'));
      };
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
      worker.addEventListener('messageerror', onMessageError);
      const buffer = buffers.get(worker) ?? new Float64Array(config.batch * width);
      buffers.delete(worker);
      worker.postMessage(
        { kind: 'play', id, weights, from, to, batchSize, rows: buffer } satisfies RolloutRequest,
        {
          transfer: [buffer.buffer],
        },
      );
    });

  const play: BatchPlayer = async (weights, begin, end) => {
    const n = end - begin;
    const threads = alive.length + 1;
    // Contiguous slices, this thread's first: it starts on its own while the messages travel.
    const cut = (i: number) => begin + Math.round((n * i) / threads);
    const flat = flatWeights(weights);
    const asked = alive.map((worker, i) => {
      const from = cut(i + 1);
      const to = cut(i + 2);
      return ask(worker, flat, from, to, n).then(
        (slice) => {
          rows.set(slice.subarray(0, (to - from) * width), (from - begin) * width);
          played += to - from;
        },
        () => {
          // Dropped: its slice is played here, now and in every later batch.
          alive = alive.filter((w) => w !== worker);
          worker.terminate();
          playRows(config, weights, from, to, n, rows.subarray((from - begin) * width), scratch);
        },
      );
    });
    playRows(config, weights, begin, cut(1), n, rows, scratch);
    await Promise.all(asked);
    return rows.subarray(0, n * width);
  };

  return {
    play,
    workerEpisodes: () => played,
    workers: () => alive.length,
    close() {
      for (const w of alive) w.terminate();
      alive = [];
    },
  };
}
