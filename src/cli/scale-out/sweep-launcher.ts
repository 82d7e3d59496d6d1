/**
 * The launcher's side of a sweep across machines (docs/scale-out.md): it keeps the sweep in
 * Redis, queues one job per policy × seed, waits while workers run them, and returns their
 * records in the local loop's order, for the command to fold with its own code (bench-sweep.ts).
 */

import { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { ReportedFailure, UsageError } from '../errors';
import { lastingConnection, lastingOptions, probeRedis } from './redis-connect';
import { type RedisTarget, scrub } from './redis-url';
import { fieldOf, finishedFields, type JobFeed, jobFeed } from './sweep-feed';
import { noteForeign, noteRefusals, ownCount, replaced } from './sweep-ownership';
import { SweepPace } from './sweep-pace';
import {
  ATTEMPTS,
  buildOf,
  decodeRecord,
  doneKey,
  failedKey,
  jobIdOf,
  PREFIX,
  refusedKey,
  SWEEP_TTL_S,
  type SweepFailure,
  type SweepJob,
  sweepKey,
  workersKey,
} from './sweep-protocol';
import { type SweepSpec, sweepIdOf } from './sweep-spec';

export interface SweepLaunch {
  readonly target: RedisTarget;
  /** Continue the sweep this command started before, rather than start it afresh. */
  readonly resume: boolean;
  /** Progress and notices (stderr). */
  readonly err: (text: string) => void;
  /** How often Redis is asked how far the sweep is. */
  readonly pollMs?: number;
  /** How long without progress before the jobs not heard of are looked up one by one. */
  readonly stallCheckMs?: number;
  /** Jobs waiting or running at once (sweep-feed.ts). */
  readonly window?: number;
}

/**
 * Runs a sweep through Redis: every policy × seed a job, made by whichever workers take them.
 * Returns the runs' records in the local loop's order (seed by seed, policy by policy).
 */
export async function runSweep(spec: SweepSpec, launch: SweepLaunch): Promise<unknown[]> {
  const { target } = launch;
  await probeRedis(target);
  const redis = lastingConnection(target, launch.err);
  const queue = new Queue<SweepJob>('bench', { connection: lastingOptions(target), prefix: PREFIX });
  queue.on('error', () => {});
  try {
    // Its connection set up before anything can close it: a queue closed while BullMQ still set
    // up its client left a "Connection is closed" rejection that no one awaited (CI, bad-input.test,
    // a --resume of no sweep).
    await queue.waitUntilReady();
    const sweep = sweepIdOf(spec);
    const number = await launchNumber(redis, sweep, spec, launch);
    const jobs = spec.seeds.flatMap((seed) =>
      spec.policies.map((_, policy) => ({ version: spec.version, sweep, launch: number, policy, seed })),
    );
    return await gather(redis, queue, spec, jobs, launch);
  } catch (error) {
    // main prints a stack for an unexpected error, and the stack holds the message as it was.
    if (error instanceof Error) {
      error.message = scrub(error.message, target);
      if (error.stack) error.stack = scrub(error.stack, target);
    }
    throw error;
  } finally {
    await queue.close().catch(() => {});
    redis.disconnect();
  }
}

/**
 * The launch this command runs: a fresh one (the sweep's count plus one, its older launches'
 * records dropped), or with --resume the last one, which must exist.
 */
async function launchNumber(
  redis: Redis,
  sweep: string,
  spec: SweepSpec,
  { resume, target, err }: SweepLaunch,
): Promise<number> {
  const key = sweepKey(sweep);
  if (resume) {
    const last = await redis.hget(key, 'launch');
    if (last === null)
      throw new UsageError(
        `--resume: there is no sweep ${sweep} on ${target.shown} (this command's sweep was never started there, or it expired after ${SWEEP_TTL_S / 86400} days); run it without --resume`,
      );
    err(`sweep ${sweep}: resuming launch ${last} on ${target.shown}`);
    return Number(last);
  }
  // One transaction: no moment when the sweep's key exists without its expiry.
  const [[, number]] = (await redis
    .multi()
    .hincrby(key, 'launch', 1)
    .hset(key, 'spec', JSON.stringify(spec), 'version', spec.version)
    .expire(key, SWEEP_TTL_S)
    .exec()) as [[unknown, number]];
  const older = number - 1;
  await redis.del(
    doneKey(sweep, older),
    failedKey(sweep, older),
    workersKey(sweep, older),
    refusedKey(sweep, older),
  );
  err(`sweep ${sweep}: launch ${number} on ${target.shown}`);
  return number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Queues the jobs not done yet, and waits until every job has a record or has failed for good. */
async function gather(
  redis: Redis,
  queue: Queue<SweepJob>,
  spec: SweepSpec,
  jobs: readonly SweepJob[],
  launch: SweepLaunch,
): Promise<unknown[]> {
  const { err } = launch;
  const first = jobs[0] as SweepJob;
  const [key, done, failed, workers, refused] = [
    sweepKey(first.sweep),
    doneKey(first.sweep, first.launch),
    failedKey(first.sweep, first.launch),
    workersKey(first.sweep, first.launch),
    refusedKey(first.sweep, first.launch),
  ];
  const total = jobs.length;
  const field = fieldOf;
  // The sweep's own runs: a result or failure under any other field was put there by something
  // else (a job pushed by hand, another program) and is ignored.
  const own = new Set(jobs.map(field));
  const refusals = new Map<string, string>();
  if (launch.resume) {
    // Jobs that failed for good are tried again: a resumed sweep is asked to finish.
    const retried = await redis.hkeys(failed);
    const byField = new Map(jobs.map((job) => [field(job), job]));
    for (const f of retried) {
      const job = byField.get(f);
      if (job) await queue.remove(jobIdOf(job)).catch(() => 0);
    }
    if (retried.length > 0) await redis.del(failed);
  }
  const feed = jobFeed(redis, queue, jobs, { done, failed }, launch.window);
  const left = await feed.restart();
  await feed.topUp(total - left);
  err(`sweep ${first.sweep}: ${total - left} of ${total} runs already done, ${left} to run`);

  const pollMs = launch.pollMs ?? 250;
  const stallCheckMs = launch.stallCheckMs ?? 5000;
  let shown = '';
  let shownAt = 0;
  let progressAt = Date.now();
  let lastCount = -1;
  let touchedAt = Date.now();
  const startedAt = Date.now();
  // Runs a second and the time left, on the progress line (sweep-pace.ts).
  const pace = new SweepPace();
  for (;;) {
    const [[, exists], [, doneCount], [, failedCount], [, seen], [, current], [, refusing]] = (await redis
      .multi()
      .exists(key)
      .hlen(done)
      .hlen(failed)
      .scard(workers)
      .hget(key, 'launch')
      .hgetall(refused)
      .exec()) as [
      [unknown, number],
      [unknown, number],
      [unknown, number],
      [unknown, number],
      [unknown, string | null],
      [unknown, Record<string, string>],
    ];
    if (current !== null && Number(current) !== first.launch) throw replaced(first, Number(current));
    noteRefusals(first, refusing, refusals, err);
    if (exists === 0) {
      // The server lost the sweep (restarted without persistence, or flushed): it is put back and
      // whatever has no record is queued again; seeds make the runs the same.
      await redis
        .multi()
        .hset(key, 'spec', JSON.stringify(spec), 'version', spec.version, 'launch', first.launch)
        .expire(key, SWEEP_TTL_S)
        .exec();
      const again = await feed.restart();
      err(
        `sweep ${first.sweep}: Redis lost the sweep (a restart without persistence?): ${again} runs queued again`,
      );
    }
    await feed.topUp(doneCount + failedCount);
    const finished = doneCount + failedCount;
    const now = Date.now();
    // Nobody has taken a job for a while: most likely no worker runs, which the line says.
    // Workers of another build are no help: the line says so, and which build is wanted.
    const idle =
      seen === 0 && now - startedAt >= 10_000
        ? refusals.size > 0
          ? ` (none of build ${buildOf(first.version)} has taken a job yet: waiting for \`swarm worker\` from this checkout)`
          : ' (none has taken a job yet: start `swarm worker --redis URL`)'
        : '';
    pace.note(now, finished);
    const refusedText = refusals.size > 0 ? `, ${refusals.size} of another build left its jobs` : '';
    const line = `sweep ${first.sweep}: ${doneCount}/${total} runs done, ${total - finished} left${failedCount > 0 ? `, ${failedCount} failed` : ''}, ${seen} worker${seen === 1 ? '' : 's'} seen${refusedText}${idle}${pace.describe(total - finished)}`;
    if (finished >= total || (line !== shown && now - shownAt >= 1000) || now - shownAt >= 10_000) {
      err(line);
      shown = line;
      shownAt = now;
    }
    // The counts can overlap (a job failed for stalling whose worker then finished it after
    // all): done only when every run has a record or a failure.
    if (finished >= total && ownCount(await finishedFields(redis, done, failed), own) >= total) break;
    if (finished !== lastCount) {
      lastCount = finished;
      progressAt = now;
    } else if (now - progressAt >= stallCheckMs) {
      await checkStalled(redis, queue, feed, { key, done, failed }, first);
      progressAt = now;
    }
    if (now - touchedAt >= 60_000) {
      await expireAll(redis, [key, done, failed, workers, refused]);
      touchedAt = now;
    }
    await sleep(pollMs);
  }
  await expireAll(redis, [key, done, failed, workers, refused]);

  const records = await redis.hgetall(done);
  const failedRecords = await redis.hgetall(failed);
  noteForeign(first.sweep, [...Object.keys(records), ...Object.keys(failedRecords)], own, err);
  // A run with a record is not a failure, whatever else happened to its job.
  const failures = Object.entries(failedRecords)
    .filter(([f]) => own.has(f) && records[f] === undefined)
    .map(([, t]) => JSON.parse(t) as SweepFailure);
  if (failures.length > 0) {
    failures.sort((a, b) => a.seed - b.seed || a.policy - b.policy);
    const listed = failures
      .slice(0, 20)
      .map(
        (f) =>
          `  ${spec.policies[f.policy] ?? `policy #${f.policy}`} seed ${f.seed}: ${f.message} (${f.attempts} tr${f.attempts === 1 ? 'y' : 'ies'})`,
      );
    const more = failures.length > 20 ? [`  … and ${failures.length - 20} more`] : [];
    throw new ReportedFailure(
      [
        `${failures.length} of ${total} runs of sweep ${first.sweep} failed; no report was written (the runs that finished are kept: fix the cause and run the same command with --resume):`,
        ...listed,
        ...more,
      ].join('\n'),
    );
  }
  // The local loop's order: seed by seed, and within a seed policy by policy.
  return jobs.map((job) => {
    const text = records[field(job)];
    if (text === undefined) throw new Error(`sweep ${job.sweep}: no record for ${field(job)}`);
    return decodeRecord<unknown>(text);
  });
}

async function expireAll(redis: Redis, keys: readonly string[]): Promise<void> {
  const multi = redis.multi();
  for (const k of keys) multi.expire(k, SWEEP_TTL_S);
  await multi.exec();
}

/**
 * No record came for a while: the jobs not heard of are looked up. One that failed outside its
 * processor (stalled more often than allowed: a worker that dies on it every time) is recorded
 * as failed; one that no longer exists (lost by Redis) is queued again.
 */
async function checkStalled(
  redis: Redis,
  queue: Queue<SweepJob>,
  feed: JobFeed,
  keys: { readonly key: string; readonly done: string; readonly failed: string },
  first: SweepJob,
): Promise<void> {
  // Nothing is queued again for a launch that another launch replaced meanwhile.
  const current = await redis.hget(keys.key, 'launch');
  if (current !== null && Number(current) !== first.launch) throw replaced(first, Number(current));
  const have = await finishedFields(redis, keys.done, keys.failed);
  const missing = feed
    .queued()
    .filter((job) => !have.has(fieldOf(job)))
    .slice(0, 2000);
  const lost: SweepJob[] = [];
  for (const job of missing) {
    const state = await queue.getJobState(jobIdOf(job));
    if (state === 'unknown') lost.push(job);
    if (state !== 'failed') continue;
    const failedJob = await Job.fromId<SweepJob>(queue, jobIdOf(job));
    const failure: SweepFailure = {
      policy: job.policy,
      seed: job.seed,
      message: failedJob?.failedReason ?? 'failed',
      attempts: failedJob?.attemptsMade ?? ATTEMPTS,
    };
    await redis.hsetnx(keys.failed, fieldOf(job), JSON.stringify(failure));
  }
  // A job that finished between the two looks is gone too, but has its result: not queued again.
  const after = await finishedFields(redis, keys.done, keys.failed);
  await feed.add(lost.filter((job) => !after.has(fieldOf(job))));
}
