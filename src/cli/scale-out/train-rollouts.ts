/**
 * `swarm train --redis URL`: each PARL batch's episodes become jobs on the `train` queue, played
 * by `swarm worker --queues train` processes on any machine that reaches the server, and come
 * back in the order asked, so the training, and its checkpoint, are the local one's bit for bit.
 * The batch's weights go once into Redis; each job names them. A worker killed mid-episode loses
 * its lock, and another plays the episode again, to the same outcome.
 */

import type { EpisodeOutcome } from '../../core/learning/episode';
import type { Rollouts } from '../../core/learning/train';
import type { RolloutPool } from '../rollout-pool';
import type { RolloutWorkerData } from '../rollout-protocol';
import { trainingSource } from '../training-env';
import { jobFinished } from './job-finished';
import { openQueue } from './queue-client';
import { lastingConnection } from './redis-connect';
import { type RedisTarget, scrub } from './redis-url';
import { ATTEMPTS, buildOf, SWEEP_TTL_S, SWEEP_VERSION } from './sweep-protocol';
import {
  decodeOutcome,
  encodeParams,
  refusedTrainKey,
  sourceHashOf,
  sourceKey,
  TRAIN_QUEUE,
  trainJob,
  weightsKey,
} from './train-protocol';

export async function remoteRollouts(
  target: RedisTarget,
  data: RolloutWorkerData,
  /** How long episode e takes, roughly: a batch goes out longest first (as the thread pool's). */
  cost?: (episode: number) => number,
  /** Each batch's episodes as they come back: done so far and in all. */
  onProgress?: (done: number, total: number) => void,
  /** Notices: a worker of another build that leaves the training's episodes to others. */
  say?: (text: string) => void,
): Promise<RolloutPool> {
  // The scenario and profiles travel as read here: a worker elsewhere cannot read this machine's
  // files (a relative --scenario path killed the worker that tried).
  const text = JSON.stringify(trainingSource(data.scenario, data.profiles));
  const client = await openQueue(TRAIN_QUEUE, target);
  const { queue, events, name: training } = client;
  const redis = lastingConnection(target);
  const source = { key: sourceKey(training), hash: sourceHashOf(text) };
  await redis.set(source.key, text, 'EX', SWEEP_TTL_S);
  let batch = 0;
  const refused = refusedTrainKey(source.key);
  const keys: string[] = [source.key, refused];
  const told = new Map<string, string>();
  const tellRefusals = () =>
    redis
      .hgetall(refused)
      .then((workers) => {
        for (const [worker, version] of Object.entries(workers)) {
          if (told.get(worker) === version) continue;
          told.set(worker, version);
          say?.(
            `training ${training}: worker ${worker} refused its episodes: it runs build ${buildOf(version)} (${version}), this training is build ${buildOf(SWEEP_VERSION)}'s; it leaves them to workers of build ${buildOf(SWEEP_VERSION)} (run every worker from the launcher's checkout)`,
          );
        }
      })
      .catch(() => {});

  const rollouts: Rollouts = async (episodes, params) => {
    const key = weightsKey(training, batch++);
    keys.push(key);
    await redis
      .multi()
      .set(key, encodeParams(params), 'EX', SWEEP_TTL_S)
      .expire(source.key, SWEEP_TTL_S)
      .exec();
    const order = episodes.map((_, i) => i);
    if (cost) {
      const c = episodes.map(cost);
      order.sort((a, b) => (c[b] as number) - (c[a] as number) || a - b);
    }
    const jobId = (slot: number) => `${training}-${episodes[slot]}`;
    // Listening before the jobs exist, so that no end is missed (job-finished.ts).
    const finished = order.map((slot) => jobFinished<string>(events, jobId(slot)));
    try {
      await queue.addBulk(
        order.map((slot) => ({
          name: 'episode',
          data: trainJob(source, data.config, episodes[slot] as number, key),
          // The episode's id: added again (a retried batch) it is the same job, not a second one.
          opts: { jobId: jobId(slot), attempts: ATTEMPTS, removeOnComplete: true, removeOnFail: true },
        })),
      );
    } catch (error) {
      for (const f of finished) f.cancel();
      throw error;
    }
    let done = 0;
    const results = new Array<EpisodeOutcome | undefined>(episodes.length);
    const watch = say ? setInterval(tellRefusals, 1000) : undefined;
    await Promise.all(
      finished.map(async (f, i) => {
        const slot = order[i] as number;
        try {
          results[slot] = decodeOutcome(await f.done);
        } catch (error) {
          throw new Error(
            `rollout of episode ${episodes[slot]} failed after ${ATTEMPTS} tries: ${scrub((error as Error).message, target)}`,
          );
        }
        onProgress?.(++done, episodes.length);
      }),
    ).finally(() => clearInterval(watch));
    await redis.del(key);
    keys.splice(keys.indexOf(key), 1);
    return results as EpisodeOutcome[];
  };

  return {
    rollouts,
    async close() {
      if (keys.length > 0) await redis.del(...keys).catch(() => 0);
      await client.close();
      redis.disconnect();
    },
  };
}
