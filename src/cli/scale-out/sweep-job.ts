/**
 * A worker's side of a sweep: one job is one policy on one seed, run as the launching command
 * runs it locally (the sweep's runner, sweep-spec.ts) from the sweep kept in Redis, its record
 * written under its policy × seed. A job of another version is refused: its records could not be
 * folded with the others.
 */

import { type Job, UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  doneKey,
  encodeRecord,
  failedKey,
  runField,
  SWEEP_VERSION,
  type SweepFailure,
  type SweepJob,
  sweepKey,
  workersKey,
} from './sweep-protocol';
import { runnerOf, type SweepSpec } from './sweep-spec';

type Runner = (policy: number, seed: number) => Promise<unknown>;

/**
 * What a job's processor returns: the run was made; the job belonged to a replaced launch; or its
 * run already has a record (a launcher queued it again in the moment its first job completed and
 * was removed: a resumed launcher, or one that found it lost), so it is not made twice.
 */
export type SweepJobOutcome = 'done' | 'stale' | 'already';

/** The processor of the `bench` queue, for worker `workerId`; `note` prints a notice once per text. */
export function sweepProcessor(
  redis: Redis,
  workerId: string,
  note: (text: string) => void,
): (job: Job<SweepJob>) => Promise<SweepJobOutcome> {
  // The sweeps this worker has set up, by sweep and launch; a worker serves few sweeps at once.
  const setups = new Map<string, Promise<Runner>>();
  const setupOf = (sweep: string, launch: number): Promise<Runner> => {
    const key = `${sweep}:${launch}`;
    let setup = setups.get(key);
    if (!setup) {
      setup = redis.hget(sweepKey(sweep), 'spec').then(async (text) => {
        if (text === null) throw new Error(`sweep ${sweep} is not in Redis (its launcher puts it back)`);
        return runnerOf(JSON.parse(text) as SweepSpec);
      });
      setups.set(key, setup);
      setup.catch(() => setups.delete(key));
      if (setups.size > 8) setups.delete(setups.keys().next().value as string);
    }
    return setup;
  };

  return async (job) => {
    const data = job.data;
    const field = runField(data.policy, data.seed);
    const tries = job.attemptsMade + 1;
    const fail = async (message: string) => {
      const failure: SweepFailure = {
        policy: data.policy,
        seed: data.seed,
        message,
        attempts: tries,
        worker: workerId,
      };
      await redis.hset(failedKey(data.sweep, data.launch), field, JSON.stringify(failure));
    };
    if (data.version !== SWEEP_VERSION) {
      const message = `refused by worker ${workerId}, which runs ${SWEEP_VERSION}: the job was made by ${String(data.version)}; run the launcher and the workers from one version`;
      note(`worker ${workerId}: ${message}`);
      await fail(message);
      // Never tried again: no worker of this version can run it.
      throw new UnrecoverableError(message);
    }
    // A later launch of the same sweep replaced this one: its runs are that launch's to make.
    const current = await redis.hget(sweepKey(data.sweep), 'launch');
    if (current !== null && Number(current) !== data.launch) return 'stale';
    if ((await redis.hexists(doneKey(data.sweep, data.launch), field)) === 1) return 'already';
    try {
      const run = await setupOf(data.sweep, data.launch);
      const record = await run(data.policy, data.seed);
      await redis
        .multi()
        .hset(doneKey(data.sweep, data.launch), field, encodeRecord(record))
        .sadd(workersKey(data.sweep, data.launch), workerId)
        .exec();
      return 'done';
    } catch (error) {
      // The last try: the launcher is told which run failed and why, rather than waiting on it.
      if (tries >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError)
        await fail((error as Error).message);
      throw error;
    }
  };
}
