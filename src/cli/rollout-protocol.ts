/**
 * The messages between `swarm train`'s rollout pool (rollout-pool.ts) and each of its worker
 * threads (rollout-worker.ts), in one place: the worker's start data, a request per episode, and
 * the reply, an outcome or an error. Node worker threads talk by structured clone; the episodes'
 * weights are plain arrays, so no shared memory is needed.
 */
import type { EpisodeOutcome } from '../core/learning/episode';
import type { ParlParams } from '../core/learning/parl';
import type { TrainConfig } from '../core/learning/train-config';

/** What a worker builds its training environment from: the parent's own files and settings. */
export interface RolloutWorkerData {
  readonly scenario: string;
  readonly profiles?: string;
  readonly config: TrainConfig;
}

/** Play this episode with these weights. */
export interface RolloutRequest {
  readonly episode: number;
  readonly params: ParlParams;
}

/** The episode's outcome, or why it could not be played. */
export type RolloutReply =
  | { readonly episode: number; readonly outcome: EpisodeOutcome }
  | { readonly episode: number; readonly error: string };
