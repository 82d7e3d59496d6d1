/**
 * The bridge: lets a page that opens or embeds SwarmFlight drive swarms through `postMessage`,
 * but only a page whose origin the user allowed here (kept in this browser's localStorage). A
 * request from any other web origin is answered `origin-not-allowed` and asks the user once (the
 * consent banner, consent.tsx); nothing runs for it. Consent is asked for only where SwarmFlight
 * is the top-level document: inside another page's frame a click may be an overlay's
 * (clickjacking, framing.ts), so there the request is answered `framed`, nothing is offered and
 * nothing can be stored. An origin allowed at the top level is answered in a frame too. A request
 * from an opaque origin ("null": a sandboxed frame, a data: page) is dropped unanswered and never
 * offered for approval.
 */
import type { SwarmApi } from '../../api/api';
import {
  type BridgeAnswer,
  type BridgeError,
  type BridgeRequest,
  isBridgeMessage,
  isWebOrigin,
  readRequest,
} from './protocol';

const KEY = 'swarmflight.bridge.allowedOrigins';

export interface OriginStore {
  allowed(): readonly string[];
  allow(origin: string): void;
  forget(origin: string): void;
}

/** `framed`: this page is inside another page's frame, where no origin may be added. */
export function localOrigins(storage: Storage = localStorage, framed = false): OriginStore {
  const read = (): string[] => {
    try {
      const list = JSON.parse(storage.getItem(KEY) ?? '[]');
      // A "null" kept by an older version (or written by hand) would let every opaque frame in.
      return Array.isArray(list) ? list.filter(isWebOrigin) : [];
    } catch {
      return [];
    }
  };
  const write = (list: readonly string[]) => storage.setItem(KEY, JSON.stringify(list));
  return {
    allowed: read,
    allow: (origin) => {
      // The page never offers Allow in a frame; should anything call this there, it stores nothing.
      if (isWebOrigin(origin) && !framed) write([...new Set([...read(), origin])]);
    },
    forget: (origin) => write(read().filter((o) => o !== origin)),
  };
}

function errorOf(error: unknown): BridgeError {
  const e = error as { code?: unknown; message?: unknown; field?: unknown };
  return {
    code: typeof e?.code === 'string' ? e.code : 'internal-error',
    message: typeof e?.message === 'string' ? e.message : String(error),
    ...(typeof e?.field === 'string' ? { field: e.field } : {}),
  };
}

/** Answers one request with the API; `send` posts each answer back. */
export async function serve(api: SwarmApi, request: BridgeRequest, send: (answer: BridgeAnswer) => void) {
  const { id, method, args } = request;
  try {
    if (method === 'events') {
      for await (const event of api.events(args[0] as string)) send({ swarmflight: 1, id, event });
      send({ swarmflight: 1, id, ok: true, result: null });
      return;
    }
    const call = api[method] as (...a: unknown[]) => unknown;
    // JSON round trip: what is posted is plain data, whatever the API returned.
    const result = JSON.parse(JSON.stringify((await call.apply(api, args)) ?? null));
    send({ swarmflight: 1, id, ok: true, result });
  } catch (error) {
    send({ swarmflight: 1, id, ok: false, error: errorOf(error) });
  }
}

export interface BridgeOptions {
  readonly api: () => Promise<SwarmApi>;
  readonly origins: OriginStore;
  /**
   * An origin not allowed asked: the page shows the user who, once per origin — with Allow and
   * Deny at the top level, and framed only a note that it cannot ask there.
   */
  readonly onAsk: (origin: string) => void;
  /** This page is inside another page's frame (framing.ts): consent is not asked for. */
  readonly framed: boolean;
}

export function installBridge(target: Window, options: BridgeOptions): () => void {
  const listener = (event: MessageEvent) => {
    if (!isBridgeMessage(event.data) || !event.source) return;
    // Before anything else: an opaque origin cannot be answered (postMessage to 'null' throws)
    // nor told apart from any other opaque frame, so it is neither answered nor asked about.
    if (!isWebOrigin(event.origin)) return;
    const source = event.source as Window;
    const reply = (answer: BridgeAnswer) => {
      // A frame that went away, or an answer that cannot be cloned, is no error of this page's.
      try {
        source.postMessage(answer, event.origin);
      } catch {}
    };
    const id = typeof event.data.id === 'string' ? event.data.id : '';
    if (!options.origins.allowed().includes(event.origin)) {
      options.onAsk(event.origin);
      reply({
        swarmflight: 1,
        id,
        ok: false,
        error: options.framed
          ? {
              code: 'framed',
              message: `${event.origin} is not allowed to drive swarms here, and SwarmFlight does not ask inside another page's frame, where a page on top could take the click: open SwarmFlight in a window of its own (window.open) and ask there; an origin allowed there is answered in a frame too`,
            }
          : {
              code: 'origin-not-allowed',
              message: `${event.origin} is not allowed to drive swarms here: the user is asked in the page`,
            },
      });
      return;
    }
    const reading = readRequest(event.data);
    if (!reading.ok) {
      reply({ swarmflight: 1, id, ok: false, error: reading.error });
      return;
    }
    void options.api().then((api) => serve(api, reading.request, reply));
  };
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}
