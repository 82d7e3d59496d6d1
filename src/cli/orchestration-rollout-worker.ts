/**
 * The code every thread of `swarm orchestration train --rollout-workers N` runs, as esbuild
 * bundles it (orchestration-rollouts.ts): this thread imports the bundle for runThread, and each
 * worker thread starts from it and runs its own share at once. An episode takes tens of
 * microseconds, so messages are too slow a way to share a batch: the threads meet in shared
 * memory and run the same loop (orchestration-shared.ts runThread).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { type OrchestrationShared, runThread } from './orchestration-shared';

export { runThread };

const port = parentPort;
if (!isMainThread && port) {
  const { thread, ...shared } = workerData as OrchestrationShared & { thread: number };
  port.postMessage({ ready: true });
  try {
    runThread(shared, thread);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}
