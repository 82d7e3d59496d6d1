/**
 * One rollout worker of `swarm orchestration train --rollout-workers N` (a Node worker thread).
 * An episode here takes tens of microseconds, so messages are too slow a way to share a batch:
 * the threads meet in shared memory and run the same loop (orchestration-shared.ts runThread),
 * taking chunks, and stepping a batch when theirs was its last chunk in.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type OrchestrationShared, runThread } from './orchestration-shared';

const port = parentPort;
if (!port)
  throw new Error('orchestration-rollout-worker.ts runs as a worker thread of swarm orchestration train');
const { thread, ...shared } = workerData as OrchestrationShared & { thread: number };
port.postMessage({ ready: true });
try {
  runThread(shared, thread);
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
