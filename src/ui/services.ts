/**
 * Every piece of the outside world the views touch, in one module: the trace library
 * (IndexedDB, or memory when the browser refuses IndexedDB, e.g. some private modes), file
 * downloads, and what a live run is given from outside — the wall clock, the pace of a simulated
 * run, and the pool of subagent workers.
 */

import { apiKeyStore, redactSecrets } from '../adapters/api-key-store';
import { liveRunIds, openIdbTraceStore } from '../adapters/idb-trace-store';
import { memoryTraceStore } from '../adapters/memory-trace-store';
import { realPace } from '../adapters/pace';
import { type WorkerPool, type WorkerPoolOptions, workerPool } from '../adapters/worker-pool';
import { workerSandbox } from '../adapters/worker-sandbox';
import type { Pace } from '../core/runtime/pace';
import type { Clock } from '../core/runtime/ports';
import type { CodeSandbox } from '../core/tools/sandbox';
import type { TraceStore } from '../core/trace/store';

let store: Promise<TraceStore> | undefined;
let persistent = true;

async function openStore(): Promise<TraceStore> {
  try {
    const store = await openIdbTraceStore();
    // A run left 'running' by a tab that is gone (reloaded, closed, crashed) was interrupted.
    const live = await liveRunIds();
    await store.markInterrupted((id) => live.has(id));
    return store;
  } catch {
    persistent = false;
    return memoryTraceStore();
  }
}

export const services = {
  store(): Promise<TraceStore> {
    store ??= openStore();
    return store;
  },
  /** False when runs live only as long as the tab (IndexedDB unavailable). */
  persistent: () => persistent,
  /** The wall clock runs are timed with (never part of a deterministic result). */
  clock: { now: () => performance.now() } as Clock,
  /** A simulated run at `msPerStep` real milliseconds per step, so it can be watched. */
  pace: (msPerStep: number): Pace => realPace(msPerStep),
  /**
   * Where model-written code runs on this thread: grading mixed-coding, and `run_js` for agents
   * that run here (real models). A fresh Web Worker per call.
   */
  codeSandbox: (): CodeSandbox => workerSandbox(),
  /** The Web Workers a task run's subagents run in. */
  subagentPool: (options: WorkerPoolOptions): WorkerPool => workerPool(options),
  /**
   * Saves text as a file; the object URL is revoked later, not at once (docs/development.md). No key saved in
   * this browser leaves it in a file: none should be in the text, and any that is, is redacted.
   */
  download(name: string, text: string, type = 'application/json') {
    const safe = redactSecrets(text, apiKeyStore().secrets());
    const url = URL.createObjectURL(new Blob([safe], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  },
};
