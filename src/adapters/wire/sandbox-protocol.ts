/**
 * The browser sandbox's messages (docs/security.md has the picture). Each run gets two
 * MessageChannels of its own, made by whoever asks for the run:
 *
 *   control   page ↔ sandbox frame   frame → page { type: 'failed', error }  the worker died
 *                                    page → frame 'stop'                     terminate it
 *   channel   page ↔ sandbox worker  worker → page { type: 'ready' }, page → worker
 *                                    { code, calls, timeoutMs }, worker → page { type: 'result', run }
 *                                    (engine-worker.ts)
 *
 * A port belongs to one run, so no message can pose as another run's result; whatever arrives is
 * still read as untrusted data, and the run's values are graded by the page (gradeRun).
 *
 * The frame lives in a document. Workers of the page (subagents, training) have none: they ask the
 * page through a portal port it hands them at start-up (`PORTAL`), sending both ports of a run.
 */

/** The page → sandbox frame message that starts one run's worker, with [control, channel] ports. */
export interface StartMessage {
  readonly type: 'start';
  /** The worker's text (engine-worker.ts, bundled): the frame runs what the page gives it. */
  readonly source: string;
  /** QuickJS's WebAssembly, which the frame hands the worker: neither may fetch. */
  readonly wasm: ArrayBuffer;
}

/** The page → worker message that carries the portal port. Comlink ignores its type. */
export const PORTAL = 'swarmflight:sandbox-portal';

export interface PortalMessage {
  readonly type: typeof PORTAL;
}

/** Worker → page, on the portal: start a run on these [control, channel] ports. */
export interface PortalRequest {
  readonly type: 'start';
}

export function isPortalMessage(data: unknown): data is PortalMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PORTAL;
}
