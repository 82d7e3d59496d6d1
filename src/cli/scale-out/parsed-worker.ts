/**
 * A BullMQ Worker that survives a job it cannot read. BullMQ parses a job's JSON as it takes the
 * job, outside any processor: a job whose data (or options) is not JSON threw there, the worker
 * printed `Redis: Unexpected token … (retrying)`, and the job stayed active with an empty reason
 * until it stalled. Here such a job is taken as a job whose data says why it cannot be read, and
 * the processor fails it at once, with that reason, never to be tried again; the worker goes on.
 */

import {
  type Job,
  type JobJsonRaw,
  type Processor,
  UnrecoverableError,
  Worker,
  type WorkerOptions,
} from 'bullmq';

/** The key of the data that stands for a job that could not be parsed. */
const UNPARSEABLE = '$swarmflightUnparseable';

/** The fields of a job's Redis hash that BullMQ reads as JSON, and what stands in for each. */
const JSON_FIELDS = { data: '{}', opts: '{}', progress: '0', returnvalue: 'null', stacktrace: '[]' } as const;

const parses = (text: unknown): boolean => {
  if (typeof text !== 'string') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Why `job` could not be parsed, when it could not (the reason it is failed with). */
export function unparseableReason(job: Job): string | undefined {
  const data = job.data as Record<string, unknown> | null;
  return data !== null && typeof data === 'object' && typeof data[UNPARSEABLE] === 'string'
    ? (data[UNPARSEABLE] as string)
    : undefined;
}

export class ParsedWorker<Data = unknown, Result = unknown> extends Worker<Data, Result> {
  constructor(name: string, processor: Processor<Data, Result>, options: WorkerOptions) {
    super(
      name,
      async (job, token, signal) => {
        const reason = unparseableReason(job as Job);
        if (reason !== undefined) throw new UnrecoverableError(reason);
        return processor(job, token, signal);
      },
      options,
    );
  }

  protected override createJob(raw: JobJsonRaw, jobId: string): Job<Data, Result> {
    try {
      return super.createJob(raw, jobId);
    } catch {
      // Its contents are not quoted: they are whatever someone pushed, and may be anything.
      const bad = Object.keys(JSON_FIELDS).filter(
        (f) => !parses((raw as unknown as Record<string, unknown>)[f]),
      );
      const fixed: Record<string, unknown> = { ...raw };
      for (const f of bad) fixed[f] = JSON_FIELDS[f as keyof typeof JSON_FIELDS];
      const what =
        bad.length > 0
          ? `its ${bad.join(' and ')} ${bad.length === 1 ? 'is' : 'are'} not JSON`
          : 'it is malformed';
      fixed.data = JSON.stringify({
        [UNPARSEABLE]: `job ${jobId} could not be parsed: ${what}; failed without running, not tried again`,
      });
      return super.createJob(fixed as unknown as JobJsonRaw, jobId);
    }
  }
}
