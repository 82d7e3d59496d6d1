/**
 * One rollout worker of `swarm train --rollout-workers N` (a Node worker thread): it builds the
 * training environment once, from the same files as the parent, then plays the episodes it is
 * sent with the weights sent along (core/learning/episode.ts) and posts back each outcome. Model
 * work here is simulated, so the threads share nothing but messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { playEpisode } from '../core/learning/episode';
import type { RolloutReply, RolloutRequest, RolloutWorkerData } from './rollout-protocol';
import { trainingEnv } from './training-env';

const data = workerData as RolloutWorkerData;
const port = parentPort;
if (!port) throw new Error('rollout-worker.ts runs as a worker thread of swarm train');
const env = trainingEnv(data.scenario, data.profiles);
port.on('message', (request: RolloutRequest) => {
  env
    .then((e) => playEpisode(data.config, e, request.episode, { params: request.params }))
    .then(
      (outcome) => port.postMessage({ episode: request.episode, outcome } satisfies RolloutReply),
      (error: unknown) =>
        port.postMessage({
          episode: request.episode,
          error: error instanceof Error ? error.message : String(error),
        } satisfies RolloutReply),
    );
});
