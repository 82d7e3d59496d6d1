import { afterEach, describe, expect, it } from 'vitest';
import type { SwarmApi } from '../../src/api/api';
import { installBridge, localOrigins } from '../../src/ui/bridge/bridge';
import { isFramed } from '../../src/ui/bridge/framing';
import { isWebOrigin } from '../../src/ui/bridge/protocol';

/**
 * The iframe bridge and opaque origins, in a real browser window. A sandboxed frame posts from
 * the origin "null": answering it threw "Invalid target origin 'null'" uncaught, the user was then
 * asked to allow "null", and once allowed every opaque frame of any site could drive swarms.
 */
const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    read: (k: string) => items.get(k),
  } as unknown as Storage & { read(k: string): string | undefined };
};
const KEY = 'swarmflight.bridge.allowedOrigins';

/** A bridge on this window over a fake API that counts its calls; what it asked and threw. */
function bridgeOnWindow(stored: string[] = [], framed = false) {
  const asked: string[] = [];
  const errors: string[] = [];
  let apiCalls = 0;
  const api = { list: async () => [] } as unknown as SwarmApi;
  const onError = (e: ErrorEvent) => errors.push(e.message);
  const onRejection = (e: PromiseRejectionEvent) => errors.push(String(e.reason));
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  const uninstall = installBridge(window, {
    api: async () => {
      apiCalls++;
      return api;
    },
    origins: localOrigins(memoryStorage({ [KEY]: JSON.stringify(stored) }), framed),
    onAsk: (origin) => asked.push(origin),
    framed,
  });
  const close = () => {
    uninstall();
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onRejection);
  };
  return { asked, errors, apiCalls: () => apiCalls, close };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const nextMessage = (test: (e: MessageEvent) => boolean) =>
  new Promise<MessageEvent>((resolve) => {
    const listener = (e: MessageEvent) => {
      if (!test(e)) return;
      removeEventListener('message', listener);
      resolve(e);
    };
    addEventListener('message', listener);
  });

/**
 * A frame with `sandbox="allow-scripts"` (origin "null") that posts a bridge request here and
 * echoes back whatever it is sent, so an answer from the bridge would show up as `heard`.
 */
async function opaqueFrameAsks() {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.srcdoc = `<script>
    addEventListener('message', (e) => parent.postMessage({ heard: e.data }, '*'));
    parent.postMessage({ swarmflight: 1, id: 'opaque', method: 'list', args: [] }, '*');
  </script>`;
  const request = nextMessage((e) => e.data?.swarmflight === 1 && e.data.id === 'opaque');
  const heard: unknown[] = [];
  const hear = (e: MessageEvent) => {
    if (e.data && typeof e.data === 'object' && 'heard' in e.data) heard.push(e.data.heard);
  };
  addEventListener('message', hear);
  document.body.append(frame);
  cleanups.push(() => {
    removeEventListener('message', hear);
    frame.remove();
  });
  const asked = await request;
  // Give an answer time to be made (the API path is asynchronous), then send a probe: messages
  // from here to the frame arrive in order, so an answer would be heard before the probe is.
  await new Promise((r) => setTimeout(r, 100));
  const probed = nextMessage((e) => e.data?.heard === 'probe');
  frame.contentWindow?.postMessage('probe', '*');
  await probed;
  return { origin: asked.origin, heard };
}

describe('the iframe bridge and opaque origins', () => {
  it('gives a sandboxed frame no answer, no error and no approval prompt', async () => {
    const bridge = bridgeOnWindow();
    cleanups.push(bridge.close);
    const { origin, heard } = await opaqueFrameAsks();
    expect(origin).toBe('null');
    expect(heard).toEqual(['probe']);
    expect(bridge.asked).toEqual([]);
    expect(bridge.errors).toEqual([]);
    expect(bridge.apiCalls()).toBe(0);
  });

  it('runs nothing for "null" even when a stored approval list holds it', async () => {
    const bridge = bridgeOnWindow(['null']);
    cleanups.push(bridge.close);
    const { heard } = await opaqueFrameAsks();
    expect(heard).toEqual(['probe']);
    expect(bridge.asked).toEqual([]);
    expect(bridge.errors).toEqual([]);
    expect(bridge.apiCalls()).toBe(0);
  });

  it('asks about a web origin, but about no opaque or malformed one', () => {
    const bridge = bridgeOnWindow();
    cleanups.push(bridge.close);
    const origins = ['null', 'file://', 'data:', 'chrome-extension://abcdef', 'https://a.example/x', ''];
    for (const origin of [...origins, 'https://host.example']) {
      dispatchEvent(
        new MessageEvent('message', {
          data: { swarmflight: 1, id: 'x', method: 'list', args: [] },
          origin,
          source: window,
        }),
      );
    }
    expect(bridge.asked).toEqual(['https://host.example']);
    expect(bridge.errors).toEqual([]);
    expect(bridge.apiCalls()).toBe(0);
  });
});

describe('the approved origins', () => {
  it('never hold "null" or anything but a web origin, even when the stored list does', () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify([
        'null',
        'https://ok.example',
        'file://',
        'javascript:',
        7,
        'http://localhost:5173',
      ]),
    });
    const store = localOrigins(storage);
    expect(store.allowed()).toEqual(['https://ok.example', 'http://localhost:5173']);
    store.allow('null');
    store.allow('data:');
    expect(store.allowed()).toEqual(['https://ok.example', 'http://localhost:5173']);
    store.allow('https://new.example');
    expect(JSON.parse(storage.read(KEY) as string)).not.toContain('null');
    expect(store.allowed()).toContain('https://new.example');
  });

  it('are http(s) origins as the browser writes them', () => {
    for (const ok of ['https://a.example', 'http://127.0.0.1:8080', 'https://[::1]:4443']) {
      expect(isWebOrigin(ok), ok).toBe(true);
    }
    for (const bad of [
      'null',
      'NULL',
      '',
      'https://a.example/',
      'https://A.example',
      'ftp://a.example',
      'blob:https://a.example/1',
      null,
    ]) {
      expect(isWebOrigin(bad), String(bad)).toBe(false);
    }
  });
});

describe("the bridge inside another page's frame (clickjacking, issue 57)", () => {
  /**
   * Posts a request to this window as `origin` would, from a same-origin frame, and resolves with
   * the bridge's answer as that frame receives it (an answer posted to this window would reach
   * the bridge itself).
   */
  const askAs = (origin: string, id: string) => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    cleanups.push(() => frame.remove());
    const inbox = frame.contentWindow as Window;
    const answer = new Promise<{ ok: boolean; error: { code: string; message: string } }>((resolve) =>
      inbox.addEventListener('message', (e) => {
        if (e.data?.id === id) resolve(e.data);
      }),
    );
    dispatchEvent(
      new MessageEvent('message', {
        data: { swarmflight: 1, id, method: 'list', args: [] },
        origin,
        source: inbox,
      }),
    );
    return answer;
  };

  it('knows a frame from the top-level document, and calls a frame whose top cannot be read framed', () => {
    // Vitest runs each test file in a frame of its own page, whose top is the top-level document.
    expect(window.top).not.toBe(window);
    expect(isFramed()).toBe(true);
    expect(isFramed(window.top as Window)).toBe(false);
    const throwing = {
      get top(): Window {
        throw new DOMException('Blocked', 'SecurityError');
      },
    } as unknown as Window;
    expect(isFramed(throwing)).toBe(true);
  });

  it('answers an origin not allowed "framed", runs nothing, and the store keeps nothing', async () => {
    const bridge = bridgeOnWindow([], true);
    cleanups.push(bridge.close);
    const answer = await askAs(location.origin, 'framed-1');
    expect(answer).toMatchObject({ ok: false, error: { code: 'framed' } });
    expect(answer.error.message).toContain(
      "SwarmFlight does not ask inside another page's frame, where a page on top could take the click",
    );
    expect(bridge.asked).toEqual([location.origin]);
    expect(bridge.apiCalls()).toBe(0);
    const storage = memoryStorage();
    localOrigins(storage, true).allow('https://host.example');
    expect(storage.read(KEY)).toBeUndefined();
  });

  it('answers an origin allowed at the top level, framed too', async () => {
    const bridge = bridgeOnWindow([location.origin], true);
    cleanups.push(bridge.close);
    expect(await askAs(location.origin, 'framed-2')).toEqual({
      swarmflight: 1,
      id: 'framed-2',
      ok: true,
      result: [],
    });
    expect(bridge.asked).toEqual([]);
    expect(bridge.apiCalls()).toBe(1);
  });

  it('at the top level, answers "origin-not-allowed" and asks', async () => {
    const bridge = bridgeOnWindow([], false);
    cleanups.push(bridge.close);
    expect(await askAs(location.origin, 'top-1')).toMatchObject({
      ok: false,
      error: { code: 'origin-not-allowed' },
    });
    expect(bridge.asked).toEqual([location.origin]);
  });
});
