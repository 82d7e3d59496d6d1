/**
 * The browser sandbox's messages (docs/security.md has the picture). Each run gets two
 * MessageChannels of its own, made by whoever asks for the run:
 *
 *   control   page ↔ sandbox frame   frame → page { type: 'failed', error }  the worker died
 *                                    page → frame 'stop'                     terminate it
 *                                    page → frame 'release'                  keep it for a next run
 *   channel   page ↔ sandbox worker  worker → page { type: 'ready', previousRuns }, page → worker
 *                                    { code, calls, timeoutMs }, worker → page
 *                                    { type: 'result', run, reusable } (engine-worker.ts)
 *
 * A port belongs to one run, so no message can pose as another run's result; whatever arrives is
 * still read as untrusted data, and the run's values are graded by the page (gradeRun). A worker
 * serves one run at a time, and the frame gives it another only after the page released it: after
 * a run that ended cleanly, in time, with the worker saying it can go on (engine-worker.ts).
 *
 * The frame lives in a document. Workers of the page (subagents, training) have none: they ask the
 * page through a portal port it hands them at start-up (`PORTAL`), sending both ports of a run.
 */

/**
 * The page → sandbox frame message that gives one run a worker, with [control, channel] ports.
 * The worker's text and the engine come with the page's first run to a frame, which keeps them.
 */
export interface StartMessage {
  readonly type: 'start';
  /** The worker's text (engine-worker.ts, bundled): the frame runs what the page gives it. */
  readonly source?: string;
  /** QuickJS's WebAssembly, which the frame hands a new worker: neither may fetch. */
  readonly wasm?: ArrayBuffer;
}

/** What the run's page side says to the frame on `control` once the run is over. */
export type RunEnd = 'stop' | 'release';

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
