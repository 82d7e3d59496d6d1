import type { CodeSandbox, CodeTest, SandboxResult } from '../core/tools/sandbox';
import { isReply, type RunRequest } from './sandbox-protocol';

/**
 * What the sandbox needs of a worker. A real `Worker` fits; tests pass a MessagePort dressed as one
 * (tests/browser/sandbox-channel.test.ts) or a fake that fails on cue.
 */
export interface SandboxWorker {
  postMessage(request: RunRequest): void;
  addEventListener(type: 'message' | 'messageerror' | 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

export interface WorkerSandboxOptions {
  /** Makes the worker for one run. @default a module Worker on workers/sandbox.worker.ts */
  readonly createWorker?: () => SandboxWorker;
  /**
   * How long a worker may take to load. Not part of the run's time limit: many fresh workers start
   * at once when a coding scenario is graded, and a slow start is not the code's fault.
   * @default 10_000
   */
  readonly startupTimeoutMs?: number;
}

/**
 * `run_js` in the browser: a fresh Worker per run, terminated when it answers or at the time limit,
 * so a runaway loop costs one worker and nothing leaks from one run into the next.
 * The returned promise never rejects: every failure is `{ ok: false, error }`.
 */
export function workerSandbox(options: WorkerSandboxOptions = {}): CodeSandbox {
  const createWorker = options.createWorker ?? defaultWorker;
  const startupTimeoutMs = options.startupTimeoutMs ?? 10_000;
  let nextId = 0;
  return {
    run(code: string, tests: readonly CodeTest[], timeoutMs: number): Promise<SandboxResult> {
      const id = nextId++;
      return new Promise((resolve) => {
        let worker: SandboxWorker;
        try {
          worker = createWorker();
        } catch (error) {
          resolve({ ok: false, error: `could not start the sandbox worker: ${String(error)}` });
          return;
        }
        let done = false;
        let started = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const settle = (result: SandboxResult): void => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          worker.terminate();
          resolve(result);
        };
        const limit = (ms: number, error: string): void => {
          clearTimeout(timer);
          timer = setTimeout(() => settle({ ok: false, error }), ms);
        };

        worker.addEventListener('message', (event) => {
          const data: unknown = (event as MessageEvent).data;
          if (!isReply(data)) return;
          if (data.type === 'result') {
            if (data.id === id) settle(data.result);
          } else if (!started) {
            started = true;
            try {
              worker.postMessage({ type: 'run', id, code, tests });
            } catch (error) {
              // A test's `expect` that cannot be cloned (a function, say).
              settle({ ok: false, error: `could not send the run to the sandbox worker: ${String(error)}` });
              return;
            }
            limit(timeoutMs, `timed out after ${timeoutMs} ms`);
          }
        });
        worker.addEventListener('error', (event) => {
          event.preventDefault(); // reported in the result, not as an uncaught error on the page
          const message = (event as Partial<ErrorEvent>).message;
          settle({ ok: false, error: `the sandbox worker failed: ${message || 'it did not load'}` });
        });
        worker.addEventListener('messageerror', () =>
          settle({ ok: false, error: 'the sandbox worker sent a reply that could not be read' }),
        );
        limit(startupTimeoutMs, `the sandbox worker did not start within ${startupTimeoutMs} ms`);
      });
    },
  };
}

function defaultWorker(): SandboxWorker {
  // Written out in full so Vite finds the worker and bundles it (in dev and in `vite build`).
  return new Worker(new URL('../../workers/sandbox.worker.ts', import.meta.url), { type: 'module' });
}
