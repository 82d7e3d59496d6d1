/**
 * A worker's service of the `subagents` queue: a BullMQ Worker that runs attempts for any swarm
 * run launched with `--redis` (subagent-pool.ts), on this machine's provider, and stops an attempt
 * when its launcher cancels it. A job's worker that dies is not run again by BullMQ
 * (maxStalledCount 0): the stalled job fails, and the launcher's runtime retries the attempt, so
 * the retry is a decision in the trace rather than a silent rerun.
 */

import { realPace } from '../../adapters/common/pace';
import { nodeSandbox } from '../../adapters/node/node-sandbox';
import type { Provider } from '../../core/providers/types';
import type { SubagentSetup } from '../../core/run/subagent-setup';
import { simulatedProviderFor } from '../../core/scenarios/players';
import { ParsedWorker } from './parsed-worker';
import { lastingConnection, lastingOptions } from './redis-connect';
import type { RedisTarget } from './redis-url';
import { listenForCancels, subagentProcessor } from './subagent-job';
import { SUBAGENTS_QUEUE } from './subagent-protocol';
import { PREFIX } from './sweep-protocol';

export interface ServeOptions {
  /** The worker's name in traces. */
  readonly id: string;
  /** Its name to Redis, for `swarm queue status` (worker-identity.ts). */
  readonly name?: string;
  readonly concurrency: number;
  /** Lock time, and how often stalled jobs are looked for: a dead worker's attempt fails after about this long. */
  readonly lockMs: number;
  /** Real milliseconds per second of simulated model time (0: as fast as it goes), as the page's pace. */
  readonly paceMs?: number;
  /** The worker's own model for a run's profiles (`--endpoint`); the seeded simulator without it. */
  readonly providerFor?: (setup: SubagentSetup) => Provider;
}

export async function serveSubagents(target: RedisTarget, options: ServeOptions) {
  const pace = options.paceMs ? realPace(options.paceMs) : undefined;
  const processor = subagentProcessor({
    id: options.id,
    providerFor: options.providerFor ?? ((setup) => simulatedProviderFor(setup.profiles, pace)),
    ports: { sandbox: nodeSandbox },
  });
  const worker = new ParsedWorker(SUBAGENTS_QUEUE, processor, {
    connection: lastingOptions(target),
    prefix: PREFIX,
    ...(options.name !== undefined ? { name: options.name } : {}),
    concurrency: options.concurrency,
    lockDuration: options.lockMs,
    stalledInterval: options.lockMs,
    maxStalledCount: 0,
  });
  const subscriber = lastingConnection(target);
  await listenForCancels(subscriber, (jobId) => worker.cancelJob(jobId, 'cancelled by the launcher'));
  await worker.waitUntilReady();
  return {
    worker,
    async close(force = false) {
      await worker.close(force);
      subscriber.disconnect();
    },
  };
}
