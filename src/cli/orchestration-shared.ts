/**
 * The shared memory through which `swarm orchestration train --rollout-workers N` spreads a batch
 * over threads, and the worker's side of it. Layout:
 *
 *   control  Int32Array: GEN (bumped per batch), NEXT (the next chunk to take), DONE (chunks
 *            finished), STOP, ERROR, COUNT (chunks in the batch), SIZE (episodes in the batch),
 *            WORKED (chunks the workers played in all)
 *   ranges   Int32Array: each chunk's [from, to)
 *   weights  Float64Array: the batch's weights, head after head in `layout` order
 *   results  Float64Array: per chunk, its gradient (the same layout) then its curve sums
 *
 * Every thread takes chunks with Atomics.add on NEXT, so a slow or still-loading thread takes
 * fewer and none waits for another's share; the parent writes the batch, bumps GEN, then resets
 * NEXT, so a thread that reads GEN after taking knows which batch its chunk is of.
 */
import { type Weights, zerosLike } from '../core/learning/orchestration/linear-policy';
import {
  CHUNK,
  type ChunkResult,
  emptyChunkResult,
  type OrchestrationTrainConfig,
  SUMS,
} from '../core/learning/orchestration/train';

export const GEN = 0;
export const NEXT = 1;
export const DONE = 2;
export const STOP = 3;
export const ERROR = 4;
export const COUNT = 5;
export const SIZE = 6;
/** Chunks the workers have played, over the whole training (the parent's are not counted). */
export const WORKED = 7;
const CONTROL = 8;

export interface OrchestrationShared {
  readonly entry: 'orchestration';
  readonly config: OrchestrationTrainConfig;
  readonly control: SharedArrayBuffer;
  readonly ranges: SharedArrayBuffer;
  readonly weights: SharedArrayBuffer;
  readonly results: SharedArrayBuffer;
  /** [key, length] of each weight array, in layout order. */
  readonly layout: readonly (readonly [keyof Weights, number])[];
}

export function sharedFor(config: OrchestrationTrainConfig, weights: Weights): OrchestrationShared {
  const layout = (Object.keys(weights) as (keyof Weights)[]).map((k) => [k, weights[k].length] as const);
  const width = layout.reduce((a, [, n]) => a + n, 0);
  const chunks = Math.ceil(config.batch / CHUNK);
  return {
    entry: 'orchestration',
    config,
    control: new SharedArrayBuffer(CONTROL * 4),
    ranges: new SharedArrayBuffer(chunks * 2 * 4),
    weights: new SharedArrayBuffer(width * 8),
    results: new SharedArrayBuffer(chunks * (width + SUMS) * 8),
    layout,
  };
}

/** Weights as views into `buffer` at `offset` (in doubles), in the layout's order. */
export function weightViews(shared: OrchestrationShared, buffer: SharedArrayBuffer, offset = 0): Weights {
  const w = {} as Weights;
  let at = offset;
  for (const [k, n] of shared.layout) {
    w[k] = new Float64Array(buffer, at * 8, n);
    at += n;
  }
  return w;
}

export const widthOf = (shared: OrchestrationShared) => shared.layout.reduce((a, [, n]) => a + n, 0);

/** A chunk's result as views of its slot: valid until the next batch is opened. */
export function readResult(shared: OrchestrationShared, index: number): ChunkResult {
  const width = widthOf(shared);
  const grad = weightViews(shared, shared.results, index * (width + SUMS));
  const sums = new Float64Array(shared.results, (index * (width + SUMS) + width) * 8, SUMS);
  return { grad, sums };
}

/**
 * The parent's side of a batch: write it, then open it. The batch's data go first and GEN is
 * bumped before NEXT is reset, so a thread that takes an index and then reads GEN knows which
 * batch the index is of (runChunkLoop).
 */
export function batchOpener(
  shared: OrchestrationShared,
): (weights: Weights, batchRanges: readonly (readonly [number, number])[], size: number) => void {
  const control = new Int32Array(shared.control);
  const ranges = new Int32Array(shared.ranges);
  const views = weightViews(shared, shared.weights);
  return (weights, batchRanges, size) => {
    for (const [k] of shared.layout) views[k].set(weights[k]);
    for (let i = 0; i < batchRanges.length; i++) {
      const [from, to] = batchRanges[i] as readonly [number, number];
      ranges[2 * i] = from;
      ranges[2 * i + 1] = to;
    }
    Atomics.store(control, COUNT, batchRanges.length);
    Atomics.store(control, SIZE, size);
    Atomics.store(control, DONE, 0);
    Atomics.add(control, GEN, 1);
    Atomics.store(control, NEXT, 0);
    Atomics.notify(control, GEN);
  };
}

/**
 * Spins while `busy()` holds, for at most SPIN_MS. Between two batches the parent only sums and
 * steps (tens of microseconds), and a thread that sleeps instead lets its core go idle: on this
 * project's virtual machines waking it again took longer than a chunk of episodes.
 */
export function spinWhile(busy: () => boolean): boolean {
  const until = performance.now() + SPIN_MS;
  while (busy()) if (performance.now() > until) return false;
  return true;
}
const SPIN_MS = 2;

/** Marks a chunk finished; the batch's last wakes the parent, the only one it may be waiting for. */
export function chunkDone(control: Int32Array): void {
  if (Atomics.add(control, DONE, 1) + 1 === Atomics.load(control, COUNT)) Atomics.notify(control, DONE);
}

/**
 * The worker's loop: sleep until a batch is opened, take its chunks, until told to stop. The
 * weights are copied per batch (the policy reads them thousands of times a chunk, and a private
 * array is faster than a shared one). An index taken just as the parent opened the next batch is
 * of that batch: reading GEN after taking tells, and the batch is read again before playing it.
 */
export function runChunkLoop(
  shared: OrchestrationShared,
  play: (weights: Weights, from: number, to: number, batchSize: number, into: ChunkResult) => ChunkResult,
): void {
  const control = new Int32Array(shared.control);
  const ranges = new Int32Array(shared.ranges);
  const views = weightViews(shared, shared.weights);
  const weights = zerosLike(views);
  const slots = Array.from({ length: Math.ceil(shared.config.batch / CHUNK) }, (_, i) =>
    readResult(shared, i),
  );
  const scratch = emptyChunkResult(views);
  let seen = 0;
  let count = 0;
  let size = 0;
  const read = (gen: number) => {
    seen = gen;
    for (const [k] of shared.layout) weights[k].set(views[k]);
    count = Atomics.load(control, COUNT);
    size = Atomics.load(control, SIZE);
  };
  for (;;) {
    spinWhile(() => Atomics.load(control, GEN) === seen);
    Atomics.wait(control, GEN, seen);
    if (Atomics.load(control, STOP)) return;
    read(Atomics.load(control, GEN));
    for (;;) {
      const index = Atomics.add(control, NEXT, 1);
      const gen = Atomics.load(control, GEN);
      if (gen !== seen) read(gen);
      if (index >= count) break;
      try {
        const from = ranges[2 * index] as number;
        const to = ranges[2 * index + 1] as number;
        // Played into private arrays, then copied to the slot the parent reads: the policy
        // gradient adds into its arrays thousands of times an episode, faster in private memory.
        const slot = slots[index] as ChunkResult;
        const result = play(weights, from, to, size, scratch);
        for (const [k] of shared.layout) slot.grad[k].set(result.grad[k]);
        slot.sums.set(result.sums);
        Atomics.add(control, WORKED, 1);
      } catch (error) {
        Atomics.store(control, ERROR, 1);
        Atomics.notify(control, DONE);
        throw error;
      }
      chunkDone(control);
    }
  }
}
