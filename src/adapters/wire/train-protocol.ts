/**
 * The training worker's protocol, imported by both sides: src/adapters/browser/train-host.ts implements
 * `TrainApi` in the worker and exposes it over Comlink; src/adapters/browser/train-client.ts wraps it on
 * the page. Everything crosses by structured clone except `events`, which the page passes as a
 * `Comlink.proxy` so the worker can call back while it trains:
 *
 *   page → worker   start(request, proxy(events), transfer(ports, ports))
 *                                                     resolves with a TrainSummary when training
 *                                                     ends, after every callback has reached the page;
 *                                                     `ports` (transferred) reach the page's rollout
 *                                                     workers, which play PARL's batches
 *                                                     (rollout-protocol.ts)
 *   worker → page   events.onProgress / onCurve / onCheckpoint, in the order they happen
 *   page → worker   stop()                            training ends after the episode in hand
 */
import type { ProxyMarked, Remote } from 'comlink';
import type { PolicyCheckpoint } from '../../core/learning/checkpoint';
import type { MixSpec } from '../../core/learning/mix';
import type { CurvePoint, EpisodeStats, TrainConfig, TrainResult } from '../../core/learning/train';
import type { TaskScenarioSpec } from '../../core/scenarios/registry';
import type { ProfileSpec } from '../../core/scenarios/spec-types';

/** What a training run needs, as plain data: the worker rebuilds the provider and hashes from it. */
export interface TrainRequest {
  readonly config: TrainConfig;
  readonly mix: MixSpec;
  /** The task scenarios the mix names, by id. */
  readonly specs: Readonly<Record<string, TaskScenarioSpec>>;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  /**
   * A checkpoint to continue from (of `config.policy`'s kind). The worker checks it with
   * loadPolicy against `profiles`, so a file read from disk may be passed as parsed.
   */
  readonly resume?: PolicyCheckpoint;
}

/** The page's callbacks. Progress is throttled by the worker; curves and checkpoints all arrive. */
export interface TrainEvents {
  /** `done` of `total` episodes (counted from the start of the whole training) and the last one. */
  onProgress(done: number, total: number, stats: EpisodeStats): void;
  onCurve(point: CurvePoint): void;
  /** After every update and once at the end: the latest is always the one to keep. */
  onCheckpoint(checkpoint: PolicyCheckpoint): void;
}

/**
 * The page's `proxy(events)` as the worker holds it: each call is a message to the page, and its
 * promise settles when the page has run the callback. Marked, so `Remote<TrainApi>` on the page
 * asks for a proxy and not for a structured clone of functions (which would throw).
 */
export type RemoteTrainEvents = Remote<TrainEvents & ProxyMarked>;

/** How a training run ended (stopped or not): the last checkpoint, the curves of this run. */
export interface TrainSummary extends TrainResult {
  /** The run's target, `config.episodes`. */
  readonly episodes: number;
  /** Wall-clock seconds this run took in the worker. */
  readonly seconds: number;
}

/** What the worker exposes. One training at a time. */
export interface TrainApi {
  /**
   * `rollouts`: one MessagePort per rollout worker of the page (rollout-protocol.ts); PARL plays
   * each batch's episodes on them, a bandit ignores them. None: every episode plays here.
   */
  start(
    request: TrainRequest,
    events: RemoteTrainEvents,
    rollouts?: readonly MessagePort[],
  ): Promise<TrainSummary>;
  /** Ends the running training after its episode in hand; `start` then resolves, `stopped: true`. */
  stop(): void;
}
