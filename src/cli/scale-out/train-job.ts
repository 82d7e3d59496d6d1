/**
 * The worker's side of the `train` queue: plays one episode of a `swarm train --redis` batch with
 * the batch's weights, in a training environment built from the same files as the launcher's (one
 * per scenario and profiles file, kept), and returns its outcome encoded bit for bit.
 */

import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { playEpisode } from '../../core/learning/episode';
import type { ParlParams } from '../../core/learning/parl';
import type { TrainEnv } from '../../core/learning/train-config';
import { trainingEnv } from '../training-env';
import { SWEEP_VERSION } from './sweep-protocol';
import { decodeParams, encodeOutcome, type TrainJob } from './train-protocol';

export function trainProcessor(redis: Redis) {
  const envs = new Map<string, Promise<TrainEnv>>();
  // A batch's weights, read once however many of its episodes this worker plays.
  let weights: { key: string; params: Promise<ParlParams> } | undefined;
  return async (job: Job<TrainJob>): Promise<string> => {
    const { version, data, episode } = job.data;
    if (version !== SWEEP_VERSION)
      throw new Error(`refused: the launcher is ${version}, this worker ${SWEEP_VERSION}`);
    const envKey = `${data.scenario}\u0000${data.profiles ?? ''}`;
    let env = envs.get(envKey);
    if (!env) {
      env = trainingEnv(data.scenario, data.profiles);
      envs.set(envKey, env);
    }
    if (weights?.key !== job.data.weights) {
      const key = job.data.weights;
      weights = {
        key,
        params: redis.get(key).then((text) => {
          if (text === null) throw new Error(`the batch's weights (${key}) are gone from Redis`);
          return decodeParams(text);
        }),
      };
    }
    const params = await weights.params;
    return encodeOutcome(await playEpisode(data.config, await env, episode, { params }));
  };
}
