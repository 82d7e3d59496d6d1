/**
 * The sandbox worker's wire protocol, imported by both sides (src/adapters/worker-sandbox.ts posts
 * requests, src/adapters/sandbox-worker.ts answers them). One worker serves one run:
 *
 *   worker → page   { type: 'ready' }                        its module has loaded
 *   page → worker   { type: 'run', id, code, tests }
 *   worker → page   { type: 'result', id, result }
 *
 * The page starts the time limit when it posts `run`, after `ready`, so the limit measures the code
 * and not the worker's start-up (as node:vm's timeout does in the Node sandbox).
 */
import type { CodeTest, SandboxResult } from '../core/tools/sandbox';

/** Page → worker: run `code`, then `tests`, and answer with a `RunResponse` of the same id. */
export interface RunRequest {
  readonly type: 'run';
  readonly id: number;
  readonly code: string;
  readonly tests: readonly CodeTest[];
}

/** Worker → page: the answer to the `RunRequest` with this id. Failures are `result.ok === false`. */
export interface RunResponse {
  readonly type: 'result';
  readonly id: number;
  readonly result: SandboxResult;
}

/** Worker → page, once, before any response: the worker is listening. */
export interface ReadyMessage {
  readonly type: 'ready';
}

export type SandboxRequest = RunRequest;
export type SandboxReply = ReadyMessage | RunResponse;

export const READY: ReadyMessage = { type: 'ready' };

/** Narrows what arrives from a worker: a sandboxed author can post messages too. */
export function isReply(data: unknown): data is SandboxReply {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as { type?: unknown; id?: unknown; result?: unknown };
  if (m.type === 'ready') return true;
  return m.type === 'result' && typeof m.id === 'number' && typeof m.result === 'object' && m.result !== null;
}
