/**
 * A worker's side of a sweep: one job is one policy on one seed, run as the launching command
 * runs it locally (the sweep's runner, sweep-spec.ts) from the sweep kept in Redis, its record
 * written under its policy × seed.
 *
 * A job is looked at before it is run (docs/scale-out.md, "Failures"):
 * - made by another build (its version, sweep-protocol.ts): left for a worker of that build, put
 *   back on the queue a second later without using up a try, and the refusal is noted for the
 *   launcher to print;
 * - not one of a sweep's runs (no such sweep, a policy index or seed the sweep lacks, not a
 *   sweep job at all): ignored and logged, nothing written;
 * - its sweep's record changed in Redis (no longer hashing to the sweep's id) or failing the
 *   checks the CLI applies: failed for good, in words that name the problem, never the record.
 */

import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import { sweepProblems } from './sweep-check';
import {
  buildOf,
  doneKey,
  encodeRecord,
  failedKey,
  REFUSED_DELAY_MS,
  refusedKey,
  runField,
  SWEEP_TTL_S,
  SWEEP_VERSION,
  type SweepFailure,
  type SweepJob,
  sweepKey,
  workersKey,
} from './sweep-protocol';
import { runnerOf, type SweepSpec, sweepIdOf } from './sweep-spec';

interface Setup {
  readonly run: (policy: number, seed: number) => Promise<unknown>;
  readonly policies: number;
  readonly seeds: ReadonlySet<number>;
  /** The build the sweep's launcher runs (its record's version). */
  readonly version: string;
}

/**
 * What a job's processor returns: the run was made; the job belonged to a replaced launch; its
 * run already has a record (a launcher queued it again in the moment its first job completed and
 * was removed), so it is not made twice; or it is no run of any sweep here (ignored, logged).
 */
export type SweepJobOutcome = 'done' | 'stale' | 'already' | 'foreign';

const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** Whether `data` has a sweep job's shape; a job pushed by anyone else may hold anything. */
function isSweepJob(data: unknown): data is SweepJob {
  const d = data as Partial<SweepJob> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.version === 'string' &&
    typeof d.sweep === 'string' &&
    /^[0-9a-f]{16}$/.test(d.sweep) &&
    isWhole(d.launch) &&
    isWhole(d.policy) &&
    isWhole(d.seed)
  );
}

/** A sweep's record read back from Redis, held to its id and to the CLI's checks. */
async function setupFrom(text: string, sweep: string): Promise<Setup> {
  let spec: SweepSpec;
  try {
    spec = JSON.parse(text) as SweepSpec;
  } catch {
    throw new UnrecoverableError(`the record of sweep ${sweep} in Redis is not JSON`);
  }
  if (typeof spec !== 'object' || spec === null || sweepIdOf(spec) !== sweep)
    throw new UnrecoverableError(
      `the record of sweep ${sweep} in Redis does not hash to the sweep's id: it was changed after its launcher wrote it`,
    );
  // Checked before anything is built of it: a record of another build is not this worker's to run.
  if (spec.version !== SWEEP_VERSION)
    return { run: async () => undefined, policies: 0, seeds: new Set(), version: String(spec.version) };
  const problems = sweepProblems(spec);
  if (problems.length > 0)
    throw new UnrecoverableError(
      `the record of sweep ${sweep} fails the checks the CLI applies: ${problems.join('; ')}`,
    );
  return {
    run: await runnerOf(spec),
    policies: spec.policies.length,
    seeds: new Set(spec.seeds),
    version: spec.version,
  };
}

/** The processor of the `bench` queue, for worker `workerId`; `note` prints a notice once per text. */
export function sweepProcessor(
  redis: Redis,
  workerId: string,
  note: (text: string) => void,
): (job: Job<SweepJob>, token?: string) => Promise<SweepJobOutcome> {
  // The sweeps this worker has set up, by sweep and launch; a worker serves few sweeps at once.
  const setups = new Map<string, Promise<Setup>>();
  const setupOf = (sweep: string, launch: number, text: string): Promise<Setup> => {
    const key = `${sweep}:${launch}`;
    let setup = setups.get(key);
    if (!setup) {
      setup = setupFrom(text, sweep);
      setups.set(key, setup);
      setup.catch(() => setups.delete(key));
      if (setups.size > 8) setups.delete(setups.keys().next().value as string);
    }
    return setup;
  };
  const ignored = (job: Job, why: string): SweepJobOutcome => {
    note(`worker ${workerId}: ignored job ${job.id}: ${why}; nothing written`);
    return 'foreign';
  };

  return async (job, token) => {
    const data: unknown = job.data;
    if (!isSweepJob(data)) return ignored(job, 'it is not a sweep job (a sweep, launch, policy and seed)');
    if (data.version !== SWEEP_VERSION) return refuse(redis, job, data, workerId, note, token);
    const field = runField(data.policy, data.seed);
    const tries = job.attemptsMade + 1;
    const [current, text] = await redis.hmget(sweepKey(data.sweep), 'launch', 'spec');
    if (current == null || text == null) return ignored(job, `there is no sweep ${data.sweep} in Redis`);
    // A later launch of the same sweep replaced this one: its runs are that launch's to make.
    if (Number(current) !== data.launch) return 'stale';
    const fail = async (message: string) => {
      const failure: SweepFailure = {
        policy: data.policy,
        seed: data.seed,
        message,
        attempts: tries,
        worker: workerId,
      };
      const key = failedKey(data.sweep, data.launch);
      await redis.multi().hset(key, field, JSON.stringify(failure)).expire(key, SWEEP_TTL_S).exec();
    };
    let setup: Setup;
    try {
      setup = await setupOf(data.sweep, data.launch, text);
    } catch (error) {
      // A record that fails its checks fails every try alike: failed at once. Anything else is
      // tried again, as a run that throws is.
      const recordFails = error instanceof UnrecoverableError;
      const message = recordFails
        ? error.message
        : `cannot set up sweep ${data.sweep}: ${(error as Error).message}`;
      note(`worker ${workerId}: ${message}`);
      if (recordFails || tries >= (job.opts.attempts ?? 1)) await fail(message);
      throw recordFails ? error : new Error(message);
    }
    // A job of this build for a sweep of another: its runs would carry this build's figures.
    if (setup.version !== SWEEP_VERSION)
      return ignored(job, `sweep ${data.sweep} is build ${buildOf(setup.version)}'s, not this worker's`);
    if (data.policy >= setup.policies || !setup.seeds.has(data.seed))
      return ignored(
        job,
        `sweep ${data.sweep} has no run ${data.policy >= setup.policies ? `of policy #${data.policy}` : `on seed ${data.seed}`}`,
      );
    const done = doneKey(data.sweep, data.launch);
    if ((await redis.hexists(done, field)) === 1) return 'already';
    try {
      const record = await setup.run(data.policy, data.seed);
      const workers = workersKey(data.sweep, data.launch);
      await redis
        .multi()
        .hset(done, field, encodeRecord(record))
        .expire(done, SWEEP_TTL_S)
        .sadd(workers, workerId)
        .expire(workers, SWEEP_TTL_S)
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

/**
 * A job of another build: put back for a worker of that build, a second from now, without using
 * up one of its tries (BullMQ's moveToDelayed skips the attempt; the DelayedError tells the
 * worker the job was moved, not failed). The refusal is noted under the sweep's launch, when
 * there is such a sweep, for its launcher to print.
 */
async function refuse(
  redis: Redis,
  job: Job<SweepJob>,
  data: SweepJob,
  workerId: string,
  note: (text: string) => void,
  token: string | undefined,
): Promise<never> {
  note(
    `worker ${workerId}: left the jobs of sweep ${data.sweep} to other workers: they were made by build ${buildOf(data.version)} (${data.version}), this worker runs ${SWEEP_VERSION}`,
  );
  const key = refusedKey(data.sweep, data.launch);
  if ((await redis.exists(sweepKey(data.sweep))) === 1)
    await redis.multi().hset(key, workerId, SWEEP_VERSION).expire(key, SWEEP_TTL_S).exec();
  await job.moveToDelayed(Date.now() + REFUSED_DELAY_MS, token ?? '');
  throw new DelayedError(`left for a worker of build ${buildOf(data.version)}`);
}
