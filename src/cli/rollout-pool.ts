/**
 * Rollout workers for `swarm train --rollout-workers N`: N worker threads (rollout-worker.ts),
 * each with its own training environment, play the episodes of a PARL batch as they come free.
 * Outcomes are returned in the order asked, so training is bit-identical to one worker.
 */
import { Worker } from 'node:worker_threads';
import type { EpisodeOutcome } from '../core/learning/episode';
import type { ParlParams } from '../core/learning/parl';
import type { Rollouts } from '../core/learning/train';
import type { RolloutReply, RolloutRequest, RolloutWorkerData } from './rollout-protocol';

export interface RolloutPool {
  readonly rollouts: Rollouts;
  close(): Promise<void>;
}

/**
 * `cost(e)` guesses how long episode e takes: a batch is handed out longest first, so the last
 * episode of a batch is a short one and no worker waits long for another (LPT scheduling).
 */
export function rolloutPool(
  size: number,
  data: RolloutWorkerData,
  cost?: (episode: number) => number,
): RolloutPool {
  // The CLI runs its TypeScript through tsx, whose loader a worker thread does not inherit: a
  // JavaScript entry registers it in the thread first.
  const workers = Array.from(
    { length: size },
    () => new Worker(new URL('./rollout-worker-boot.mjs', import.meta.url), { workerData: data }),
  );
  const rollouts: Rollouts = (episodes: readonly number[], params: ParlParams) =>
    new Promise<EpisodeOutcome[]>((resolve, reject) => {
      const results = new Array<EpisodeOutcome | undefined>(episodes.length);
      // Slots in the order they are handed out; results still land in the order asked.
      const order = episodes.map((_, i) => i);
      if (cost) {
        const c = episodes.map(cost);
        order.sort((a, b) => (c[b] as number) - (c[a] as number) || a - b);
      }
      let next = 0;
      let finished = 0;
      let failed = false;
      const cleanups: (() => void)[] = [];
      const settle = (error?: Error) => {
        for (const c of cleanups) c();
        if (error) reject(error);
        else resolve(results as EpisodeOutcome[]);
      };
      const feed = (worker: Worker) => {
        if (next >= episodes.length) return;
        const slot = order[next++] as number;
        const request: RolloutRequest = { episode: episodes[slot] as number, params };
        worker.postMessage(request);
      };
      for (const worker of workers) {
        const onMessage = (reply: RolloutReply) => {
          if (failed) return;
          const slot = episodes.indexOf(reply.episode);
          if ('error' in reply) {
            failed = true;
            settle(new Error(`rollout of episode ${reply.episode} failed: ${reply.error}`));
            return;
          }
          results[slot] = reply.outcome;
          finished++;
          if (finished === episodes.length) settle();
          else feed(worker);
        };
        const onError = (error: Error) => {
          if (failed) return;
          failed = true;
          settle(new Error(`a rollout worker failed: ${error.message}`));
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        cleanups.push(() => {
          worker.off('message', onMessage);
          worker.off('error', onError);
        });
        feed(worker);
      }
    });
  return {
    rollouts,
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
