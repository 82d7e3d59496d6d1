/**
 * The worker's side of the `train` queue: plays one episode of a `swarm train --redis` batch with
 * the batch's weights, in a training environment built from the training's source as the launcher
 * read it (train-protocol.ts; one per source, kept), and returns its outcome encoded bit for bit.
 *
 * A worker survives every job (docs/scale-out.md, "Failures"): whatever a job holds, its failure
 * is caught and reported as that job's, in this project's words. It reads no file: a job names
 * Redis keys of its training only, and the source it reads there must hash to what the job says
 * and pass the checks the CLI applies to a mix, its scenarios and profiles. A job of another build
 * is left for a worker of that build, without using up a try.
 */

import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import { playEpisode } from '../../core/learning/episode';
import type { ParlParams } from '../../core/learning/parl';
import type { TrainEnv } from '../../core/learning/train-config';
import { parseProfiles } from '../../core/scenarios/profiles';
import { PROVIDER_IDS } from '../../providers/registry';
import { type TrainSource, trainingEnvOf } from '../training-env';
import { mixProblems } from './sweep-check';
import { buildOf, REFUSED_DELAY_MS, SWEEP_TTL_S, SWEEP_VERSION } from './sweep-protocol';
import {
  decodeParams,
  encodeOutcome,
  isTrainKey,
  refusedTrainKey,
  sourceHashOf,
  type TrainJob,
  trainPrefix,
} from './train-protocol';

/** Why `data` is not a train job of this protocol, or undefined when it has the shape of one. */
function shapeProblem(data: unknown): string | undefined {
  const d = data as Partial<TrainJob> | null;
  if (typeof d !== 'object' || d === null) return 'it holds no object';
  if (typeof d.version !== 'string') return 'it names no version';
  if (!isTrainKey(d.source, 'source') || !isTrainKey(d.weights, 'weights'))
    return `it names keys that are not a training's source and weights (${trainPrefix}TRAINING:source, …:weights:N)`;
  if (typeof d.sourceHash !== 'string' || !/^[0-9a-f]{64}$/.test(d.sourceHash))
    return 'its source hash is not one';
  if (typeof d.config !== 'object' || d.config === null) return 'it holds no training config';
  if (!Number.isSafeInteger(d.episode) || (d.episode as number) < 0)
    return 'its episode is not a whole number';
  return undefined;
}

/** The source under `key`, if it hashes to `hash` and passes the CLI's checks. */
async function sourceFrom(redis: Redis, key: string, hash: string): Promise<TrainSource> {
  const text = await redis.get(key);
  if (text === null) throw new Error(`the training's source (${key}) is gone from Redis`);
  if (sourceHashOf(text) !== hash)
    throw new UnrecoverableError(`the training's source (${key}) does not hash to what the job names`);
  let source: TrainSource;
  try {
    source = JSON.parse(text) as TrainSource;
  } catch {
    throw new UnrecoverableError(`the training's source (${key}) is not JSON`);
  }
  const profiles = parseProfiles(JSON.stringify(source?.profiles), 'its profiles', PROVIDER_IDS);
  const problems = [
    ...mixProblems(source?.mix, source?.specs, 'its mix'),
    ...(profiles.ok ? [] : [profiles.error]),
  ];
  if (problems.length > 0)
    throw new UnrecoverableError(
      `the training's source fails the checks the CLI applies: ${problems.join('; ')}`,
    );
  return source;
}

export function trainProcessor(
  redis: Redis,
  workerId = 'this worker',
  note: (text: string) => void = () => {},
) {
  const envs = new Map<string, Promise<TrainEnv>>();
  // A batch's weights, read once however many of its episodes this worker plays.
  let weights: { key: string; params: Promise<ParlParams> } | undefined;
  const cached = <T>(made: Promise<T>, forget: () => void): Promise<T> => {
    // Handled at once: a promise that rejects before its job awaits it must not end the process.
    made.catch(forget);
    return made;
  };

  const play = async (data: TrainJob): Promise<string> => {
    let env = envs.get(data.sourceHash);
    if (!env) {
      env = cached(sourceFrom(redis, data.source, data.sourceHash).then(trainingEnvOf), () =>
        envs.delete(data.sourceHash),
      );
      envs.set(data.sourceHash, env);
      if (envs.size > 4) envs.delete(envs.keys().next().value as string);
    }
    if (weights?.key !== data.weights) {
      const key = data.weights;
      const read = redis.get(key).then((text) => {
        if (text === null) throw new Error(`the batch's weights (${key}) are gone from Redis`);
        return decodeParams(text);
      });
      weights = {
        key,
        params: cached(read, () => {
          if (weights?.key === key) weights = undefined;
        }),
      };
    }
    const built = await env;
    const params = await weights.params;
    return encodeOutcome(await playEpisode(data.config, built, data.episode, { params }));
  };

  return async (job: Job<TrainJob>, token?: string): Promise<string> => {
    const data: unknown = job.data;
    const problem = shapeProblem(data);
    if (problem !== undefined) {
      const message = `not a train job of ${SWEEP_VERSION}: ${problem}`;
      note(`worker ${workerId}: job ${job.id}: ${message}`);
      throw new UnrecoverableError(message);
    }
    const train = data as TrainJob;
    if (train.version !== SWEEP_VERSION) {
      note(
        `worker ${workerId}: left train jobs of build ${buildOf(train.version)} to other workers (${train.version}); this worker runs ${SWEEP_VERSION}`,
      );
      // Noted for the training's launcher to print, when there is such a training.
      if ((await redis.exists(train.source)) === 1) {
        const key = refusedTrainKey(train.source);
        await redis.multi().hset(key, workerId, SWEEP_VERSION).expire(key, SWEEP_TTL_S).exec();
      }
      await job.moveToDelayed(Date.now() + REFUSED_DELAY_MS, token ?? '');
      throw new DelayedError(`left for a worker of build ${buildOf(train.version)}`);
    }
    try {
      return await play(train);
    } catch (error) {
      const message = `episode ${train.episode}: ${(error as Error).message}`;
      note(`worker ${workerId}: job ${job.id}: ${message}`);
      throw error instanceof UnrecoverableError ? new UnrecoverableError(message) : new Error(message);
    }
  };
}
