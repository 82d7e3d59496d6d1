/**
 * The iframe bridge: lets a page that embeds SwarmFlight drive swarms through `postMessage`,
 * but only a page whose origin the user allowed here (kept in this browser's localStorage). A
 * request from any other web origin is answered `origin-not-allowed` and asks the user once (the
 * consent banner, consent.tsx); nothing runs for it. A request from an opaque origin ("null": a
 * sandboxed frame, a data: page) is dropped unanswered and never offered for approval.
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

export function localOrigins(storage: Storage = localStorage): OriginStore {
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
      if (isWebOrigin(origin)) write([...new Set([...read(), origin])]);
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
  /** An origin not allowed asked: the page shows the user who, once per origin. */
  readonly onAsk: (origin: string) => void;
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
        error: {
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
