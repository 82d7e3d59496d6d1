/**
 * The BullMQ subagent pool against the pool contract every pool passes (tests/support/pool-contract.ts),
 * with its workers in this process on a real Redis server of the test's own: each attempt goes out
 * as a job through Redis and comes back. What only a remote pool can do (a worker killed mid-attempt,
 * the trace naming each attempt's worker) is in subagent-workers.test.ts, with worker processes.
 */

import { Worker } from 'bullmq';
import { afterAll } from 'vitest';
import { lastingConnection, lastingOptions } from '../../src/cli/scale-out/redis-connect';
import { redisTarget } from '../../src/cli/scale-out/redis-url';
import { listenForCancels, subagentProcessor } from '../../src/cli/scale-out/subagent-job';
import { remotePool } from '../../src/cli/scale-out/subagent-pool';
import { SUBAGENTS_QUEUE } from '../../src/cli/scale-out/subagent-protocol';
import { PREFIX } from '../../src/cli/scale-out/sweep-protocol';
import type { SubagentSetup } from '../../src/core/run/subagent-setup';
import { simulatedProviderFor } from '../../src/core/scenarios/players';
import { poolContract } from '../support/pool-contract';
import { startRedis } from '../support/redis-server';
import { faults, gatedProvider } from '../support/test-subagent';

const redis = await startRedis();
afterAll(() => redis.stop());
const target = redisTarget(redis.url);

/** A pool and, in this process, a worker serving its queue `capacity` attempts at once; closing the pool stops both. */
async function made(setup: SubagentSetup, capacity: number, gate?: string, crashing = false) {
  const process = subagentProcessor({
    id: 'test-worker',
    providerFor: (s) => {
      const provider = simulatedProviderFor(s.profiles);
      return gate ? gatedProvider(provider, gate) : provider;
    },
  });
  const worker = new Worker(
    SUBAGENTS_QUEUE,
    async (job, token, signal) => {
      if (crashing && job.data.request.taskId === faults.crash) throw new Error('the subagent fell over');
      return process(job, token, signal);
    },
    { connection: lastingOptions(target), prefix: PREFIX, concurrency: capacity, maxStalledCount: 0 },
  );
  const subscriber = lastingConnection(target);
  await listenForCancels(subscriber, (jobId) => worker.cancelJob(jobId, 'cancelled by the launcher'));
  await worker.waitUntilReady();
  const pool = await remotePool({ target, setup, capacity });
  const close = pool.close.bind(pool);
  return Object.assign(pool, {
    async close() {
      await close();
      await worker.close(true);
      subscriber.disconnect();
    },
  });
}

poolContract('BullMQ', {
  make: (setup, capacity, gate) => made(setup, capacity, gate),
  makeCrashing: (setup, capacity) => made(setup, capacity, undefined, true),
});
