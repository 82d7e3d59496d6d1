/**
 * What a sweep's launcher does about what is not its own (docs/scale-out.md, "How a sweep
 * works"): results and failures outside its runs, a newer launch of the same sweep, and workers of
 * another build that leave its jobs to others.
 */

import { ReportedFailure } from '../errors';
import { buildOf, type SweepJob } from './sweep-protocol';

/** How many of `fields` are the sweep's own. */
export const ownCount = (fields: ReadonlySet<string>, own: ReadonlySet<string>) => {
  let n = 0;
  for (const f of fields) if (own.has(f)) n++;
  return n;
};

/**
 * The same sweep was launched again (the same command, here or on another machine): that launch
 * dropped this one's results and makes its runs, so this launcher stops, queueing nothing more.
 */
export function replaced(first: SweepJob, current: number): ReportedFailure {
  return new ReportedFailure(
    `sweep ${first.sweep}: launch ${first.launch} was replaced by launch ${current} of the same sweep (the same command started again, here or elsewhere); this launcher stops and queues nothing more: launch ${current} makes the runs and prints the report`,
  );
}

/** Prints each worker of another build that left this launch's jobs, once. */
export function noteRefusals(
  first: SweepJob,
  refusing: Record<string, string>,
  known: Map<string, string>,
  err: (text: string) => void,
): void {
  const wanted = buildOf(first.version);
  for (const [worker, version] of Object.entries(refusing)) {
    if (known.get(worker) === version) continue;
    known.set(worker, version);
    err(
      `sweep ${first.sweep}: worker ${worker} refused its jobs: it runs build ${buildOf(version)} (${version}), the sweep is build ${wanted}'s; it leaves them to workers of build ${wanted} (run every worker from the launcher's checkout)`,
    );
  }
}

/** Says which fields outside the sweep's runs were found in its hashes, and that they are ignored. */
export function noteForeign(
  sweep: string,
  fields: readonly string[],
  own: ReadonlySet<string>,
  err: (text: string) => void,
): void {
  const foreign = fields.filter((f) => !own.has(f));
  if (foreign.length === 0) return;
  const s = foreign.length === 1 ? '' : 's';
  err(
    `sweep ${sweep}: ignored ${foreign.length} result${s} or failure${s} outside its runs (${foreign.slice(0, 5).join(', ')}${foreign.length > 5 ? ', …' : ''}): not made by its jobs`,
  );
}
