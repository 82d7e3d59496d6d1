/**
 * Rollout workers for `swarm train --rollout-workers N`: N worker threads (rollout-worker.ts),
 * each with its own training environment, play the episodes of a PARL batch as they come free,
 * handed out by the rollout pool the page's training shares (src/adapters/common/rollout-pool.ts).
 * Outcomes are returned in the order asked, so training is bit-identical to one worker.
 */
import { Worker } from 'node:worker_threads';
import { rolloutPool as pool, type RolloutChannel } from '../adapters/common/rollout-pool';
import type { Rollouts } from '../core/learning/train';
import type { RolloutReply, RolloutRequest, RolloutWorkerData } from './rollout-protocol';

export interface RolloutPool {
  readonly rollouts: Rollouts;
  close(): Promise<void>;
}

/** `cost(e)` guesses how long episode e takes, to hand a batch out longest first. */
export function rolloutPool(
  size: number,
  data: RolloutWorkerData,
  cost?: (episode: number) => number,
): RolloutPool {
  let closing = false;
  // The CLI runs its TypeScript through tsx, whose loader a worker thread does not inherit: a
  // JavaScript entry registers it in the thread first.
  const workers = Array.from(
    { length: size },
    () => new Worker(new URL('./rollout-worker-boot.mjs', import.meta.url), { workerData: data }),
  );
  const channels = workers.map(
    (worker): RolloutChannel => ({
      post: (request: RolloutRequest) => worker.postMessage(request),
      listen(listener) {
        worker.on('message', (reply: RolloutReply) => listener.reply(reply));
        worker.on('error', (error: Error) =>
          listener.fail(new Error(`a rollout worker failed: ${error.message}`)),
        );
        // A thread that exits without an error (process.exit in it) would otherwise leave its
        // episode unanswered, and the training waiting for ever.
        worker.on('exit', (code) => {
          if (!closing) listener.fail(new Error(`a rollout worker stopped (exit code ${code})`));
        });
      },
    }),
  );
  return {
    // The episodes of a group share an instance: one worker builds it (episode-instances.ts).
    rollouts: pool(channels, cost, (e) => Math.floor(e / Math.max(1, data.config.group ?? 1))),
    async close() {
      closing = true;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
