/**
 * The worker side of the `run_js` sandbox: a plain function from request to response, so it is
 * testable without a Worker, and `serveSandbox` to wire it to a worker's scope (or a MessagePort).
 * It evaluates the code in whatever realm it runs in: only the worker around it isolates the code
 * from the page (no DOM, its own globals, terminated at the time limit by the page).
 */
import { type CodeTest, harness, type SandboxResult, summarize } from '../core/tools/sandbox';
import { READY, type RunRequest, type RunResponse, type SandboxReply } from './sandbox-protocol';

// Called through a variable, eval is indirect: it runs in the realm's global scope, not this module's,
// and returns the script's completion value, which is how harness() hands back its JSON
// (`new Function` would need a `return`).
// biome-ignore lint/security/noGlobalEval: running the author's code is the tool; the worker is the boundary.
const globalEval: (script: string) => unknown = globalThis.eval;

export function handleSandboxRequest(request: RunRequest): RunResponse {
  return { type: 'result', id: request.id, result: runHere(request.code, request.tests) };
}

/** Runs `harness(code, tests)` in this realm; anything thrown becomes `{ ok: false }`. */
export function runHere(code: string, tests: readonly CodeTest[]): SandboxResult {
  try {
    return summarize(String(globalEval(harness(code, tests))));
  } catch (error) {
    return { ok: false, error: describeError(error) };
  }
}

/** Same wording as the Node sandbox (`SyntaxError: …`); the code may throw anything, even non-errors. */
function describeError(error: unknown): string {
  try {
    if (typeof error === 'object' && error !== null && 'message' in error) {
      const e = error as { name?: unknown; message?: unknown };
      return `${String(e.name ?? 'Error')}: ${String(e.message)}`;
    }
    return `Error: ${String(error)}`;
  } catch {
    return 'Error: (a thrown value that cannot be printed)';
  }
}

/** One side of a channel: a dedicated worker's global scope or a MessagePort both fit. */
export interface SandboxEndpoint {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: SandboxReply): void;
}

/** Answers every `run` request on `endpoint`, after announcing that it listens. */
export function serveSandbox(endpoint: SandboxEndpoint): void {
  endpoint.onmessage = (event) => {
    if (isRunRequest(event.data)) endpoint.postMessage(handleSandboxRequest(event.data));
  };
  endpoint.postMessage(READY);
}

function isRunRequest(data: unknown): data is RunRequest {
  const m = data as Partial<RunRequest> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'run' &&
    typeof m.id === 'number' &&
    typeof m.code === 'string' &&
    Array.isArray(m.tests)
  );
}
