/**
 * The browser sandbox's worker: a blob worker the sandbox frame (public/sandbox.html, an
 * opaque-origin iframe whose policy allows no network and no JavaScript eval) starts for one run.
 * It is bundled, with QuickJS's glue, into one script by vite-plugins/sandbox-engine.ts, since a
 * blob worker on an opaque origin can import nothing; the page sends that text to the frame.
 *
 * It never runs the model's code in its own realm: the code runs in QuickJS (./engine-run.ts),
 * the same engine and the same function as in Node. This worker is the second wall around it.
 *
 * Protocol: the frame hands it the engine's WebAssembly bytes and a MessagePort the page made for
 * this run alone (`{ type: 'channel', wasm }`, the port transferred).
 *   worker → page   { type: 'ready' }                         once the engine is loaded
 *   page → worker   { code, calls, timeoutMs }
 *   worker → page   { type: 'result', run: RawRun }           strings only, each bounded
 *   worker → page   { type: 'result', run: { ok: false } }    if the engine failed
 */
import type { RawRun } from '../../core/tools/sandbox';
import { DEFAULT_ENGINE_LIMITS, loadEngine, runInEngine } from '../common/engine-run';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};

/**
 * How long the worker waits for its run once ready. The page sends it at once; if whoever asked
 * for the run died first (a subagent worker killed mid-call), no run and no 'stop' ever come, and
 * without this the worker and its engine would stay for the page's lifetime.
 */
const IDLE_MS = 30_000;

scope.onmessage = (event: MessageEvent) => {
  const data = event.data as { type?: unknown; wasm?: unknown } | null;
  const port = event.ports[0];
  if (data?.type !== 'channel' || !(data.wasm instanceof ArrayBuffer) || !port) return;
  scope.onmessage = null;
  // One run per worker: after its answer it ends itself, whether or not the page says 'stop'.
  const answer = (run: RawRun): void => {
    port.postMessage({ type: 'result', run });
    port.close();
    scope.close();
  };
  loadEngine(DEFAULT_ENGINE_LIMITS, data.wasm).then(
    (engine) => {
      const idle = setTimeout(() => scope.close(), IDLE_MS);
      port.onmessage = (message: MessageEvent) => {
        port.onmessage = null;
        clearTimeout(idle);
        const request = message.data as { code?: unknown; calls?: unknown; timeoutMs?: unknown };
        const calls = Array.isArray(request.calls) ? request.calls.map(String) : [];
        const timeoutMs = typeof request.timeoutMs === 'number' ? request.timeoutMs : 0;
        try {
          answer(runInEngine(engine, String(request.code), calls, timeoutMs));
        } catch (error) {
          answer({ ok: false, error: error instanceof Error ? error.message : 'the sandbox engine failed' });
        }
      };
      port.postMessage({ type: 'ready' });
    },
    (error: unknown) => answer({ ok: false, error: `the sandbox engine did not load: ${String(error)}` }),
  );
};
