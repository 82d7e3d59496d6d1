/**
 * How a launcher queues a sweep's jobs: in the local loop's order, skipping the runs that already
 * have a result or a failure, and never more than `window` waiting or running at once, so that a
 * sweep of a million runs does not hold a million jobs in Redis at its start (a waiting job takes
 * a few hundred bytes; a result about 0.65 KB, which stays).
 */

import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { ATTEMPTS, jobIdOf, runField, SWEEP_TTL_S, type SweepJob } from './sweep-protocol';

/** Jobs waiting or running at once, by default: enough to keep many workers busy between polls. */
export const WINDOW = 5000;

export interface JobFeed {
  /**
   * Reads which runs are finished and starts again from the first job: at the start, and after
   * Redis lost the sweep. Returns how many runs are left to make.
   */
  restart(): Promise<number>;
  /** Queues the next jobs, until `window` are outstanding, given the runs finished so far. */
  topUp(finished: number): Promise<void>;
  /** The jobs queued so far (those that may be waiting, running, finished or lost). */
  queued(): readonly SweepJob[];
  /** Queues these jobs again (lost by Redis); a job that still exists is left as it is. */
  add(jobs: readonly SweepJob[]): Promise<void>;
}

export const fieldOf = (job: SweepJob) => runField(job.policy, job.seed);

/** The fields of the runs with a result or a failure. */
export async function finishedFields(redis: Redis, done: string, failed: string): Promise<Set<string>> {
  return new Set([...(await redis.hkeys(done)), ...(await redis.hkeys(failed))]);
}

export function jobFeed(
  redis: Redis,
  queue: Queue<SweepJob>,
  jobs: readonly SweepJob[],
  keys: { readonly done: string; readonly failed: string },
  window = WINDOW,
): JobFeed {
  let next = 0;
  let added = 0;
  let finishedAtStart = 0;
  let known = new Set<string>();
  const add = async (batch: readonly SweepJob[]) => {
    // A job id that exists already is not added again (BullMQ), so adding is safe to repeat.
    for (let i = 0; i < batch.length; i += 1000)
      await queue.addBulk(
        batch.slice(i, i + 1000).map((job) => ({
          name: 'run',
          data: job,
          opts: {
            jobId: jobIdOf(job),
            attempts: ATTEMPTS,
            removeOnComplete: true,
            removeOnFail: { age: SWEEP_TTL_S },
          },
        })),
      );
  };
  return {
    async restart() {
      known = await finishedFields(redis, keys.done, keys.failed);
      next = 0;
      added = 0;
      finishedAtStart = known.size;
      return jobs.filter((job) => !known.has(fieldOf(job))).length;
    },
    async topUp(finished) {
      let room = window - (added - (finished - finishedAtStart));
      const batch: SweepJob[] = [];
      while (room > 0 && next < jobs.length) {
        const job = jobs[next++] as SweepJob;
        if (known.has(fieldOf(job))) continue;
        batch.push(job);
        room--;
      }
      added += batch.length;
      await add(batch);
    },
    queued: () => jobs.slice(0, next),
    add,
  };
}
