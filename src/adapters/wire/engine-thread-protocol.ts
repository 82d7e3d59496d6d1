/**
 * What the Node sandbox (src/adapters/node/thread-sandbox.ts) and each of its worker threads
 * (engine-thread-worker.ts) say to each other on the thread's port. The thread answers one run at
 * a time; the host reads every reply as untrusted data all the same (`gradeRun`), and stops the
 * thread from outside when no reply comes in time.
 */

import type { RawRun } from '../../core/tools/sandbox';
import type { EngineLimits } from '../common/engine-run';

/** The thread's `workerData`. */
export interface EngineThreadData {
  readonly limits: EngineLimits;
}

/** One run: the code, then each call, within `timeoutMs` of the thread starting it. */
export interface EngineThreadRequest {
  readonly code: string;
  readonly calls: readonly string[];
  readonly timeoutMs: number;
}

/**
 * `ready` once the engine is loaded; `failed` if it did not load (the thread then ends); a
 * `result` per run, strings only, each bounded. `reusable: false` after a broken engine or a
 * memory three quarters full: the host ends the thread and uses a fresh one.
 */
export type EngineThreadReply =
  | { readonly type: 'ready' }
  | { readonly type: 'failed'; readonly error: string }
  | { readonly type: 'result'; readonly run: RawRun; readonly reusable: boolean };
