/**
 * Where the browser sandbox's workers are started: one hidden `<iframe sandbox="allow-scripts">`
 * per page on public/sandbox.html. Without `allow-same-origin` its document has an opaque origin,
 * so the workers it starts (blob workers, which inherit its origin and its Content-Security-Policy:
 * `connect-src 'none'`, scripts by hash only, no JavaScript eval) cannot open the app's IndexedDB,
 * caches or storage, cannot share a BroadcastChannel with it, and cannot fetch, XHR, WebSocket or
 * import anything. Each worker runs the code in QuickJS (./engine-worker.ts): the page sends the
 * worker's text and the engine's WebAssembly, both loaded once, with its first run to the frame,
 * which keeps them. The frame keeps a worker that ran a run cleanly for the next run (each run in a
 * fresh QuickJS runtime and context), and ends one that did not (./worker-sandbox.ts says which).
 *
 * The page is the only party that can make a frame, so workers of the page are given a portal: a
 * port to the page on which they send the two ports of each run (./sandbox-protocol.ts). They do
 * not start QuickJS workers of their own, though it would save the hop through the page: a worker
 * started by a worker of the app has the app's origin and policy, so its IndexedDB, caches and
 * storage, and any https server (the app's connect-src, for the user's endpoint and WebLLM);
 * only this frame's opaque origin and `connect-src 'none'` shut those out.
 */
import wasmUrl from '@jitl/quickjs-wasmfile-release-sync/wasm?url';
import { isPortalMessage, PORTAL, type PortalRequest, type StartMessage } from '../wire/sandbox-protocol';

/**
 * Has one run's worker (a fresh one or one kept from an earlier run) talk on `channel`; its
 * failures are reported on `control`, where the run says 'release' (keep it) or 'stop' (end it).
 */
export type StartRun = (control: MessagePort, channel: MessagePort) => void;

/** The frame's address: next to index.html in the build, at the server's root under Vite. */
export function sandboxFrameUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}sandbox.html`, document.baseURI).href;
}

const frames = new Map<string, Promise<Window>>();

/** Frames that were sent the engine's parts: 500 kB of WebAssembly, copied only once a frame. */
const equipped = new WeakSet<Window>();

let engineParts: Promise<{ source: string; wasm: ArrayBuffer }> | undefined;

/** The worker's text (its own chunk: 50 kB the page needs only once code runs) and the engine. */
function loadEngineParts(): Promise<{ source: string; wasm: ArrayBuffer }> {
  const loading =
    engineParts ??
    Promise.all([
      import('virtual:sandbox-engine-worker').then((m) => m.default),
      fetch(wasmUrl).then((response) => {
        if (!response.ok) throw new Error(`the sandbox engine could not be fetched (${response.status})`);
        return response.arrayBuffer();
      }),
    ]).then(([source, wasm]) => ({ source, wasm }));
  engineParts = loading;
  loading.catch(() => {
    if (engineParts === loading) engineParts = undefined; // the next run tries again
  });
  return loading;
}

/** The page's sandbox frame, made on the first run and kept (a dozen KB, no work while idle). */
export function pageSandboxFrame(url?: string): StartRun {
  return (control, channel) => {
    const address = url ?? sandboxFrameUrl();
    const loading = frames.get(address) ?? openFrame(address);
    frames.set(address, loading);
    Promise.all([loading, loadEngineParts()]).then(
      ([frame, { source, wasm }]) => {
        // A window's messages arrive in the order they were sent: the first carries the parts.
        const start: StartMessage = equipped.has(frame) ? { type: 'start' } : { type: 'start', source, wasm };
        equipped.add(frame);
        // An opaque origin has no name to address: '*' it is. Nothing secret is sent: the worker's
        // text, the engine and the ports. The bytes are copied, the page keeps its own.
        frame.postMessage(start, '*', [control, channel]);
      },
      (error: unknown) => {
        // Only a frame that failed is forgotten (the next run makes one anew); a loaded frame
        // stays when it was the engine's download that failed, so failures add no frames.
        void loading.then(
          () => {},
          () => {
            if (frames.get(address) === loading) frames.delete(address);
          },
        );
        // Posted on our own end of the control channel: the run's client reads it as the frame's.
        control.postMessage({ type: 'failed', error: `the sandbox did not load: ${String(error)}` });
      },
    );
  };
}

function openFrame(url: string): Promise<Window> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.sandbox.add('allow-scripts');
    frame.src = url;
    frame.title = 'code sandbox';
    frame.hidden = true;
    frame.setAttribute('aria-hidden', 'true');
    const fail = (error: Error) => {
      frame.remove(); // a failed frame is not left behind, hidden
      reject(error);
    };
    frame.addEventListener('load', () => {
      if (frame.contentWindow) resolve(frame.contentWindow);
      else fail(new Error('it has no window'));
    });
    frame.addEventListener('error', () => fail(new Error(`could not load ${url}`)));
    (document.body ?? document.documentElement).append(frame);
  });
}

/**
 * Hands `worker` a portal to this page's sandbox frame. Call right after `new Worker`: the message
 * waits in the worker's queue until its script listens (`acceptSandboxPortal`).
 */
export function offerSandbox(
  worker: { postMessage(message: unknown, transfer: Transferable[]): void },
  start: StartRun = pageSandboxFrame(),
): void {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = (event) => {
    const [control, channel] = event.ports;
    if ((event.data as Partial<PortalRequest> | null)?.type === 'start' && control && channel)
      start(control, channel);
  };
  worker.postMessage({ type: PORTAL }, [port2]);
}

let portal: Promise<MessagePort> | undefined;
let receive: ((port: MessagePort) => void) | undefined;

/** In a worker's entry file, before anything else: keeps the portal the page will send. */
export function acceptSandboxPortal(scope: {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}): void {
  portal ??= new Promise((resolve) => {
    receive = resolve;
  });
  scope.addEventListener('message', (event) => {
    if (isPortalMessage(event.data) && event.ports[0]) receive?.(event.ports[0]);
  });
}

/**
 * Starts runs through the portal, in a worker. Without one (a worker the page did not offer a
 * sandbox to) a run never starts and ends at its start-up limit, saying so.
 */
export function portalStart(): StartRun {
  return (control, channel) => {
    if (!portal) return;
    void portal.then((port) => {
      const request: PortalRequest = { type: 'start' };
      port.postMessage(request, [control, channel]);
    });
  };
}

export function hasSandboxPortal(): boolean {
  return portal !== undefined;
}
