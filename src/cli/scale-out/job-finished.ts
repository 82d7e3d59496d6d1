/**
 * Waits for a job's end from the queue's event stream, listening before the job is added.
 * BullMQ's own `job.waitUntilFinished` listens after, then asks Redis whether the job has already
 * finished, and a job that finished and was removed (removeOnComplete) in between is reported as
 * failed with "Missing key for job": under load, a good attempt would then count as a crash.
 */

import type { QueueEvents } from 'bullmq';

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
