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

/** Marks the workerData of a rollout thread: this code also runs where it is merely imported. */
export const THREAD_KIND = 'swarmflight-orchestration-thread';

type ThreadData = OrchestrationShared & { thread: number; kind: string; fault: boolean };

const port = parentPort;
if (!isMainThread && port && (workerData as ThreadData | undefined)?.kind === THREAD_KIND) {
  const { thread, kind: _kind, fault, ...shared } = workerData as ThreadData;
  port.postMessage({ ready: true });
  try {
    runThread(fault ? { ...shared, config: { ...shared.config, params: null as never } } : shared, thread);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}
