/**
 * What `swarm train --redis` and the workers playing its episodes agree on (docs/scale-out.md):
 * the queue, a job (one episode of one batch), where the batch's weights wait, and how an
 * episode's outcome crosses Redis bit for bit. An episode depends only on its index and the
 * weights it is played with, so a job run twice (a worker killed after playing it) gives the same
 * outcome, and the checkpoint is the local training's, byte for byte.
 */

import type { EpisodeOutcome } from '../../core/learning/episode';
import { PARAM_KEYS, type ParlParams } from '../../core/learning/parl';
import type { RolloutWorkerData } from '../rollout-protocol';
import { decodeRecord, encodeRecord, PREFIX, SWEEP_VERSION } from './sweep-protocol';

export const TRAIN_QUEUE = 'train';

export interface TrainJob {
  readonly version: string;
  /** What the worker builds its training environment from (the same files, on the same checkout). */
  readonly data: RolloutWorkerData;
  readonly episode: number;
  /** The Redis key holding the batch's weights (encodeParams). */
  readonly weights: string;
}

/** One key per batch: set once by the launcher, read (and cached) by every worker. */
export const weightsKey = (training: string, batch: number) => `${PREFIX}:train:${training}:weights:${batch}`;

export const trainJob = (data: RolloutWorkerData, episode: number, weights: string): TrainJob => ({
  version: SWEEP_VERSION,
  data,
  episode,
  weights,
});

// Typed arrays as tagged plain arrays: JSON would write them as objects keyed by index.
const tagged = (value: unknown): unknown => {
  if (value instanceof Float64Array) return { $f64: Array.from(value) };
  if (value instanceof Uint8Array) return { $u8: Array.from(value) };
  if (Array.isArray(value)) return value.map(tagged);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tagged(v)]));
  return value;
};
const untagged = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(untagged);
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (Array.isArray(o.$f64)) return Float64Array.from(o.$f64 as number[]);
    if (Array.isArray(o.$u8)) return Uint8Array.from(o.$u8 as number[]);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, untagged(v)]));
  }
  return value;
};

/** Weights or an outcome as text that decodes to the same bits (−0, NaN and typed arrays kept). */
export const encodeExact = (value: unknown): string => encodeRecord(tagged(value));
export const decodeExact = <T>(text: string): T => untagged(decodeRecord(text)) as T;

export const encodeParams = (params: ParlParams): string => encodeExact(params);

export function decodeParams(text: string): ParlParams {
  const raw = decodeExact<Record<string, Float64Array>>(text);
  for (const key of PARAM_KEYS)
    if (!(raw[key] instanceof Float64Array)) throw new Error(`the batch's weights have no "${key}"`);
  return raw as unknown as ParlParams;
}

export const encodeOutcome = (outcome: EpisodeOutcome): string => encodeExact(outcome);
export const decodeOutcome = (text: string): EpisodeOutcome => decodeExact<EpisodeOutcome>(text);
