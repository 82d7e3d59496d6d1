/**
 * What `swarm train --redis` and the workers playing its episodes agree on (docs/scale-out.md):
 * the queue, a job (one episode of one batch), where the batch's weights wait, and how an
 * episode's outcome crosses Redis bit for bit. An episode depends only on its index and the
 * weights it is played with, so a job run twice (a worker killed after playing it) gives the same
 * outcome, and the checkpoint is the local training's, byte for byte.
 */

import { createHash } from 'node:crypto';
import type { EpisodeOutcome } from '../../core/learning/episode';
import { PARAM_KEYS, type ParlParams } from '../../core/learning/parl';
import type { TrainConfig } from '../../core/learning/train-config';
import { decodeRecord, encodeRecord, PREFIX, SWEEP_VERSION } from './sweep-protocol';

export const TRAIN_QUEUE = 'train';

export interface TrainJob {
  readonly version: string;
  /**
   * The Redis key of the training's source (training-env.ts: the mix, its scenarios and the
   * profiles, as the launcher read them): content, never a path a worker would have to read.
   */
  readonly source: string;
  /** The hash of that source's text (sourceHashOf): a worker plays only the source it names. */
  readonly sourceHash: string;
  readonly config: TrainConfig;
  readonly episode: number;
  /** The Redis key holding the batch's weights (encodeParams). */
  readonly weights: string;
}

/** Where every key of a training starts (BullMQ's keys of the `train` queue start so too). */
export const trainPrefix = `${PREFIX}:train:`;

/**
 * Whether `key` is a training's source or batch weights key, the only keys a train job may name:
 * a job pushed by anyone else cannot point a worker at another key (BullMQ's, a sweep's).
 */
export const isTrainKey = (key: unknown, kind: 'source' | 'weights'): key is string =>
  typeof key === 'string' &&
  new RegExp(
    `^${trainPrefix}[0-9a-z]{1,16}-[0-9a-f]{8}:${kind === 'source' ? 'source' : 'weights:\\d{1,9}'}$`,
  ).test(key);

/** One key per batch: set once by the launcher, read (and cached) by every worker. */
export const weightsKey = (training: string, batch: number) => `${trainPrefix}${training}:weights:${batch}`;
/** One key per training: its source, set once by the launcher. */
export const sourceKey = (training: string) => `${trainPrefix}${training}:source`;
/** The workers of another build that left a training's episodes (field: worker → its version). */
export const refusedTrainKey = (source: string) => source.replace(/:source$/, ':refused');

export const sourceHashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

export const trainJob = (
  source: { readonly key: string; readonly hash: string },
  config: TrainConfig,
  episode: number,
  weights: string,
): TrainJob => ({
  version: SWEEP_VERSION,
  source: source.key,
  sourceHash: source.hash,
  config,
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
  let raw: Record<string, Float64Array>;
  try {
    raw = decodeExact<Record<string, Float64Array>>(text);
  } catch {
    // JSON.parse's message quotes the text: never repeated, whatever the key held.
    throw new Error("the batch's weights are not JSON");
  }
  for (const key of PARAM_KEYS)
    if (!(raw?.[key] instanceof Float64Array)) throw new Error(`the batch's weights have no "${key}"`);
  return raw as unknown as ParlParams;
}

export const encodeOutcome = (outcome: EpisodeOutcome): string => encodeExact(outcome);
export const decodeOutcome = (text: string): EpisodeOutcome => decodeExact<EpisodeOutcome>(text);
