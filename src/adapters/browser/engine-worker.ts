/**
 * The browser sandbox's worker: a blob worker the sandbox frame (public/sandbox.html, an
 * opaque-origin iframe whose policy allows no network and no JavaScript eval) starts and keeps for
 * runs. It is bundled, with QuickJS's glue, into one script by vite-plugins/sandbox-engine.ts, since
 * a blob worker on an opaque origin can import nothing; the page sends that text to the frame.
 *
 * It never runs the model's code in its own realm: the code runs in QuickJS (./engine-run.ts),
 * the same engine and the same function as in Node, each run in a fresh QuickJS runtime and context
 * (nothing of one run's globals, prototypes or jobs is there for the next). This worker is the
 * second wall around it.
 *
 * One worker serves many runs, one at a time, as Node's engine does: loading the engine (compiling
 * half a megabyte of WebAssembly) cost more than most runs. It is ended instead of kept after a run
 * that did not finish cleanly (timed out, threw while loading, ran out of memory, broke the engine),
 * and after MAX_RUNS runs (docs/security.md, "Boundary 2").
 *
 * Protocol: for each run, the frame hands it a MessagePort the page made for that run alone
 * (`{ type: 'channel', wasm? }`, the port transferred; the engine's WebAssembly bytes come with the
 * worker's first run).
 *   worker → page   { type: 'ready', previousRuns }           the engine is loaded
 *   page → worker   { code, calls, timeoutMs }
 *   worker → page   { type: 'result', run: RawRun, reusable }  strings only, each bounded
 *   worker → page   { type: 'result', run: { ok: false } }     if the engine failed
 * `reusable: true` means the worker waits for another run; otherwise it has ended itself.
 */
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { RawRun } from '../../core/tools/sandbox';
import { DEFAULT_ENGINE_LIMITS, engineExhausted, loadEngine, runInEngine } from '../common/engine-run';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};

/**
 * How long the worker waits for a run once ready, and for its next run after one. The page sends
 * a run at once; if whoever asked for it died first (a subagent worker killed mid-call), no run,
 * no 'release' and no 'stop' ever come, and without this the worker and its engine would stay for
 * the page's lifetime. The frame ends a worker it keeps idle sooner (10 s), so a run is never handed
 * to a worker that is about to end itself.
 */
const IDLE_MS = 30_000;

/** Runs one worker serves before it ends itself (a fresh engine then starts with a fresh heap). */
const MAX_RUNS = 200;

let engine: Promise<QuickJSWASMModule> | undefined;
let runs = 0;
let busy = false;
let ended = false;
let waiting: ReturnType<typeof setTimeout> | undefined;

const end = (): void => {
  ended = true;
  scope.onmessage = null;
  scope.close();
};

scope.onmessage = (event: MessageEvent) => {
  const data = event.data as { type?: unknown; wasm?: unknown } | null;
  const port = event.ports[0];
  if (data?.type !== 'channel' || !port) return;
  // One run at a time: the frame gives a run only to a worker the page released. Any other
  // message is a frame bug; the run it carries is refused rather than run beside another.
  if (busy || ended) {
    port.postMessage({ type: 'result', run: { ok: false, error: 'the sandbox worker was busy' } });
    port.close();
    return;
  }
  busy = true;
  clearTimeout(waiting);
  if (!engine) {
    if (!(data.wasm instanceof ArrayBuffer)) {
      port.postMessage({ type: 'result', run: { ok: false, error: 'the sandbox engine was not sent' } });
      port.close();
      end();
      return;
    }
    engine = loadEngine(DEFAULT_ENGINE_LIMITS, data.wasm);
  }
  const answer = (run: RawRun, reusable: boolean): void => {
    port.postMessage({ type: 'result', run, reusable });
    port.close();
    busy = false;
    if (reusable) waiting = setTimeout(end, IDLE_MS);
    else end();
  };
  engine.then(
    (loaded) => {
      const idle = setTimeout(end, IDLE_MS);
      port.onmessage = (message: MessageEvent) => {
        port.onmessage = null;
        clearTimeout(idle);
        const request = message.data as { code?: unknown; calls?: unknown; timeoutMs?: unknown };
        const calls = Array.isArray(request.calls) ? request.calls.map(String) : [];
        const timeoutMs = typeof request.timeoutMs === 'number' ? request.timeoutMs : 0;
        runs++;
        let run: RawRun;
        try {
          run = runInEngine(loaded, String(request.code), calls, timeoutMs);
        } catch (error) {
          // EngineBroken: its heap may be mid-operation; only a fresh worker runs again.
          answer(
            { ok: false, error: error instanceof Error ? error.message : 'the sandbox engine failed' },
            false,
          );
          return;
        }
        // Kept only after a run that loaded and finished within its limit, with room left. A run
        // that failed is not necessarily the engine's fault, but a fresh worker costs little once
        // in a while, and nothing of a misbehaving run is then left to doubt.
        answer(run, run.ok && !engineExhausted(loaded, DEFAULT_ENGINE_LIMITS) && runs < MAX_RUNS);
      };
      port.postMessage({ type: 'ready', previousRuns: runs });
    },
    (error: unknown) =>
      answer({ ok: false, error: `the sandbox engine did not load: ${String(error)}` }, false),
  );
};
