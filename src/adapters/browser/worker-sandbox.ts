/**
 * `run_js` in the browser: each run in a fresh QuickJS runtime and context (./engine-run.ts),
 * inside a worker of the sandbox frame (./sandbox-frame.ts: an opaque origin with no network), over
 * two MessageChannels made for that run alone (./sandbox-protocol.ts). The time limit starts when
 * the worker says its engine is ready, so it measures the code and not the start-up. The engine
 * stops the code at the limit itself; a little after the limit a worker that has not answered is
 * terminated (a second wall). A worker that answered a clean run in time, and says it can go on, is
 * released to the frame for a later run, saving the engine's start (tens of milliseconds, the most
 * of a typical run); every other worker is terminated: after a timeout, a failed or unreadable
 * run, a forged or missing reply. The run's JSON texts are graded here (`gradeRun`), never in the
 * sandbox. The returned promise never rejects: every failure is `{ ok: false, error }`.
 */
import {
  type CodeSandbox,
  type CodeTest,
  gradeRun,
  ranPastLimit,
  type SandboxResult,
} from '../../core/tools/sandbox';
import type { RunEnd } from '../wire/sandbox-protocol';
import { pageSandboxFrame, portalStart, type StartRun } from './sandbox-frame';

/** How long past its limit a run's worker may take to answer before it is terminated. */
const ENGINE_GRACE_MS = 500;

export interface WorkerSandboxOptions {
  /** Starts a run's worker. @default the page's sandbox frame, or the portal to it in a worker */
  readonly start?: StartRun;
  /**
   * How long a worker may take to start. Not part of the run's time limit: many workers start at
   * once when a coding scenario is graded, and a slow start is not the code's fault.
   * @default 10_000
   */
  readonly startupTimeoutMs?: number;
  /** Runs at once; more wait their turn (a worker mostly waits on its start). @default 2 × cores, at least 4 */
  readonly maxRuns?: number;
}

export function workerSandbox(options: WorkerSandboxOptions = {}): CodeSandbox {
  const start = options.start ?? (typeof document === 'undefined' ? portalStart() : pageSandboxFrame());
  const startupTimeoutMs = options.startupTimeoutMs ?? 10_000;
  const maxRuns = options.maxRuns ?? Math.max(4, 2 * (globalThis.navigator?.hardwareConcurrency ?? 2));
  const waiting: Array<() => void> = [];
  let running = 0;
  const enter = async (): Promise<void> => {
    if (running < maxRuns) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const leave = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(code: string, tests: readonly CodeTest[], timeoutMs: number): Promise<SandboxResult> {
      await enter();
      try {
        return await runOnce(start, code, tests, timeoutMs, startupTimeoutMs);
      } finally {
        leave();
      }
    },
  };
}

function runOnce(
  start: StartRun,
  code: string,
  tests: readonly CodeTest[],
  timeoutMs: number,
  startupTimeoutMs: number,
): Promise<SandboxResult> {
  return new Promise((resolve) => {
    const control = new MessageChannel();
    const channel = new MessageChannel();
    let done = false;
    let started = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (result: SandboxResult, end: RunEnd = 'stop'): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      control.port1.postMessage(end);
      control.port1.close();
      channel.port1.close();
      resolve(result);
    };
    const limit = (ms: number, error: string): void => {
      clearTimeout(timer);
      timer = setTimeout(() => settle({ ok: false, error }), ms);
    };
    control.port1.onmessage = (event) => {
      const m = event.data as { type?: unknown; error?: unknown } | null;
      if (m?.type === 'failed')
        settle({
          ok: false,
          error: typeof m.error === 'string' ? m.error.slice(0, 500) : 'the sandbox worker failed',
        });
    };
    channel.port1.onmessage = (event) => {
      const m = event.data as { type?: unknown; run?: unknown; reusable?: unknown } | null;
      if (typeof m !== 'object' || m === null) return;
      // A result before "ready" is the engine failing to load, said in the worker's words.
      if (m.type === 'result') {
        if (!started) {
          settle(notStarted(m.run));
          return;
        }
        const result = gradeRun(tests, m.run);
        // Kept only when the run itself was clean (read here, not taken from the worker's word)
        // and the worker says it goes on; it answered within the limit, or the timer had settled.
        const clean = result.ok && (m.run as { ok?: unknown } | null)?.ok === true;
        settle(result, clean && m.reusable === true ? 'release' : 'stop');
      } else if (m.type === 'ready' && !started) {
        started = true;
        try {
          channel.port1.postMessage({ code, calls: tests.map((t) => t.call), timeoutMs });
        } catch (error) {
          settle({ ok: false, error: `could not send the run to the sandbox: ${String(error)}` });
          return;
        }
        // The engine answers "timed out" itself at the limit; this is for a worker that cannot:
        // one native call (a built-in over a huge array-like) never returns to its interrupt check.
        limit(timeoutMs + ENGINE_GRACE_MS, ranPastLimit(timeoutMs));
      }
    };
    channel.port1.onmessageerror = () =>
      settle({ ok: false, error: 'the sandbox sent a reply that could not be read' });
    limit(startupTimeoutMs, `the sandbox worker did not start within ${startupTimeoutMs} ms`);
    try {
      start(control.port2, channel.port2);
    } catch (error) {
      settle({ ok: false, error: `could not start the sandbox worker: ${String(error)}` });
    }
  });
}

/** A worker that answered before it was ready: its engine did not load. Read as untrusted data. */
function notStarted(run: unknown): SandboxResult {
  const error = (run as { error?: unknown } | null)?.error;
  return { ok: false, error: typeof error === 'string' ? error.slice(0, 500) : 'the sandbox worker failed' };
}
