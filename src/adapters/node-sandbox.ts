/**
 * `run_js` in Node: model-written code runs in a worker thread (./node-sandbox-thread.ts), never on
 * the host's event loop. The host posts the code and the test calls, starts the time limit, and
 * either gets back cloned values, which it grades itself (`gradeRun`), or terminates the thread.
 * Nothing the thread sends is called or coerced here: the result is structured-cloned plain data,
 * and errors are read only as the strings Node makes of them. The promise never rejects.
 *
 * A small pool keeps threads warm, since starting one costs tens of milliseconds and grading a
 * coding run makes a call per function. A thread is reused only after a run that answered in time
 * (each run still gets fresh globals); a timeout, crash or memory overflow ends the thread, and a
 * thread is retired after `maxRunsPerThread` runs anyway (docs/security.md, what reuse risks).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type CodeSandbox, type CodeTest, gradeRun, type SandboxResult } from '../core/tools/sandbox';
import { nodeSandboxThreadSource } from './node-sandbox-thread';

export interface NodeSandboxOptions {
  /** Threads running at once; more runs wait their turn. @default available parallelism, at least 2 */
  readonly maxThreads?: number;
  /** Old-generation heap of a thread, MB: past it the thread is stopped, not the process. @default 128 */
  readonly memoryMb?: number;
  /** Runs a thread may serve before it is replaced. 1 means a fresh thread for every run. @default 32 */
  readonly maxRunsPerThread?: number;
  /** How long a thread may take to start; not part of a run's limit. @default 10_000 */
  readonly startupTimeoutMs?: number;
}

export interface NodeSandbox extends CodeSandbox {
  /** Ends every idle thread (running ones end with their run). Idle threads never keep Node alive. */
  close(): Promise<void>;
}

interface Thread {
  readonly worker: Worker;
  runs: number;
}

export function createNodeSandbox(options: NodeSandboxOptions = {}): NodeSandbox {
  const maxThreads = options.maxThreads ?? Math.max(2, availableParallelism());
  const memoryMb = options.memoryMb ?? 128;
  const maxRuns = options.maxRunsPerThread ?? 32;
  const startupTimeoutMs = options.startupTimeoutMs ?? 10_000;
  const idle: Thread[] = [];
  const waiting: Array<() => void> = [];
  let busy = 0;

  const slot = async (): Promise<void> => {
    if (busy < maxThreads) {
      busy++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const freeSlot = (): void => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };

  const start = (): Promise<Thread> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(nodeSandboxThreadSource, {
        eval: true,
        // Nothing of the host's: no tsx loader or flags, no environment (API keys live there).
        // Its output is left as Node pipes it (the code has no console): piping it here would hold
        // two ports that keep the process alive after an idle thread is unref'd.
        execArgv: [],
        argv: [],
        env: {},
        resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      });
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error(`the sandbox thread did not start within ${startupTimeoutMs} ms`));
      }, startupTimeoutMs);
      const failed = (error: unknown) => {
        clearTimeout(timer);
        reject(new Error(`the sandbox thread did not start: ${errorText(error)}`));
      };
      worker.once('error', failed);
      worker.once('message', (message: unknown) => {
        clearTimeout(timer);
        worker.off('error', failed);
        if ((message as { type?: unknown } | null)?.type === 'ready') resolve({ worker, runs: 0 });
        else {
          void worker.terminate();
          reject(new Error('the sandbox thread did not start: it sent something else first'));
        }
      });
    });

  const acquire = async (): Promise<Thread> => idle.pop() ?? (await start());

  const release = (thread: Thread, reusable: boolean): void => {
    if (reusable && thread.runs < maxRuns) {
      thread.worker.unref();
      idle.push(thread);
    } else void thread.worker.terminate();
  };

  const runOn = (thread: Thread, code: string, tests: readonly CodeTest[], timeoutMs: number) =>
    new Promise<SandboxResult>((resolve) => {
      const { worker } = thread;
      thread.runs++;
      worker.ref();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (result: SandboxResult, reusable: boolean): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        // A dead thread still fires 'error' or 'exit' later: swallowed, the run is settled.
        if (!reusable) worker.on('error', () => {});
        release(thread, reusable);
        resolve(result);
      };
      const onMessage = (message: unknown): void => {
        const m = message as { type?: unknown; run?: unknown } | null;
        if (typeof m !== 'object' || m === null || m.type !== 'result') return;
        const result = gradeRun(tests, m.run);
        settle(result, result.ok);
      };
      const onError = (error: unknown): void =>
        settle({ ok: false, error: `the sandbox thread failed: ${errorText(error)}` }, false);
      const onExit = (): void =>
        settle({ ok: false, error: 'the sandbox thread stopped before answering' }, false);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      try {
        worker.postMessage({ code, calls: tests.map((t) => t.call) });
      } catch (error) {
        settle(
          { ok: false, error: `could not send the run to the sandbox thread: ${errorText(error)}` },
          false,
        );
        return;
      }
      timer = setTimeout(
        () => settle({ ok: false, error: `timed out after ${timeoutMs} ms` }, false),
        timeoutMs,
      );
    });

  return {
    async run(code: string, tests: readonly CodeTest[], timeoutMs: number): Promise<SandboxResult> {
      await slot();
      try {
        let thread: Thread;
        try {
          thread = await acquire();
        } catch (error) {
          return { ok: false, error: errorText(error) };
        }
        return await runOn(thread, code, tests, timeoutMs);
      } finally {
        freeSlot();
      }
    },
    async close() {
      await Promise.all(idle.splice(0).map((t) => t.worker.terminate()));
    },
  };
}

/**
 * An error from the thread, in words. Node rebuilds a thread's errors in this realm as its own
 * Error objects (ERR_WORKER_OUT_OF_MEMORY and the like); anything else is not read.
 */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return 'it failed';
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'the code ran out of memory';
  return typeof error.message === 'string' ? error.message.slice(0, 500) : 'it failed';
}

/** The process's sandbox: the CLI's commands and the library build share its threads. */
export const nodeSandbox: NodeSandbox = createNodeSandbox();
