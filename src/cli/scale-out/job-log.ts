/**
 * A worker's log of its jobs (docs/scale-out.md, "Watching a fleet"): one line per finished try of
 * a job — its queue, its sweep (or training, or run), policy and seed (or episode, or task), the
 * try, how long it took and how it ended — as text for people or as one JSON object a line for
 * machines (`swarm worker --log json`). And the words for BullMQ's errors about a job, which name
 * the real cause: a job taken over by another worker, not "a Redis lock problem".
 */

import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { unparseableReason } from './parsed-worker';
import { type SweepJob, sweepKey } from './sweep-protocol';

export type LogFormat = 'text' | 'json';
export const LOG_FORMATS: readonly LogFormat[] = ['text', 'json'];

/** One finished try of one job, as the log has it. */
export interface JobLine {
  readonly worker: string;
  readonly queue: string;
  readonly job: string;
  /** The bench queue's sweep, the train queue's training, the subagents queue's run (its pool). */
  readonly sweep?: string;
  readonly launch?: number;
  readonly policy?: string;
  readonly seed?: number;
  readonly episode?: number;
  readonly task?: string;
  readonly attempt?: number;
  readonly try: number;
  readonly ms: number;
  /** done, already (its run had a record), stale (a replaced launch), failed (to be tried again), failed for good. */
  readonly outcome: string;
  readonly reason?: string;
}

/** The line as text: `worker ID: QUEUE sweep S launch L, POLICY seed N, try T: OUTCOME in MS ms[: REASON]`. */
export function jobText(line: JobLine): string {
  const what = [
    line.sweep !== undefined
      ? `${line.queue === 'bench' ? 'sweep' : line.queue === 'train' ? 'training' : 'run'} ${line.sweep}${line.launch !== undefined ? ` launch ${line.launch}` : ''}`
      : `job ${line.job}`,
    [
      line.policy,
      line.seed !== undefined ? `seed ${line.seed}` : undefined,
      line.episode !== undefined ? `episode ${line.episode}` : undefined,
      line.task !== undefined ? `task ${line.task}` : undefined,
      line.attempt !== undefined ? `attempt ${line.attempt}` : undefined,
    ]
      .filter((p) => p !== undefined)
      .join(' '),
    `try ${line.try}`,
  ].filter((p) => p !== '');
  return `worker ${line.worker}: ${line.queue} ${what.join(', ')}: ${line.outcome} in ${line.ms} ms${line.reason !== undefined ? `: ${line.reason}` : ''}`;
}

const firstLine = (text: string) => (text.split('\n')[0] ?? '').slice(0, 500);

/** What a job's data says about it, by queue (data that is not the queue's shape says nothing). */
function subjectOf(queue: string, job: Job): Partial<JobLine> {
  const data = (job.data ?? {}) as Record<string, unknown>;
  const id = String(job.id ?? '');
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  if (unparseableReason(job) !== undefined) return {};
  // Other queues' job ids are the launcher's name, then the job's number in it.
  const owner = id.includes('-') ? id.slice(0, id.lastIndexOf('-')) : undefined;
  if (queue === 'bench') {
    const launch = num(data.launch);
    const seed = num(data.seed);
    return {
      ...(typeof data.sweep === 'string' ? { sweep: data.sweep } : {}),
      ...(launch !== undefined ? { launch } : {}),
      ...(seed !== undefined ? { seed } : {}),
    };
  }
  if (queue === 'train') {
    const episode = num(data.episode);
    return { ...(owner ? { sweep: owner } : {}), ...(episode !== undefined ? { episode } : {}) };
  }
  const request = (data.request ?? {}) as Record<string, unknown>;
  const attempt = num(request.attempt);
  return {
    ...(owner ? { sweep: owner } : {}),
    ...(typeof request.taskId === 'string' ? { task: request.taskId } : {}),
    ...(attempt !== undefined ? { attempt } : {}),
  };
}

/**
 * The log of worker `worker`: `print` gets each line. A bench job's policy is named from its sweep's
 * record in Redis (read once a sweep), or by its index when the sweep is gone.
 */
export function jobLog(options: {
  readonly worker: string;
  readonly format: LogFormat;
  readonly redis: Redis;
  readonly print: (text: string) => void;
  readonly now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const policies = new Map<string, Promise<readonly string[]>>();
  const policiesOf = (sweep: string): Promise<readonly string[]> => {
    let known = policies.get(sweep);
    if (!known) {
      known = options.redis
        .hget(sweepKey(sweep), 'spec')
        .then((text) => (text === null ? [] : ((JSON.parse(text) as { policies?: string[] }).policies ?? [])))
        .catch(() => []);
      policies.set(sweep, known);
      if (policies.size > 16) policies.delete(policies.keys().next().value as string);
    }
    return known;
  };
  const emit = async (queue: string, job: Job, outcome: string, reason?: string) => {
    const subject = subjectOf(queue, job);
    let policy: string | undefined;
    const data = job.data as Partial<SweepJob> | undefined;
    if (queue === 'bench' && subject.sweep !== undefined && typeof data?.policy === 'number') {
      policy = (await policiesOf(subject.sweep))[data.policy] ?? `policy #${data.policy}`;
    }
    const line: JobLine = {
      worker: options.worker,
      queue,
      job: String(job.id ?? ''),
      ...subject,
      ...(policy !== undefined ? { policy } : {}),
      try: Math.max(1, job.attemptsMade),
      ms: job.processedOn ? Math.max(0, Math.round(now() - job.processedOn)) : 0,
      outcome,
      ...(reason !== undefined ? { reason: firstLine(reason) } : {}),
    };
    options.print(options.format === 'json' ? JSON.stringify(line) : jobText(line));
  };
  return {
    completed(queue: string, job: Job, result: unknown): Promise<void> {
      return emit(queue, job, typeof result === 'string' && queue === 'bench' ? result : 'done');
    },
    failed(queue: string, job: Job | undefined, error: Error): Promise<void> {
      if (!job) return Promise.resolve();
      const again = error.name !== 'UnrecoverableError' && job.attemptsMade < (job.opts.attempts ?? 1);
      return emit(queue, job, again ? 'failed' : 'failed for good', error.message);
    },
  };
}

/**
 * BullMQ's error about a job this worker held, in words that name the cause; undefined for any
 * other error (a connection's, said as such by the worker). A job whose lock is gone, or whose key
 * is gone, or that is no longer active, was taken over: this worker held it past its lock (a
 * paused or overloaded process), another worker took it, and what this one made of it is not used
 * (a sweep's run it wrote is the same field with the same value).
 */
export function takenOver(error: Error): string | undefined {
  const match =
    /^(?:Missing lock for job|Lock mismatch for job|Missing key for job) (\S+?)\.? /.exec(error.message) ??
    /^Job (\S+) is not in the active state/.exec(error.message);
  if (!match) return undefined;
  return `job ${match[1]} was taken over by another worker: this worker held it longer than its lock lasts (--lock-ms) without renewing it (a paused or overloaded process), so the job was given to another; this worker's result for it is not used`;
}
