/**
 * The subagent pool on BullMQ: the same pool port as the in-thread pool and the Web Worker pool
 * (src/core/runtime/pool.ts), with each attempt a job on the `subagents` queue, run by whichever
 * `swarm worker --queues subagents` takes it, on any machine that reaches the Redis server. It is
 * a `slotPool`, as the other two are: only what a slot is differs (here, a job in flight), so
 * capacity, arrival order, aborts, hangs and close behave as the contract suite says.
 *
 * A worker that dies mid-attempt: its job's lock runs out, BullMQ finds it stalled and fails it
 * (stalled jobs are not run again: maxStalledCount 0 on the workers), and the slot reports a
 * crash, so the runtime retries the attempt, on whichever worker is free, and the trace shows
 * the failed attempt, its retry and the worker of each.
 */

import { slotPool } from '../../adapters/common/thread-pool';
import type { SubagentSetup } from '../../core/run/subagent-setup';
import type { SubagentPool } from '../../core/runtime/pool';
import type { AttemptOutcome } from '../../core/runtime/ports';
import { jobFinished } from './job-finished';
import { openQueue } from './queue-client';
import { lastingConnection } from './redis-connect';
import { type RedisTarget, scrub } from './redis-url';
import { CANCEL_CHANNEL, SUBAGENTS_QUEUE, type SubagentResult, subagentJob } from './subagent-protocol';

export interface RemotePoolOptions {
  readonly target: RedisTarget;
  /** The run whose subagents the workers build: plain data, sent with every job. */
  readonly setup: SubagentSetup;
  readonly capacity: number;
  /** An attempt with no answer within this many ms ends as hung, and its job is cancelled. */
  readonly hangMs?: number;
}

export type RemotePool = SubagentPool & {
  /** The worker of each attempt's last run, in the order attempts ended (for a look; the trace has them too). */
  workers(): readonly string[];
};

export async function remotePool(options: RemotePoolOptions): Promise<RemotePool> {
  const { target } = options;
  const client = await openQueue(SUBAGENTS_QUEUE, target);
  const { queue, events, name: pool } = client;
  const publisher = lastingConnection(target);
  let seq = 0;
  const ran: string[] = [];
  const cancel = (jobId: string) => void publisher.publish(CANCEL_CHANNEL, jobId).catch(() => {});

  const slots = slotPool({
    capacity: options.capacity,
    ...(options.hangMs !== undefined ? { hangMs: options.hangMs } : {}),
    create: () => {
      let current: string | undefined;
      let stopped = false;
      return {
        ready: Promise.resolve(),
        async run(request): Promise<AttemptOutcome> {
          if (stopped) throw new Error('the subagent was stopped');
          const jobId = `${pool}-${++seq}`;
          current = jobId;
          const finished = jobFinished<SubagentResult>(events, jobId);
          try {
            await queue.add('attempt', subagentJob(options.setup, request), {
              jobId,
              attempts: 1,
              removeOnComplete: true,
              removeOnFail: true,
            });
          } catch (error) {
            finished.cancel();
            throw error;
          }
          try {
            const result = await finished.done;
            ran.push(result.worker);
            return result;
          } catch (error) {
            // The job failed: the worker's subagent threw, or the worker died and the job stalled.
            const said = scrub((error as Error).message, target);
            throw new Error(
              /stalled/i.test(said) ? `the worker running it stopped answering (BullMQ: ${said})` : said,
            );
          } finally {
            if (current === jobId) current = undefined;
          }
        },
        abort() {
          if (current) cancel(current);
        },
        terminate() {
          stopped = true;
          if (current) cancel(current);
        },
      };
    },
  });

  return {
    get capacity() {
      return slots.capacity;
    },
    warm: (count) => slots.warm(count),
    run: (request, signal) => slots.run(request, signal),
    stats: () => slots.stats(),
    workers: () => [...ran],
    async close() {
      await slots.close();
      await client.close();
      publisher.disconnect();
    },
  };
}
