/**
 * What a rollout pool (src/adapters/common/rollout-pool.ts) and its workers say to each other, on
 * every host: a request per episode and its reply, an outcome or an error. The CLI's worker threads
 * post them as they are; the page's rollout Web Workers answer the same requests as Comlink calls
 * (`RolloutApi`). Both cross by structured clone, which keeps Float64Arrays, −0 and NaN as they
 * were: an outcome arrives as the worker computed it, so training is bit-identical to one thread.
 * The weights are plain Float64Arrays, copied per request: no shared memory, which a static page
 * could not have (it needs cross-origin isolation headers).
 */
import type { ProxyMarked, Remote } from 'comlink';
import type { EpisodeOutcome } from '../../core/learning/episode';
import type { ParlParams } from '../../core/learning/parl';
import type { CodeSandbox } from '../../core/tools/sandbox';
import type { TrainRequest } from './train-protocol';

/** Play this episode with these weights. */
export interface RolloutRequest {
  readonly episode: number;
  readonly params: ParlParams;
}

/** The episode's outcome, or why it could not be played. */
export type RolloutReply =
  | { readonly episode: number; readonly outcome: EpisodeOutcome }
  | { readonly episode: number; readonly error: string };

/** What a page's rollout worker builds its environment from: the training's own request. */
export type RolloutSetup = Pick<TrainRequest, 'config' | 'mix' | 'specs' | 'profiles'>;

/**
 * A page's rollout worker, as the training worker calls it over the MessagePort the page handed
 * both (Comlink). `setup` first; `play` waits for the environment it builds. `sandbox` is the
 * training worker's own (a `Comlink.proxy`): every worker's coding episodes share its memory of
 * the programs already run, so a program is run once however many workers meet it.
 */
export interface RolloutApi {
  setup(setup: RolloutSetup, sandbox?: Remote<CodeSandbox & ProxyMarked>): void;
  play(episode: number, params: ParlParams): Promise<EpisodeOutcome>;
}

/**
 * Page → rollout worker, on the worker itself: the port to expose `RolloutApi` on, and a Web Lock
 * to hold for as long as it lives, so the page learns of its end however it comes (a crash, being
 * terminated, closing itself), which no event reports.
 */
export interface RolloutStart {
  readonly type: 'swarmflight-rollout-start';
  readonly lock: string;
}

/** Rollout worker → page: the lock is held; from now on its release means the worker is gone. */
export interface RolloutHolding {
  readonly type: 'swarmflight-rollout-holding';
}

export const isRolloutStart = (data: unknown): data is RolloutStart =>
  (data as Partial<RolloutStart> | null)?.type === 'swarmflight-rollout-start';

export const isRolloutHolding = (data: unknown): data is RolloutHolding =>
  (data as Partial<RolloutHolding> | null)?.type === 'swarmflight-rollout-holding';
