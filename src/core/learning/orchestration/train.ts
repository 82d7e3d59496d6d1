/**
 * Training the orchestration environment's PARL policy: REINFORCE with a learned value baseline
 * and plain gradient steps (linear-policy.ts sgdStep; docs/learning.md says why not Adam), over
 * episodes drawn from the train split only. Episode e plays the instance of
 * trainingSeed(e, seed) with actions drawn from keyedRng(seed, 'orchestration-policy', e), and
 * updates happen in episode order, so the same config gives the same weights bit for bit.
 */
import { trainingSeed } from '../../scenarios/splits';
import { keyedRng } from '../../util/rng';
import { lambdaAt, type Schedule } from '../reward';
import type { OrchestrationPolicy } from './decisions';
import { type EpisodeResult, playInstance } from './episode';
import { drawInstance, UnitArrays } from './instance';
import {
  accumulate,
  anchorStep,
  type Decision,
  DecisionTape,
  initWeights,
  linearOrchestrator,
  sgdStep,
  value,
  type Weights,
  weightsLength,
  weightsOver,
} from './linear-policy';
import { defaultEnvParams, type EnvParams } from './params';
import { orchestrationReward } from './reward';

export interface OrchestrationTrainConfig {
  readonly seed: number;
  readonly episodes: number;
  readonly batch: number;
  /** Step size of the policy heads (plain gradient ascent, linear-policy.ts sgdStep). */
  readonly rate: number;
  /** Step size of the value baseline. */
  readonly valueRate: number;
  /** Global norm the policy gradient is clipped to. */
  readonly clip: number;
  readonly entropy: number;
  /**
   * Share of the way each step pulls the policy heads back toward the starting policy
   * (linear-policy.ts anchorStep): keeps options r_parallel drove to ~0 reachable after λ → 0.
   */
  readonly anchor: number;
  readonly lambdaParallel: Schedule;
  readonly lambdaFinish: Schedule;
  readonly params: EnvParams;
}

export const defaultOrchestrationTrainConfig: OrchestrationTrainConfig = {
  seed: 1,
  episodes: 100_000,
  batch: 64,
  rate: 1,
  valueRate: 0.1,
  clip: 1,
  entropy: 0.01,
  anchor: 0.002,
  lambdaParallel: { kind: 'linear', from: 1, to: 0, over: 60_000 },
  lambdaFinish: { kind: 'linear', from: 0.5, to: 0, over: 60_000 },
  params: defaultEnvParams,
};

/** One point of the training curves: the batch's means. */
export interface CurvePoint {
  readonly episode: number;
  readonly reward: number;
  readonly perf: number;
  readonly quality: number;
  readonly relativeCost: number;
  readonly criticalSteps: number;
  readonly parallel: number;
  readonly finish: number;
  readonly soloRate: number;
  readonly unusedSubagents: number;
  readonly lambdaParallel: number;
  readonly lambdaFinish: number;
}

export interface OrchestrationTraining {
  readonly weights: Weights;
  readonly curves: CurvePoint[];
}

/** Plays training episode `e` with `policy`: its instance is from the train split. */
export function trainingEpisode(
  params: EnvParams,
  seed: number,
  e: number,
  policy: OrchestrationPolicy,
): EpisodeResult {
  return playInstance(params, drawInstance(params, trainingSeed(e, seed)), policy);
}

/**
 * Episodes per chunk: the unit one rollout player takes, plays and sums. A batch's gradient is the
 * sum of its chunks' sums, in chunk order, and each chunk sums its episodes in episode order — the
 * same additions whether one thread plays every chunk or several share them, so the weights are
 * the same bit for bit for any number of rollout workers (floating-point addition is not
 * associative: a chunking that followed the worker count would not be). One episode a chunk, so
 * threads share a batch finely: a batch ends on a barrier, and its last chunk is what a thread
 * waits for.
 */
export const CHUNK = 1;

/** Curve statistics a chunk sums: reward, perf, quality, relativeCost, criticalSteps, parallel, finish, solo, unused. */
export const SUMS = 9;

/**
 * What a chunk of episodes gives back: its summed gradient and the sums of its curve statistics,
 * as views of one array (`flat`: the gradient's heads in key order, then the sums), so that
 * results are added and copied in one loop.
 */
export interface ChunkResult {
  readonly grad: Weights;
  /** reward, perf, quality, relativeCost, criticalSteps, parallel, finish, solo, unused. */
  readonly sums: Float64Array;
  readonly flat: Float64Array;
}

/** The length of a result's `flat` array for weights shaped like `weights`. */
export const chunkResultLength = (weights: Weights) => weightsLength(weights) + SUMS;

/** A result shaped like `weights` over `flat` (zeroed, unless it is shared memory in use). */
export function chunkResultOver(weights: Weights, flat: Float64Array): ChunkResult {
  const width = weightsLength(weights);
  return { grad: weightsOver(flat, weights), sums: flat.subarray(width, width + SUMS), flat };
}

/** A zeroed result with the shape of `weights`, to play chunks into again and again. */
export function emptyChunkResult(weights: Weights): ChunkResult {
  return chunkResultOver(weights, new Float64Array(chunkResultLength(weights)));
}

/** The episode ranges [from, to) a batch is cut into, in order. */
export function chunksOf(start: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  for (let a = start; a < end; a += CHUNK) out.push([a, Math.min(end, a + CHUNK)]);
  return out;
}

/**
 * What the episode being played writes into, reused episode after episode: its decisions and its
 * instance's unit arrays. One per module is one per thread (each worker loads its own), and an
 * episode is played to its end before the next begins, so no two episodes share them at once.
 */
const tape = new DecisionTape();
const unitArrays = new UnitArrays();

/**
 * Plays training episodes [from, to) of a batch of `batchSize` with the batch's weights: each
 * episode's policy-gradient and value-baseline terms, scaled by 1 / batchSize, summed in episode
 * order. Pure: a function of the config, the weights and the episode indices.
 */
export function playChunk(
  config: OrchestrationTrainConfig,
  weights: Weights,
  from: number,
  to: number,
  batchSize: number,
  /** Written over and returned, if given (shared memory, or a result kept for reuse). */
  into?: ChunkResult,
): ChunkResult {
  const { params } = config;
  const result = into ?? emptyChunkResult(weights);
  const { grad, sums } = result;
  if (into) clearChunk(into);
  const scale = 1 / batchSize;
  for (let e = from; e < to; e++) {
    const instance = drawInstance(params, trainingSeed(e, config.seed), unitArrays);
    tape.clear();
    const policy = linearOrchestrator({
      weights,
      rng: keyedRng(config.seed, 'orchestration-policy', e),
      tape,
    });
    const r = playInstance(params, instance, policy);
    const l1 = lambdaAt(config.lambdaParallel, e);
    const l2 = lambdaAt(config.lambdaFinish, e);
    const parts = orchestrationReward(params, r, l1, l2);
    // The first decision is always the mode, taken on the plan features: the baseline's input.
    const x = (tape.decisions[0] as Decision).x;
    const advantage = parts.reward - value(weights, x);
    accumulate(weights, tape.decisions, advantage * scale, config.entropy * scale, grad, tape.length);
    for (let j = 0; j < x.length; j++)
      grad.value[j] = (grad.value[j] as number) + scale * advantage * (x[j] as number);
    // Added straight in, in SUMS's order (an array of the nine per episode was garbage).
    sums[0] = (sums[0] as number) + parts.reward;
    sums[1] = (sums[1] as number) + parts.perf;
    sums[2] = (sums[2] as number) + r.quality;
    sums[3] = (sums[3] as number) + r.relativeCost;
    sums[4] = (sums[4] as number) + r.criticalSteps;
    sums[5] = (sums[5] as number) + parts.parallel;
    sums[6] = (sums[6] as number) + parts.finish;
    sums[7] = (sums[7] as number) + (r.solo ? 1 : 0);
    sums[8] = (sums[8] as number) + (r.spawned - r.contributed);
  }
  return result;
}

/**
 * Adds a chunk's result into `total`, the running sum of a batch. A batch's chunks are added in
 * chunk order, starting from zeros, wherever they were played: the same additions, so the same bits.
 */
export function addChunk(total: ChunkResult, chunk: ChunkResult): void {
  const t = total.flat;
  const c = chunk.flat;
  for (let j = 0; j < t.length; j++) t[j] = (t[j] as number) + (c[j] as number);
}

/** Zeroes a result, to sum or play into again. */
export function clearChunk(result: ChunkResult): void {
  result.flat.fill(0);
}

/** The policy every training starts from, and the anchor its steps are pulled back toward. */
const START = initWeights();

/** Takes the step with a batch's summed chunks and returns the batch's curve point. */
export function applyBatch(
  config: OrchestrationTrainConfig,
  weights: Weights,
  total: ChunkResult,
  start: number,
  end: number,
): CurvePoint {
  const { grad, sums } = total;
  sgdStep(weights, grad, config.rate, config.valueRate, config.clip);
  anchorStep(weights, START, config.rate * config.anchor);
  const n = end - start;
  const at = (k: number) => (sums[k] as number) / n;
  return {
    episode: end,
    reward: at(0),
    perf: at(1),
    quality: at(2),
    relativeCost: at(3),
    criticalSteps: at(4),
    parallel: at(5),
    finish: at(6),
    soloRate: at(7),
    unusedSubagents: at(8),
    lambdaParallel: lambdaAt(config.lambdaParallel, end - 1),
    lambdaFinish: lambdaAt(config.lambdaFinish, end - 1),
  };
}

/** Training in this thread: every chunk played here, one after another. */
export function trainOrchestrator(
  config: OrchestrationTrainConfig,
  onPoint?: (point: CurvePoint) => void,
): OrchestrationTraining {
  const weights = initWeights();
  const curves: CurvePoint[] = [];
  // One chunk's result and the batch's running sum, written over batch after batch.
  const chunk = emptyChunkResult(weights);
  const total = emptyChunkResult(weights);
  for (let start = 0; start < config.episodes; start += config.batch) {
    const end = Math.min(config.episodes, start + config.batch);
    clearChunk(total);
    for (const [a, b] of chunksOf(start, end))
      addChunk(total, playChunk(config, weights, a, b, end - start, chunk));
    const point = applyBatch(config, weights, total, start, end);
    curves.push(point);
    onPoint?.(point);
  }
  return { weights, curves };
}

/**
 * Plays training episodes [from, to) of a batch, each into its own row of `rows` (row i holds
 * episode from + i as a result's `flat` array): what a rollout worker in the page sends back.
 */
export function playRows(
  config: OrchestrationTrainConfig,
  weights: Weights,
  from: number,
  to: number,
  batchSize: number,
  rows: Float64Array,
  scratch: ChunkResult = emptyChunkResult(weights),
): Float64Array {
  const width = scratch.flat.length;
  for (let e = from; e < to; e++) {
    playChunk(config, weights, e, e + 1, batchSize, scratch);
    rows.set(scratch.flat, (e - from) * width);
  }
  return rows;
}

/** Plays a batch's episodes [start, end), wherever it likes, and returns their rows in order. */
export type BatchPlayer = (weights: Weights, start: number, end: number) => Promise<Float64Array>;

/**
 * Training with each batch's episodes played by `play` (the page's Web Workers): the rows are
 * added in episode order from zeros — with one episode a chunk (CHUNK), the additions of
 * trainOrchestrator — so the same bits.
 */
export async function trainOrchestratorWith(
  config: OrchestrationTrainConfig,
  play: BatchPlayer,
  onPoint?: (point: CurvePoint) => void,
): Promise<OrchestrationTraining> {
  const weights = initWeights();
  const curves: CurvePoint[] = [];
  const total = emptyChunkResult(weights);
  const t = total.flat;
  const width = t.length;
  for (let start = 0; start < config.episodes; start += config.batch) {
    const end = Math.min(config.episodes, start + config.batch);
    const rows = await play(weights, start, end);
    clearChunk(total);
    for (let e = 0; e < end - start; e++)
      for (let j = 0; j < width; j++) t[j] = (t[j] as number) + (rows[e * width + j] as number);
    const point = applyBatch(config, weights, total, start, end);
    curves.push(point);
    onPoint?.(point);
  }
  return { weights, curves };
}
