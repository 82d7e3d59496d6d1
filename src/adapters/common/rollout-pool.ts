/**
 * The one rollout pool: it hands the episodes of a PARL batch to workers as they come free and
 * returns the outcomes in the order asked, so training is bit-identical however many workers play
 * (core/learning/train.ts, `Rollouts`). What a worker is — a Node worker thread (src/cli/
 * rollout-pool.ts) or a page's rollout Web Worker (the training worker's host, src/adapters/
 * browser/train-host.ts) — is the caller's: a `RolloutChannel` per worker.
 */
import type { EpisodeOutcome } from '../../core/learning/episode';
import type { Rollouts } from '../../core/learning/train';
import type { RolloutReply, RolloutRequest } from '../wire/rollout-protocol';

/** How the pool reaches one worker. */
export interface RolloutChannel {
  /** Hands the worker one episode; its answer comes back through `listen`'s `reply`. */
  post(request: RolloutRequest): void;
  /** Called once, by the pool: `fail` is for a worker that died, with why. */
  listen(listener: RolloutListener): void;
}

export interface RolloutListener {
  reply(reply: RolloutReply): void;
  fail(error: Error): void;
}

interface Batch {
  readonly episodes: readonly number[];
  /** Batch positions in the order they are handed out. */
  readonly order: readonly number[];
  readonly slotOf: ReadonlyMap<number, number>;
  readonly results: (EpisodeOutcome | undefined)[];
  next: number;
  finished: number;
  resolve(outcomes: EpisodeOutcome[]): void;
  reject(error: Error): void;
}

/**
 * `cost(e)` guesses how long episode e takes: a batch is handed out longest first, so the last
 * episode of a batch is a short one and no worker waits long for another (LPT scheduling). After a
 * failure (an episode that threw, a worker that died) every later call rejects with it: the
 * training fails rather than hangs.
 */
export function rolloutPool(
  channels: readonly RolloutChannel[],
  cost?: (episode: number) => number,
): Rollouts {
  if (channels.length < 1) throw new Error('a rollout pool needs at least one worker');
  let current: Batch | undefined;
  let broken: Error | undefined;

  const fail = (error: Error): void => {
    broken ??= error;
    const batch = current;
    current = undefined;
    batch?.reject(error);
  };

  const feed = (batch: Batch, channel: RolloutChannel, params: RolloutRequest['params']): void => {
    if (batch.next >= batch.order.length) return;
    const slot = batch.order[batch.next++] as number;
    channel.post({ episode: batch.episodes[slot] as number, params });
  };

  let params: RolloutRequest['params'] | undefined;
  for (const channel of channels) {
    channel.listen({
      reply(reply) {
        const batch = current;
        const slot = batch?.slotOf.get(reply.episode);
        // A late reply of a batch that already failed: nobody is waiting for it.
        if (!batch || slot === undefined || batch.results[slot] !== undefined) return;
        if ('error' in reply) {
          fail(new Error(`rollout of episode ${reply.episode} failed: ${reply.error}`));
          return;
        }
        batch.results[slot] = reply.outcome;
        batch.finished++;
        if (batch.finished === batch.episodes.length) {
          current = undefined;
          batch.resolve(batch.results as EpisodeOutcome[]);
        } else feed(batch, channel, params as RolloutRequest['params']);
      },
      fail,
    });
  }

  return (episodes, weights) =>
    new Promise<EpisodeOutcome[]>((resolve, reject) => {
      if (broken) return reject(broken);
      if (current) return reject(new Error('a rollout pool plays one batch at a time'));
      if (episodes.length === 0) return resolve([]);
      const order = episodes.map((_, i) => i);
      if (cost) {
        const c = episodes.map(cost);
        order.sort((a, b) => (c[b] as number) - (c[a] as number) || a - b);
      }
      const batch: Batch = {
        episodes,
        order,
        slotOf: new Map(episodes.map((e, i) => [e, i])),
        results: new Array<EpisodeOutcome | undefined>(episodes.length),
        next: 0,
        finished: 0,
        resolve,
        reject,
      };
      current = batch;
      params = weights;
      for (const channel of channels) feed(batch, channel, weights);
    });
}
