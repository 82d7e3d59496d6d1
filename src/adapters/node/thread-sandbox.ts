/**
 * A `CodeSandbox` whose runs happen in worker threads (./engine-thread-worker.ts, QuickJS in each),
 * so that no run can hold the host's thread. The engine's interrupt handler stops the code at the
 * deadline, but only between bytecodes: one native call over a huge array-like runs for seconds
 * without returning to it. So the host keeps its own timer, and a thread that has not answered
 * `graceMs` past the limit is terminated and its run failed in words (`ranPastLimit`), never
 * graded; a run that answered but ended past its deadline is failed by the engine itself.
 *
 * Threads are kept warm: a thread that answered is used again (each run in a fresh QuickJS runtime
 * and context), and one thread beyond those running is started ahead, so the run after a kill
 * finds a loaded engine rather than paying for a start. Idle and starting threads are unref'd:
 * they never keep the process alive; a thread is ref'd only while a run waits on it. What comes
 * back is graded here (`gradeRun`), as untrusted data. The promise never rejects.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  type CodeSandbox,
  type CodeTest,
  gradeRun,
  ranPastLimit,
  type SandboxResult,
} from '../../core/tools/sandbox';
import { DEFAULT_ENGINE_LIMITS, type EngineLimits } from '../common/engine-run';
import type { EngineThreadData, EngineThreadRequest } from '../wire/engine-thread-protocol';
import { engineThreadEntry } from './engine-thread-entry';

export interface ThreadSandboxOptions {
  /** @default DEFAULT_ENGINE_LIMITS */
  readonly limits?: EngineLimits;
  /** Runs at once, each on a thread of its own; more wait their turn. @default 2 to 4, by cores */
  readonly maxThreads?: number;
  /**
   * How long past its limit a run's thread may take to answer before it is terminated: the
   * engine answers "timed out" itself at the limit when it can. @default 500, as in the page
   */
  readonly graceMs?: number;
  /** How long a thread may take to start and load its engine; not part of a run's limit. @default 10_000 */
  readonly startupTimeoutMs?: number;
  /** The thread's entry file. @default engineThreadEntry() */
  readonly entry?: URL;
}

export interface ThreadSandbox extends CodeSandbox {
  /** Ends every idle thread; running ones end with their run. Not needed for the process to exit. */
  close(): Promise<void>;
}

interface Thread {
  readonly worker: Worker;
  /** Resolves when the engine is loaded; rejects, in words, if it is not. */
  readonly ready: Promise<void>;
  /** Set once `ready` resolved: a run takes a loaded thread before one still starting. */
  loaded: boolean;
}

export function threadSandbox(options: ThreadSandboxOptions = {}): ThreadSandbox {
  const limits = options.limits ?? DEFAULT_ENGINE_LIMITS;
  const maxThreads = options.maxThreads ?? Math.min(4, Math.max(2, availableParallelism()));
  const graceMs = options.graceMs ?? 500;
  const startupTimeoutMs = options.startupTimeoutMs ?? 10_000;
  // Found at the first thread's start, not here: from source that is a bundling, and importing
  // the process's sandbox must cost nothing to a command that never runs code.
  let entry = options.entry;
  /** Threads no run holds: loaded, or still starting. */
  const free: Thread[] = [];
  const waiting: Array<() => void> = [];
  let running = 0;
  let closed = false;

  const start = (): Thread => {
    if (!entry)
      try {
        entry = engineThreadEntry();
      } catch (error) {
        throw new Error(`the sandbox thread could not be made: ${errorText(error)}`);
      }
    const worker = new Worker(entry, {
      workerData: { limits } satisfies EngineThreadData,
      // Nothing of the host's: no flags, no environment (API keys live there). The code cannot
      // reach the thread from QuickJS; this is for a bug that would let it.
      execArgv: [],
      argv: [],
      env: {},
    });
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error(`the sandbox thread did not start within ${startupTimeoutMs} ms`));
      }, startupTimeoutMs);
      timer.unref();
      const failed = (error: string): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        void worker.terminate();
        reject(new Error(error));
      };
      const onError = (error: Error): void => failed(`the sandbox thread did not start: ${errorText(error)}`);
      const onExit = (code: number): void =>
        failed(`the sandbox thread stopped as it started (exit code ${code})`);
      const onMessage = (message: unknown): void => {
        const m = message as { type?: unknown; error?: unknown } | null;
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (m?.type === 'ready') {
          clearTimeout(timer);
          worker.off('message', onMessage);
          resolve();
        } else
          failed(typeof m?.error === 'string' ? m.error.slice(0, 500) : 'the sandbox thread did not start');
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
    });
    const thread: Thread = { worker, ready, loaded: false };
    ready.then(
      () => {
        thread.loaded = true;
      },
      () => {}, // read by the run that takes the thread
    );
    // A thread that dies while free is dropped from the pool (its 'exit' after a kill is too).
    worker.once('exit', () => {
      const at = free.findIndex((t) => t.worker === worker);
      if (at >= 0) free.splice(at, 1);
    });
    // A free thread's late errors have no run to go to; they must not crash the host.
    worker.on('error', () => {});
    return thread;
  };

  /** One thread ahead of the runs: the next run (after a kill too) finds its engine loaded. */
  const warm = (): void => {
    if (!closed && free.length === 0) free.push(start());
  };

  const enter = async (): Promise<void> => {
    if (running < maxThreads) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const leave = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  const release = (thread: Thread, reusable: boolean): void => {
    if (reusable && !closed) {
      thread.worker.unref();
      free.push(thread);
    } else {
      void thread.worker.terminate();
      warm();
    }
  };

  const runOn = (thread: Thread, code: string, tests: readonly CodeTest[], timeoutMs: number) =>
    new Promise<SandboxResult>((resolve) => {
      const { worker } = thread;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (result: SandboxResult, reusable: boolean): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        release(thread, reusable);
        resolve(result);
      };
      const onMessage = (message: unknown): void => {
        const m = message as { type?: unknown; run?: unknown; reusable?: unknown } | null;
        if (m?.type !== 'result') return;
        settle(gradeRun(tests, m.run), m.reusable === true);
      };
      const onError = (error: Error): void =>
        settle({ ok: false, error: `the sandbox thread failed: ${errorText(error)}` }, false);
      const onExit = (): void =>
        settle({ ok: false, error: 'the sandbox thread stopped before answering' }, false);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      try {
        const request: EngineThreadRequest = { code, calls: tests.map((t) => t.call), timeoutMs };
        worker.postMessage(request);
      } catch (error) {
        settle(
          { ok: false, error: `could not send the run to the sandbox thread: ${errorText(error)}` },
          false,
        );
        return;
      }
      // The engine stops ordinary code at the limit itself; this is for a native call that never
      // returns to its interrupt check. The run ends now; the thread's stopping is not waited for.
      timer = setTimeout(
        () => settle({ ok: false, error: ranPastLimit(timeoutMs) }, false),
        timeoutMs + graceMs,
      );
    });

  /**
   * A free thread, or a new one; the run that takes it holds it ref'd, so Node waits for it.
   * Throws, in words, when no thread could be had (the run then fails with them).
   */
  const take = async (): Promise<Thread> => {
    const at = free.findIndex((t) => t.loaded);
    const thread = (at >= 0 ? free.splice(at, 1)[0] : free.shift()) ?? start();
    thread.worker.ref();
    warm();
    try {
      await thread.ready;
      return thread;
    } catch (error) {
      // A thread started ahead may have failed long ago: one fresh try before the run fails.
      const fresh = start();
      fresh.worker.ref();
      try {
        await fresh.ready;
        return fresh;
      } catch {
        fresh.worker.unref();
        throw error;
      }
    }
  };

  return {
    async run(code: string, tests: readonly CodeTest[], timeoutMs: number): Promise<SandboxResult> {
      await enter();
      try {
        let thread: Thread;
        try {
          thread = await take();
        } catch (error) {
          return { ok: false, error: errorText(error) };
        }
        return await runOn(thread, String(code), tests, timeoutMs);
      } finally {
        leave();
      }
    },
    async close() {
      closed = true;
      await Promise.all(free.splice(0).map((t) => t.worker.terminate()));
    },
  };
}

/** An error in words; Node rebuilds a thread's errors in this realm as its own Error objects. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return 'it failed';
  return typeof error.message === 'string' ? error.message.slice(0, 500) : 'it failed';
}
