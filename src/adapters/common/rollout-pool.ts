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
  /** Which of `order` have been handed out (a worker may take one past `next`: its group's). */
  readonly handed: boolean[];
  readonly slotOf: ReadonlyMap<number, number>;
  readonly results: (EpisodeOutcome | undefined)[];
  /** The first of `order` not yet handed out. */
  next: number;
  finished: number;
  resolve(outcomes: EpisodeOutcome[]): void;
  reject(error: Error): void;
}

/**
 * `cost(e)` guesses how long episode e takes: a batch is handed out longest first, so the last
 * episode of a batch is a short one and no worker waits long for another (LPT scheduling).
 * `together(e)` names episode e's group (the episodes of a group play one instance): a worker is
 * handed the rest of the group it played last before anything else, and a worker starting on a
 * new group takes one no other worker is on, so a group's instance is built once, by one worker
 * (core/learning/episode-instances.ts). Which worker plays an episode never changes its outcome.
 * After a failure (an episode that threw, a worker that died) every later call rejects with it:
 * the training fails rather than hangs.
 */
export function rolloutPool(
  channels: readonly RolloutChannel[],
  cost?: (episode: number) => number,
  together?: (episode: number) => number,
): Rollouts {
  if (channels.length < 1) throw new Error('a rollout pool needs at least one worker');
  let current: Batch | undefined;
  let broken: Error | undefined;
  /** The group each worker played last. */
  const groupOf = new Map<RolloutChannel, number>();

  /** Where in `batch.order` the next episode for `channel` is. */
  const pick = (batch: Batch, channel: RolloutChannel): number => {
    if (!together) return batch.next;
    const episodeAt = (i: number) => batch.episodes[batch.order[i] as number] as number;
    const mine = groupOf.get(channel);
    const others = new Set<number>();
    for (const [c, g] of groupOf) if (c !== channel) others.add(g);
    let fresh = -1;
    for (let i = batch.next; i < batch.order.length; i++) {
      if (batch.handed[i]) continue;
      const g = together(episodeAt(i));
      if (g === mine) return i;
      if (fresh < 0 && !others.has(g)) fresh = i;
    }
    return fresh >= 0 ? fresh : batch.next;
  };

  const fail = (error: Error): void => {
    broken ??= error;
    const batch = current;
    current = undefined;
    batch?.reject(error);
  };

  const feed = (batch: Batch, channel: RolloutChannel, params: RolloutRequest['params']): void => {
    if (batch.next >= batch.order.length) return;
    const at = pick(batch, channel);
    batch.handed[at] = true;
    while (batch.next < batch.order.length && batch.handed[batch.next]) batch.next++;
    const episode = batch.episodes[batch.order[at] as number] as number;
    if (together) groupOf.set(channel, together(episode));
    channel.post({ episode, params });
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
        handed: new Array<boolean>(order.length).fill(false),
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
