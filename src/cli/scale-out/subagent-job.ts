/**
 * The worker's side of the subagent queue: runs one attempt of a job with a subagent built from
 * the job's setup and this worker's own provider (the seeded simulator, or a model server near the
 * worker), and stops it when the launcher cancels the job (an abort, a hang, a closed pool).
 */

import { DelayedError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Provider } from '../../core/providers/types';
import { executorFromSetup } from '../../core/run/subagent-setup';
import type { AsyncExecutor } from '../../core/runtime/ports';
import type { ScenarioPorts } from '../../core/scenarios/types';
import { CANCEL_CHANNEL, requestOf, type SubagentJob, type SubagentResult } from './subagent-protocol';
import { buildOf, REFUSED_DELAY_MS, SWEEP_VERSION } from './sweep-protocol';

export interface SubagentWorkerOptions {
  /** The worker's name in traces: host and process. */
  readonly id: string;
  /** The provider this worker's subagents call, for a run's profiles. */
  readonly providerFor: (setup: SubagentJob['setup']) => Provider;
  readonly ports?: ScenarioPorts;
}

/**
 * A BullMQ processor for the `subagents` queue, and `listen`, which subscribes `subscriber` (a
 * connection of its own: a subscribed connection can do nothing else) to cancellations and calls
 * `cancel(jobId)` for each, the worker's own `cancelJob`.
 */
export function subagentProcessor(options: SubagentWorkerOptions) {
  // One subagent per run, built on first use: a run's attempts share its setup.
  const executors = new Map<string, Promise<AsyncExecutor>>();
  const executorFor = (setup: SubagentJob['setup']) => {
    const key = JSON.stringify(setup);
    let made = executors.get(key);
    if (!made) {
      made = executorFromSetup(setup, options.providerFor(setup), options.ports);
      executors.set(key, made);
      // A worker serves many runs: keep the last few.
      if (executors.size > 16) executors.delete(executors.keys().next().value as string);
    }
    return made;
  };
  return async (job: Job<SubagentJob>, token?: string, signal?: AbortSignal): Promise<SubagentResult> => {
    const data = job.data;
    if (data.version !== SWEEP_VERSION) {
      // Another build's attempt: left for a worker of that build, without using up its one try.
      await job.moveToDelayed(Date.now() + REFUSED_DELAY_MS, token ?? '');
      throw new DelayedError(
        `left for a worker of build ${buildOf(data.version)}; this worker runs ${SWEEP_VERSION}`,
      );
    }
    const executor = await executorFor(data.setup);
    const outcome = await executor.run(requestOf(data.request), signal);
    return { ...outcome, worker: options.id };
  };
}

/** Relays the launchers' cancellations to `cancel` (Worker.cancelJob); resolves once subscribed. */
export async function listenForCancels(subscriber: Redis, cancel: (jobId: string) => void): Promise<void> {
  subscriber.on('message', (channel: string, jobId: string) => {
    if (channel === CANCEL_CHANNEL) cancel(jobId);
  });
  await subscriber.subscribe(CANCEL_CHANNEL);
}
