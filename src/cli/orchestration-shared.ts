/**
 * The shared memory of `swarm orchestration train --rollout-workers N`, and the loop every thread
 * of it runs — this thread and the N − 1 workers alike. Layout:
 *
 *   control  Int32Array: GEN (the open batch, from 1), NEXT (its next chunk to take), STOP, ERROR,
 *            CLOSED (the last batch claimed for stepping), WORKED (chunks the workers played), STOLEN (chunks
 *            played again because the thread that took them was late)
 *   weights  Float64Array: the policy's weights, head after head (linear-policy.ts weightsOver)
 *   results  Float64Array: per thread and chunk, its gradient (the same layout) then its curve sums
 *   ready    Int32Array: per thread and chunk, the GEN of the batch whose result the slot holds
 *   curves   Float64Array: per batch, its curve point (CURVE_FIELDS)
 *
 * No thread is in charge. Each takes chunks with Atomics.add on NEXT; whichever sees a batch's
 * last chunk in sums the chunks in chunk order (train.ts addChunk: the additions of one thread, so
 * the same bits), takes the step on the shared weights, writes the curve point, and opens the
 * next batch: writes first, then GEN, then NEXT, so a thread that takes an index and then reads
 * GEN knows which batch the index is of. A thread paused by a garbage collection or by the OS
 * therefore holds up the others only if it holds a chunk they need, and then not for long: a
 * thread with nothing left to take plays the first missing chunk itself once it has waited
 * `stealAfterMs` (a chunk is a pure function of the weights and its episodes, so both copies are
 * the same; MapReduce's backup tasks). Every thread writes only its own slots, so a late copy
 * lands where nobody reads it.
 */
import {
  flatWeights,
  type Weights,
  weightsLength,
  weightsOver,
} from '../core/learning/orchestration/linear-policy';
import {
  addChunk,
  applyBatch,
  CHUNK,
  type ChunkResult,
  type CurvePoint,
  chunkResultLength,
  chunkResultOver,
  clearChunk,
  emptyChunkResult,
  type OrchestrationTrainConfig,
  playChunk,
} from '../core/learning/orchestration/train';

export const GEN = 0;
export const NEXT = 1;
export const STOP = 2;
export const ERROR = 3;
const CLOSED = 4;
/** Chunks the workers have played, over the whole training (this thread's are not counted). */
export const WORKED = 5;
export const STOLEN = 6;
const CONTROL = 7;

const CURVE_FIELDS = [
  'episode',
  'reward',
  'perf',
  'quality',
  'relativeCost',
  'criticalSteps',
  'parallel',
  'finish',
  'soloRate',
  'unusedSubagents',
  'lambdaParallel',
  'lambdaFinish',
] as const satisfies readonly (keyof CurvePoint)[];

export interface OrchestrationShared {
  readonly config: OrchestrationTrainConfig;
  /** Threads in all, this one included. */
  readonly threads: number;
  /** How long a thread with nothing to take waits for a missing chunk before playing it too. */
  readonly stealAfterMs: number;
  readonly control: SharedArrayBuffer;
  readonly weights: SharedArrayBuffer;
  readonly results: SharedArrayBuffer;
  readonly ready: SharedArrayBuffer;
  readonly curves: SharedArrayBuffer;
}

const chunksIn = (config: OrchestrationTrainConfig) => Math.ceil(config.batch / CHUNK);
const batchesIn = (config: OrchestrationTrainConfig) => Math.ceil(config.episodes / config.batch);

/** Shared memory for `threads` threads, holding `weights` as the starting weights. */
export function sharedFor(
  config: OrchestrationTrainConfig,
  weights: Weights,
  threads: number,
  stealAfterMs: number,
): OrchestrationShared {
  const chunks = chunksIn(config);
  const shared: OrchestrationShared = {
    config,
    threads,
    stealAfterMs,
    control: new SharedArrayBuffer(CONTROL * 4),
    weights: new SharedArrayBuffer(weightsLength(weights) * 8),
    results: new SharedArrayBuffer(threads * chunks * chunkResultLength(weights) * 8),
    ready: new SharedArrayBuffer(threads * chunks * 4),
    curves: new SharedArrayBuffer(batchesIn(config) * CURVE_FIELDS.length * 8),
  };
  new Float64Array(shared.weights).set(flatWeights(weights));
  return shared;
}

/** The weights in shared memory now, copied out. */
export const readWeights = (shared: OrchestrationShared): Weights =>
  weightsOver(new Float64Array(shared.weights).slice());

/** Views of thread `thread`'s slot for chunk `index`. */
function slotOf(shared: OrchestrationShared, thread: number, index: number, like: Weights): ChunkResult {
  const length = chunkResultLength(like);
  const at = (thread * chunksIn(shared.config) + index) * length;
  return chunkResultOver(like, new Float64Array(shared.results, at * 8, length));
}

/** The curve points of the batches stepped, in order: read once every thread has returned. */
export function readCurves(shared: OrchestrationShared): CurvePoint[] {
  const data = new Float64Array(shared.curves);
  const n = Atomics.load(new Int32Array(shared.control), CLOSED);
  return Array.from({ length: n }, (_, b) => {
    const point = {} as Record<(typeof CURVE_FIELDS)[number], number>;
    CURVE_FIELDS.forEach((f, j) => {
      point[f] = data[b * CURVE_FIELDS.length + j] as number;
    });
    return point as CurvePoint;
  });
}

/**
 * Spins while `busy()` holds, for at most SPIN_MS. A batch is stepped in tens of microseconds,
 * and a thread that sleeps instead lets its core go idle: on this project's virtual machines
 * waking it again took longer than a chunk of episodes.
 */
function spinWhile(busy: () => boolean): boolean {
  const until = performance.now() + SPIN_MS;
  while (busy()) if (performance.now() > until) return false;
  return true;
}
const SPIN_MS = 2;

/**
 * One thread's part of the training, until the last batch is stepped or STOP is set. Thread 0 is
 * the one that started the others; only the count of chunks the workers played tells them apart.
 */
export function runThread(shared: OrchestrationShared, thread: number): void {
  const { config } = shared;
  const control = new Int32Array(shared.control);
  const chunks = chunksIn(config);
  const batches = batchesIn(config);
  const sharedFlat = new Float64Array(shared.weights);
  const shareWeights = weightsOver(sharedFlat);
  // The batch's weights, copied: the policy reads them thousands of times a chunk.
  const privateFlat = new Float64Array(sharedFlat.length);
  const weights = weightsOver(privateFlat);
  const ready = Array.from(
    { length: shared.threads },
    (_, t) => new Int32Array(shared.ready, t * chunks * 4, chunks),
  );
  const slots = Array.from({ length: shared.threads }, (_, t) =>
    Array.from({ length: chunks }, (_, i) => slotOf(shared, t, i, weights)),
  );
  const mine = slots[thread] as ChunkResult[];
  const myReady = ready[thread] as Int32Array;
  // Played into private arrays, then copied to the slot: the gradient adds into its arrays
  // thousands of times an episode, faster in private memory than in shared.
  const scratch = emptyChunkResult(weights);
  const total = emptyChunkResult(weights);
  const curves = new Float64Array(shared.curves);

  let gen = 0;
  let start = 0;
  let end = 0;
  let count = 0;
  const read = (g: number) => {
    gen = g;
    start = (g - 1) * config.batch;
    end = Math.min(config.episodes, start + config.batch);
    count = Math.ceil((end - start) / CHUNK);
    privateFlat.set(sharedFlat);
  };
  // A thread's result for chunk `index` of this batch, if one is in.
  const resultOf = (index: number): ChunkResult | undefined => {
    for (let t = 0; t < shared.threads; t++)
      if (Atomics.load(ready[t] as Int32Array, index) === gen) return slots[t]?.[index];
    return undefined;
  };
  const play = (index: number) => {
    const from = start + index * CHUNK;
    const result = playChunk(config, weights, from, Math.min(end, from + CHUNK), end - start, scratch);
    (mine[index] as ChunkResult).flat.set(result.flat);
    Atomics.store(myReady, index, gen);
    if (thread > 0) Atomics.add(control, WORKED, 1);
  };
  // Sums the batch in chunk order, steps the shared weights, and opens the next batch.
  const close = () => {
    clearChunk(total);
    for (let i = 0; i < count; i++) addChunk(total, resultOf(i) as ChunkResult);
    const point = applyBatch(config, shareWeights, total, start, end);
    CURVE_FIELDS.forEach((f, j) => {
      curves[(gen - 1) * CURVE_FIELDS.length + j] = point[f];
    });
    if (gen === batches) Atomics.store(control, STOP, 1);
    Atomics.add(control, GEN, 1);
    Atomics.store(control, NEXT, 0);
    Atomics.notify(control, GEN);
  };

  try {
    if (thread === 0 && Atomics.load(control, GEN) === 0) {
      Atomics.store(control, GEN, 1);
      Atomics.notify(control, GEN);
    }
    for (;;) {
      // Until the batch changes or a thread fails; the timeout re-reads ERROR, in case a failing
      // thread's notify came just before this one slept.
      const waiting = () => Atomics.load(control, GEN) === gen && !Atomics.load(control, ERROR);
      if (!spinWhile(waiting)) while (waiting()) Atomics.wait(control, GEN, gen, 50);
      if (Atomics.load(control, STOP) || Atomics.load(control, ERROR)) return;
      read(Atomics.load(control, GEN));
      // Take chunks until none is left; an index taken as the batch changed is of the new one.
      for (;;) {
        const index = Atomics.add(control, NEXT, 1);
        const now = Atomics.load(control, GEN);
        if (now !== gen) read(now);
        if (gen > batches) return;
        if (index >= count) break;
        // Already in when a thread that stole it was faster (more threads than cores).
        if (!resultOf(index)) play(index);
      }
      // Nothing left to take: wait for the missing chunks, playing one here if it is late.
      let missing = 0;
      let since = performance.now();
      for (;;) {
        if (Atomics.load(control, GEN) !== gen || Atomics.load(control, ERROR)) break;
        let first = missing;
        while (first < count && resultOf(first)) first++;
        if (first === count) {
          // Every chunk is in: the first thread to claim the batch steps it.
          if (Atomics.compareExchange(control, CLOSED, gen - 1, gen) === gen - 1) close();
          break;
        }
        const now = performance.now();
        if (first !== missing) {
          missing = first;
          since = now;
        } else if (now - since >= shared.stealAfterMs) {
          play(first);
          Atomics.add(control, STOLEN, 1);
        }
      }
    }
  } catch (error) {
    Atomics.store(control, ERROR, 1);
    Atomics.notify(control, GEN);
    throw error;
  }
}
