/**
 * The orchestration worker's protocol (workers/orchestration.worker.ts), imported by both sides:
 * src/adapters/orchestration-host.ts implements it in the worker, orchestration-client.ts wraps
 * it on the page. Training sends its curve points to the page's `events` proxy as it goes.
 */
import type { ProxyMarked, Remote } from 'comlink';
import type { OrchestrationCheckpoint } from '../core/learning/orchestration/checkpoint';
import type { EpisodeTrace } from '../core/learning/orchestration/trace';
import type { CurvePoint } from '../core/learning/orchestration/train';

export interface OrchestrationEvents {
  /** Every few batches, and after the last: the points since the last call. */
  onPoints(points: CurvePoint[], done: number, total: number): void;
}
export type RemoteOrchestrationEvents = Remote<OrchestrationEvents & ProxyMarked>;

export interface OrchestrationTrainResult {
  readonly checkpoint: OrchestrationCheckpoint;
  readonly seconds: number;
  /** Web Workers that played episodes beside the training thread (0: it played them all). */
  readonly rolloutWorkers: number;
  /** Episodes those workers played. */
  readonly workerEpisodes: number;
}

export interface OrchestrationTrainOptions {
  /** Rollout Web Workers beside the training thread; default none (orchestration-rollouts.ts says why). */
  readonly rolloutWorkers?: number;
}

/** One row of the leaderboard: a policy's means on the test split and its paired difference. */
export interface LeaderRow {
  readonly name: string;
  /** A baseline (serial, heuristic, best fixed, per kind) or a stored policy. */
  readonly baseline: boolean;
  readonly reward: number;
  /** Mean difference in reward against the best fixed setting, with its 95% bootstrap interval. */
  readonly vsBestFixed: { readonly mean: number; readonly low: number; readonly high: number } | null;
  readonly quality: number;
  readonly relativeCost: number;
  readonly criticalSteps: number;
}

export interface Leaderboard {
  readonly instances: number;
  readonly bestFixed: string;
  /** Best reward first. */
  readonly rows: LeaderRow[];
  readonly paretoSvg: string;
}

/** A stored policy for the worker: its name and checkpoint as saved. */
export interface StoredOrchestrationPolicy {
  readonly name: string;
  readonly checkpoint: unknown;
}

export interface OrchestrationApi {
  train(
    seed: number,
    episodes: number,
    events: RemoteOrchestrationEvents,
    options?: OrchestrationTrainOptions,
  ): Promise<OrchestrationTrainResult>;
  /** Every baseline and every policy given, on the test split (the validation grid chooses the baselines). */
  leaderboard(policies: StoredOrchestrationPolicy[]): Promise<Leaderboard>;
  /** One test instance (0-based index into the test split) played by a baseline or a stored policy. */
  trace(policy: string | StoredOrchestrationPolicy, instance: number): Promise<EpisodeTrace>;
}
