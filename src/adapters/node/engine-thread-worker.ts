/**
 * The Node sandbox's worker thread (started by ./thread-sandbox.ts): it loads QuickJS once and runs
 * each run it is sent in a fresh QuickJS runtime and context (../common/engine-run.ts), one at a
 * time. The thread exists so that the host can stop a run from outside: QuickJS checks its
 * interrupt only between bytecodes, and one native call (`Array.prototype.indexOf` over an
 * array-like of length 1e9) never returns to that check; the host terminates this thread at the
 * deadline and starts another.
 *
 * From source it runs as esbuild's bundle of this file (./engine-thread-entry.ts); in the
 * library build as dist-lib/engine-thread.js.
 *
 * Its messages are typed in ../wire/engine-thread-protocol.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RawRun } from '../../core/tools/sandbox';
import { EngineBroken, engineExhausted, loadEngine, runInEngine } from '../common/engine-run';
import type {
  EngineThreadData,
  EngineThreadReply,
  EngineThreadRequest,
} from '../wire/engine-thread-protocol';

const port = parentPort;
if (!port) throw new Error('engine-thread-worker.ts runs as a worker thread of the Node sandbox');
const { limits } = workerData as EngineThreadData;
const reply = (message: EngineThreadReply): void => port.postMessage(message);

try {
  const engine = await loadEngine(limits);
  port.on('message', (request: Partial<EngineThreadRequest>) => {
    const calls = Array.isArray(request.calls) ? request.calls.map(String) : [];
    const timeoutMs = typeof request.timeoutMs === 'number' ? request.timeoutMs : 0;
    let run: RawRun;
    let reusable = true;
    try {
      run = runInEngine(engine, String(request.code), calls, timeoutMs, limits);
      reusable = !engineExhausted(engine, limits);
    } catch (error) {
      // EngineBroken: its heap may be mid-operation; only a fresh thread runs again.
      run = { ok: false, error: error instanceof EngineBroken ? error.message : 'the sandbox engine failed' };
      reusable = false;
    }
    reply({ type: 'result', run, reusable });
  });
  reply({ type: 'ready' });
} catch (error) {
  reply({
    type: 'failed',
    error: `the sandbox engine did not load: ${String(error).slice(0, 300)}`,
  });
  port.close();
}
