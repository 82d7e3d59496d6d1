/**
 * `run_js` in Node (the CLI, `swarm bench`, the library build): model-written code runs in QuickJS,
 * a separate JavaScript engine compiled to WebAssembly (../common/engine-run.ts), never in a
 * context of this process's own V8. `node:vm` is no boundary: a promise rejection made in the
 * host's realm hands the code the host's `Function`, and with it `process`. In QuickJS there is no
 * host object to reach, no `process`, file, network or environment, and the engine's heap and
 * stack are capped by the engine itself. The engine runs in worker threads the host terminates
 * at the deadline (./thread-sandbox.ts), so the time limit holds even inside one native call that
 * never returns to the engine's interrupt check (docs/security.md).
 *
 * Node's engine reads its WebAssembly from node_modules (`@jitl/quickjs-wasmfile-release-sync`).
 */
import type { EngineLimits } from '../common/engine-run';
import { type ThreadSandbox, threadSandbox } from './thread-sandbox';

/** A sandbox of its own, e.g. with smaller limits for a test. */
export function createNodeSandbox(limits?: EngineLimits): ThreadSandbox {
  return threadSandbox(limits ? { limits } : {});
}

/** The process's sandbox: the CLI's commands and the library build share its threads. */
export const nodeSandbox: ThreadSandbox = createNodeSandbox();
