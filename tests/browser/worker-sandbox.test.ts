import { describe, expect, it } from 'vitest';
import { type SandboxWorker, workerSandbox } from '../../src/adapters/worker-sandbox';
import { sandboxContract } from '../support/sandbox-contract';

// Real module Workers in real Chromium (workers/sandbox.worker.ts, served by Vite).
sandboxContract('Web Worker', () => workerSandbox(), { hidden: ['document', 'window', 'localStorage'] });

/** A worker that stays silent until the test makes it speak. */
class FakeWorker extends EventTarget implements SandboxWorker {
  readonly posted: unknown[] = [];
  terminated = false;
  postMessage(request: unknown): void {
    this.posted.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  say(data: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const passed = { ok: true, passed: 1, failed: 0, results: [{ call: '1', passed: true, got: '1' }] } as const;

describe('workerSandbox when the worker misbehaves', () => {
  it('reports a worker that cannot be created', async () => {
    const sandbox = workerSandbox({
      createWorker: () => {
        throw new Error('no workers here');
      },
    });
    expect(await sandbox.run('', [], 100)).toEqual({
      ok: false,
      error: 'could not start the sandbox worker: Error: no workers here',
    });
  });

  it('reports a worker that throws while it loads', async () => {
    const url = URL.createObjectURL(new Blob(['throw new Error("boom")'], { type: 'text/javascript' }));
    try {
      const sandbox = workerSandbox({ createWorker: () => new Worker(url, { type: 'module' }) });
      expect(await sandbox.run('', [], 1000)).toMatchObject({ ok: false, error: /failed: .*boom/ });
    } finally {
      URL.revokeObjectURL(url);
    }
  });

  it('gives up on a worker that never says it is ready, and terminates it', async () => {
    const fake = new FakeWorker();
    const r = await workerSandbox({ createWorker: () => fake, startupTimeoutMs: 30 }).run('', [], 1000);
    expect(r).toEqual({ ok: false, error: 'the sandbox worker did not start within 30 ms' });
    expect(fake.terminated).toBe(true);
    expect(fake.posted).toEqual([]);
  });

  it('sends the run once ready, ignores stray messages, settles on its own id', async () => {
    const fake = new FakeWorker();
    const pending = workerSandbox({ createWorker: () => fake }).run('1', [{ call: '1', expect: 1 }], 1000);
    fake.say({ type: 'ready' });
    fake.say({ type: 'ready' });
    expect(fake.posted).toEqual([{ type: 'run', id: 0, code: '1', tests: [{ call: '1', expect: 1 }] }]);
    fake.say('noise');
    fake.say({ type: 'result', id: 7, result: { ok: false, error: 'not yours' } });
    fake.say({ type: 'result', id: 0, result: passed });
    expect(await pending).toEqual(passed);
    expect(fake.terminated).toBe(true);
  });

  it('terminates a worker that runs past the limit', async () => {
    const fake = new FakeWorker();
    const pending = workerSandbox({ createWorker: () => fake }).run('', [], 20);
    fake.say({ type: 'ready' });
    expect(await pending).toEqual({ ok: false, error: 'timed out after 20 ms' });
    expect(fake.terminated).toBe(true);
  });

  it('counts the limit from the run, not from the worker start-up', async () => {
    const fake = new FakeWorker();
    const pending = workerSandbox({ createWorker: () => fake }).run('1', [{ call: '1', expect: 1 }], 20);
    // Loads in 60 ms, longer than the 20 ms limit, then answers at once.
    setTimeout(() => {
      fake.say({ type: 'ready' });
      fake.say({ type: 'result', id: 0, result: passed });
    }, 60);
    expect(await pending).toEqual(passed);
  });

  it('reports a reply that cannot be read', async () => {
    const fake = new FakeWorker();
    const pending = workerSandbox({ createWorker: () => fake }).run('', [], 1000);
    fake.say({ type: 'ready' });
    fake.dispatchEvent(new MessageEvent('messageerror'));
    expect(await pending).toEqual({
      ok: false,
      error: 'the sandbox worker sent a reply that could not be read',
    });
  });

  it('reports a test that cannot be sent to the worker', async () => {
    const sandbox = workerSandbox();
    const r = await sandbox.run('', [{ call: '1', expect: () => 1 }], 1000);
    expect(r).toMatchObject({ ok: false, error: /could not send the run/ });
  });
});
