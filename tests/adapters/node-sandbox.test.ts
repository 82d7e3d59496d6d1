import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNodeSandbox, nodeSandbox } from '../../src/adapters/node/node-sandbox';
import { sandboxContract } from '../support/sandbox-contract';

sandboxContract('QuickJS in Node', () => nodeSandbox, {
  hidden: ['process', 'require', 'setTimeout', 'module', 'Buffer', 'fetch', 'postMessage', 'WebAssembly'],
});

describe('the Node sandbox', () => {
  it('lets no attack write a file', () => {
    expect(existsSync('/tmp/swarmflight-sandbox-escape')).toBe(false);
  });

  it('stops code that exceeds its heap inside the engine, and the next run goes on', async () => {
    const small = createNodeSandbox({ memoryBytes: 16 * 2 ** 20, stackBytes: 256 * 2 ** 10 });
    const r = await small.run('const keep = []; for (;;) keep.push({ n: keep.length });', [], 20_000);
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/out of memory/) });
    expect(await small.run('', [{ call: '2 + 2', expect: 4 }], 1000)).toMatchObject({ ok: true, passed: 1 });
  });

  it('runs the next run normally after native recursion overflowed a stack', async () => {
    // JSON.stringify recurses in C. On the main thread (984 kB of stack) it spent the host's stack
    // before the engine's own limit tripped, and the engine was dropped; a sandbox thread has 4 MB,
    // so the engine's 160 kB trip first. Either way the run fails in words and the next one runs.
    // On a loaded machine building the 1e5-deep object can outlast the limit instead: also words.
    const sandbox = createNodeSandbox();
    const r = await sandbox.run(
      'let o = {}; for (let i = 0; i < 1e5; i++) o = { o }; JSON.stringify(o);',
      [],
      5000,
    );
    expect(r).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^(InternalError: stack overflow|the sandbox engine failed: .*stack|ran past its time limit of 5000 ms$)/,
      ),
    });
    expect(await sandbox.run('', [{ call: '2 + 2', expect: 4 }], 1000)).toMatchObject({
      ok: true,
      passed: 1,
    });
  });

  it('runs runs asked for at once, each timed from its own start', async () => {
    const [slow, quick] = await Promise.all([
      nodeSandbox.run('const t = Date.now(); while (Date.now() - t < 150) {}', [], 2000),
      nodeSandbox.run('', [{ call: '1', expect: 1 }], 100),
    ]);
    expect(slow).toMatchObject({ ok: true });
    expect(quick).toMatchObject({ ok: true, passed: 1 });
  });
});
