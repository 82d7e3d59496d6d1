/**
 * A launcher's side of one queue: the queue it adds jobs to, the event stream it hears their ends
 * on (job-finished.ts), both ready, and a name for its jobs that no other launcher uses. Shared by
 * the subagent pool and the training rollouts (a sweep's launcher has its own, sweep-launcher.ts).
 */

import { randomUUID } from 'node:crypto';
import { Queue, type QueueEvents } from 'bullmq';
import { eventsFromNow } from './job-finished';
import { lastingOptions } from './redis-connect';
import type { RedisTarget } from './redis-url';
import { PREFIX } from './sweep-protocol';

export interface QueueClient {
  readonly queue: Queue;
  readonly events: QueueEvents;
  /** A prefix for this launcher's job ids: its start time and a random part. */
  readonly name: string;
  close(): Promise<void>;
}

export async function openQueue(name: string, target: RedisTarget): Promise<QueueClient> {
  const connection = lastingOptions(target);
  const queue = new Queue(name, { connection, prefix: PREFIX });
  // Connection trouble is retried by the connections themselves; a job's end or loss is what counts.
  queue.on('error', () => {});
  await queue.waitUntilReady();
  const events = await eventsFromNow(queue, { connection, prefix: PREFIX });
  return {
    queue,
    events,
    name: `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`,
    close: async () => {
      await Promise.all([queue.close(), events.close()]);
    },
  };
}
