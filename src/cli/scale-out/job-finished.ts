/**
 * Waits for a job's end from the queue's event stream, listening before the job is added.
 * BullMQ's own `job.waitUntilFinished` listens after, then asks Redis whether the job has already
 * finished, and a job that finished and was removed (removeOnComplete) in between is reported as
 * failed with "Missing key for job": under load, a good attempt would then count as a crash.
 */

import { type Queue, QueueEvents, type QueueEventsOptions } from 'bullmq';
import type { Redis } from 'ioredis';

export interface Finished<T> {
  /** Resolves with the job's return value; rejects with its failure reason. */
  readonly done: Promise<T>;
  /** Stops listening (the job was not added after all). */
  readonly cancel: () => void;
}

/** Listens for the end of job `jobId`; call it before adding the job, on a QueueEvents that is ready. */
export function jobFinished<T>(events: QueueEvents, jobId: string): Finished<T> {
  let cancel = () => {};
  const done = new Promise<T>((resolve, reject) => {
    const completed = `completed:${jobId}`;
    const failed = `failed:${jobId}`;
    const onCompleted = (args: { returnvalue: unknown }) => {
      cancel();
      resolve(args.returnvalue as T);
    };
    const onFailed = (args: { failedReason?: string }) => {
      cancel();
      reject(new Error(args.failedReason ?? 'the job failed'));
    };
    cancel = () => {
      events.removeListener(completed as never, onCompleted as never);
      events.removeListener(failed as never, onFailed as never);
    };
    events.on(completed as never, onCompleted as never);
    events.on(failed as never, onFailed as never);
  });
  return { done, cancel };
}

/**
 * The queue's event stream, heard from this moment on, ready. BullMQ's QueueEvents reads from `$`
 * (the stream's end) when its first XREAD runs, which is after `waitUntilReady` resolves: a job
 * that ended in between was never heard, and its waiter waited for ever (job-refusals' "queued
 * again" test, with a quick job and a busy machine). Reading from the last event there is now
 * hears everything after it, whenever the first read runs.
 */
export async function eventsFromNow(queue: Queue, options: QueueEventsOptions): Promise<QueueEvents> {
  const client = await queue.client;
  if (!readsBackwards(client)) throw new Error("a sweep needs an ioredis connection (BullMQ's own)");
  const [last] = await client.xrevrange(queue.toKey('events'), '+', '-', 'COUNT', 1);
  const events = new QueueEvents(queue.name, { ...options, lastEventId: last?.[0] ?? '0-0' });
  // Connection trouble is retried by the connection itself; a job's end or loss is what counts.
  events.on('error', () => {});
  await events.waitUntilReady();
  return events;
}

/** BullMQ types its connection by what it uses itself; on Node it is an ioredis client. */
function readsBackwards(client: object): client is Pick<Redis, 'xrevrange'> {
  return typeof (client as { xrevrange?: unknown }).xrevrange === 'function';
}
