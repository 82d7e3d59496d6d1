/**
 * One rollout worker of `swarm orchestration train --rollout-workers N` (a Node worker thread).
 * An episode here takes tens of microseconds, so messages are too slow a way to share a batch:
 * the parent and its workers meet in shared memory (orchestration-shared.ts). Each batch, the
 * worker wakes on the generation counter, takes chunk after chunk from the shared counter, plays
 * each with the batch's weights (playChunk) and writes its sums into the chunk's slot.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { playChunk } from '../core/learning/orchestration/train';
import { type OrchestrationShared, runChunkLoop } from './orchestration-shared';

const port = parentPort;
if (!port)
  throw new Error('orchestration-rollout-worker.ts runs as a worker thread of swarm orchestration train');
const shared = workerData as OrchestrationShared;
port.postMessage({ ready: true });
try {
  runChunkLoop(shared, (weights, from, to, batchSize, into) =>
    playChunk(shared.config, weights, from, to, batchSize, into),
  );
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
