import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeSandbox, nodeSandbox } from '../../src/adapters/node-sandbox';
import { sandboxContract } from '../support/sandbox-contract';

sandboxContract('Node worker thread', () => nodeSandbox, { hidden: ['process', 'require', 'setTimeout'] });
sandboxContract('Node worker thread, one per run', () => fresh, { hidden: ['process', 'require'] });
const fresh = createNodeSandbox({ maxRunsPerThread: 1 });
afterAll(() => fresh.close());

describe('the Node sandbox', () => {
  it('lets no attack write a file through import()', () => {
    expect(existsSync('/tmp/swarmflight-sandbox-escape')).toBe(false);
  });

  it('lets the process exit on its own once the runs are done (idle threads hold nothing)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarmflight-sandbox-exit-'));
    const module = fileURLToPath(new URL('../../src/adapters/node-sandbox.ts', import.meta.url));
    const script = join(dir, 'exit.mts');
    writeFileSync(
      script,
      `import { nodeSandbox } from ${JSON.stringify(module)};
      const runs = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => nodeSandbox.run('const n = ' + n, [{ call: 'n', expect: n }], 1000)));
      console.log(runs.every((r) => r.ok && r.passed === 1));`,
    );
    try {
      // The timeout only guards the suite: a process kept alive by a thread never exits.
      const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(child.stdout.trim()).toBe('true');
      expect(child.signal).toBeNull();
      expect(child.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);

  it('stops a thread that exceeds its heap, and the process goes on', async () => {
    const small = createNodeSandbox({ memoryMb: 16 });
    const r = await small.run('const keep = []; for (;;) keep.push({ n: keep.length });', [], 20_000);
    expect(r).toEqual({ ok: false, error: 'the sandbox thread failed: the code ran out of memory' });
    expect(await small.run('', [{ call: '2 + 2', expect: 4 }], 1000)).toMatchObject({ ok: true, passed: 1 });
    await small.close();
  });

  it('runs at most maxThreads runs at once; the rest wait for a thread, not against their limit', async () => {
    const one = createNodeSandbox({ maxThreads: 1 });
    const [slow, quick] = await Promise.all([
      one.run('const t = Date.now(); while (Date.now() - t < 150) {}', [], 2000),
      one.run('', [{ call: '1', expect: 1 }], 100),
    ]);
    expect(slow).toMatchObject({ ok: true });
    expect(quick).toMatchObject({ ok: true, passed: 1 });
    await one.close();
  });
});
