import { describe, expect, it } from 'vitest';
import { offerSandbox, pageSandboxFrame, type StartRun } from '../../src/adapters/sandbox-frame';
import { workerSandbox } from '../../src/adapters/worker-sandbox';
import { sandboxContract } from '../support/sandbox-contract';

// Real blob workers of the real sandbox frame (public/sandbox.html, served by Vite) in Chromium.
sandboxContract('browser worker in the opaque-origin frame', () => workerSandbox(), {
  hidden: ['document', 'window', 'localStorage', 'sessionStorage', 'caches'],
});

const probe = (call: string, expect: unknown) => workerSandbox().run('', [{ call, expect }], 2000);

describe('the browser sandbox reaches nothing of the app or the network', () => {
  it('runs in an opaque origin', async () => {
    expect(await probe('self.origin', 'null')).toMatchObject({ ok: true, passed: 1 });
  });

  it('cannot open IndexedDB', async () => {
    const call =
      '(() => { try { indexedDB.open("swarmflight"); return "opened"; } catch (e) { return e.name; } })()';
    expect(await probe(call, 'SecurityError')).toMatchObject({ ok: true, passed: 1 });
  });

  it('cannot reach the app by XHR, and no server at all', async () => {
    const url = JSON.stringify(location.origin);
    const xhr = (target: string) =>
      `(() => { try { const x = new XMLHttpRequest(); x.open("GET", ${target}, false); x.send(); return "reached " + x.status; } catch (e) { return e.name; } })()`;
    expect(await probe(xhr(url), 'NetworkError')).toMatchObject({ ok: true, passed: 1 });
    expect(await probe(xhr('"https://example.com/"'), 'NetworkError')).toMatchObject({ ok: true, passed: 1 });
  });

  it('cannot fetch or import: the attempt rejects, failing the run', async () => {
    const url = JSON.stringify(`${location.origin}/sandbox.html`);
    // The run waits one macrotask for rejections; these come from the policy at once.
    for (const code of [`fetch(${url})`, `import(${url})`]) {
      const r = await workerSandbox().run(
        `${code};\nconst spin = Date.now(); while (Date.now() - spin < 300) {}`,
        [],
        2000,
      );
      expect(r, code).toMatchObject({ ok: false });
    }
  });

  it('shares no BroadcastChannel with the app', async () => {
    const heard: unknown[] = [];
    const channel = new BroadcastChannel('swarmflight-sandbox-probe');
    channel.onmessage = (event) => heard.push(event.data);
    await workerSandbox().run(
      'new BroadcastChannel("swarmflight-sandbox-probe").postMessage("leak");',
      [],
      1000,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    channel.close();
    expect(heard).toEqual([]);
  });
});

describe('the browser sandbox when its frame or worker misbehaves', () => {
  it('reports a frame that never starts the worker', async () => {
    const r = await workerSandbox({ start: () => {}, startupTimeoutMs: 30 }).run('', [], 1000);
    expect(r).toEqual({ ok: false, error: 'the sandbox worker did not start within 30 ms' });
  });

  it('reports a start that throws', async () => {
    const r = await workerSandbox({
      start: () => {
        throw new Error('no frames here');
      },
    }).run('', [], 1000);
    expect(r).toEqual({ ok: false, error: 'could not start the sandbox worker: Error: no frames here' });
  });

  it('reads a forged reply on its own channel as untrusted data, and stops the worker', async () => {
    let stopped = false;
    const start: StartRun = (control, channel) => {
      control.onmessage = (event) => {
        stopped = event.data === 'stop';
      };
      channel.onmessage = () =>
        channel.postMessage({ type: 'result', run: { ok: true, outcomes: 'all passed' } });
      channel.postMessage({ type: 'ready' });
    };
    const r = await workerSandbox({ start }).run('', [{ call: '1', expect: 1 }], 1000);
    expect(r).toMatchObject({ ok: false, error: /could not be read: expected 1 test outcomes/ });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(true);
  });

  it('reports a frame that does not load', async () => {
    const r = await workerSandbox({
      start: pageSandboxFrame('data:text/html,<p>no sandbox here</p>'),
      startupTimeoutMs: 2000,
    }).run('', [], 1000);
    expect(r).toMatchObject({ ok: false });
  });

  it('serves a worker through the portal the page offers it', async () => {
    const source = `
      import { acceptSandboxPortal } from '${new URL('../../src/adapters/sandbox-frame.ts', import.meta.url).href}';
      import { workerSandbox } from '${new URL('../../src/adapters/worker-sandbox.ts', import.meta.url).href}';
      acceptSandboxPortal(self);
      const sandbox = workerSandbox();
      self.addEventListener('message', async (event) => {
        if (event.data !== 'go') return;
        postMessage(await sandbox.run('const k = 7;', [{ call: 'k * 6', expect: 42 }], 1000));
      });`;
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const worker = new Worker(url, { type: 'module' });
    offerSandbox(worker);
    const answer = new Promise((resolve) => worker.addEventListener('message', (e) => resolve(e.data)));
    worker.postMessage('go');
    expect(await answer).toMatchObject({ ok: true, passed: 1 });
    worker.terminate();
    URL.revokeObjectURL(url);
  });
});
