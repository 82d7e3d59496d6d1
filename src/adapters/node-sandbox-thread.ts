/**
 * The source of the Node sandbox's worker thread, started with `new Worker(source, { eval: true })`
 * by ./node-sandbox.ts. A string rather than a file, so it runs the same under tsx (no loader in
 * the worker), from the library build (dist-lib/api.js) and from any bundle: there is no second
 * file to find at run time.
 *
 * Protocol on parentPort:
 *   thread → host   { type: 'ready' }                        once, when it listens
 *   host → thread   { code, calls }                          one run at a time
 *   thread → host   { type: 'result', run: RawRun }          the run's outcome, structured-cloned
 *
 * Each run gets a fresh `vm` context with nothing of the thread's in it (no process, require,
 * parentPort, timers or console), so the code can reach nothing but its own globals. The thread
 * is the boundary: the host terminates it at the time limit (microtasks, getters and anything the
 * code scheduled die with it), its heap is capped by `resourceLimits`, and its crashes are events
 * the host reads, never exceptions in the host. The result is posted after one macrotask, so
 * rejections the code left unhandled are seen first and fail the run.
 */
import { sandboxRunnerSource } from '../core/tools/sandbox-runner';

export const nodeSandboxThreadSource = `'use strict';
const { parentPort } = require('node:worker_threads');
const vm = require('node:vm');
const clone = structuredClone;
${sandboxRunnerSource}
let unhandled;
process.on('unhandledRejection', (reason) => {
  if (unhandled === undefined) unhandled = 'Unhandled promise rejection: ' + sandboxDescribe(reason);
});
process.on('uncaughtException', (error) => {
  if (unhandled === undefined) unhandled = 'Uncaught exception: ' + sandboxDescribe(error);
});
parentPort.on('message', (request) => {
  unhandled = undefined;
  const context = vm.createContext(Object.create(null), { codeGeneration: { strings: true, wasm: true } });
  const run = sandboxRun(
    (script) => vm.runInContext(script, context, { filename: 'run_js.js' }),
    clone,
    String(request.code),
    Array.from(request.calls, String),
  );
  setImmediate(() => {
    try {
      parentPort.postMessage({ type: 'result', run: unhandled === undefined ? run : { ok: false, error: unhandled } });
    } catch (error) {
      parentPort.postMessage({ type: 'result', run: { ok: false, error: 'the result could not be sent: ' + sandboxDescribe(error) } });
    }
  });
});
parentPort.postMessage({ type: 'ready' });
`;
