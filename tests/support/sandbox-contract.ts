import { describe, expect, it } from 'vitest';
import type { CodeSandbox } from '../../src/core/tools/sandbox';

export interface SandboxHost {
  /** Globals of the host the code must not see, e.g. `process` and `require` in Node. */
  readonly hidden: readonly string[];
  /**
   * False only for the worker handler run in-thread (over a MessageChannel, to test the wiring):
   * it cannot stop a loop that never yields, and the code shares the page's globals. The checks
   * that need isolation are then skipped, visibly.
   */
  readonly isolated?: boolean;
}

/**
 * The `CodeSandbox` port's contract, run against each adapter: node:vm (tests/adapters), a Web
 * Worker (tests/browser). `make` is called once per test.
 */
export function sandboxContract(name: string, make: () => CodeSandbox, host: SandboxHost): void {
  const isolated = host.isolated ?? true;

  describe(`CodeSandbox contract: ${name}`, () => {
    it('runs the code against its tests and reports each', async () => {
      const r = await make().run(
        'function add(a, b) { return a + b; } function bad() { throw new Error("nope"); }',
        [
          { call: 'add(2, 3)', expect: 5 },
          { call: 'add("a", "b")', expect: 'ab' },
          { call: 'add(1, 1)', expect: 3 },
          { call: 'bad()', expect: null },
        ],
        1000,
      );
      expect(r).toMatchObject({ ok: true, passed: 2, failed: 2 });
      if (!r.ok) return;
      expect(r.results.map((t) => t.call)).toEqual(['add(2, 3)', 'add("a", "b")', 'add(1, 1)', 'bad()']);
      expect(r.results[0]).toMatchObject({ passed: true, got: '5' });
      expect(r.results[2]).toMatchObject({ passed: false, got: '2' });
      expect(r.results[3]).toMatchObject({ passed: false, error: 'nope' });
    });

    it('compares values by JSON equality', async () => {
      const r = await make().run(
        'const pair = (a, b) => ({ a, b: [b] });',
        [
          { call: 'pair(1, "x")', expect: { a: 1, b: ['x'] } },
          { call: 'pair(1, 2)', expect: { a: 1, b: ['2'] } },
        ],
        1000,
      );
      expect(r).toMatchObject({ ok: true, passed: 1, failed: 1 });
    });

    it('reports a syntax error', async () => {
      expect(await make().run('function (', [], 1000)).toMatchObject({ ok: false, error: /SyntaxError/ });
    });

    it('reports an error thrown while the code loads, by name and message', async () => {
      const r = await make().run('throw new TypeError("at load")', [{ call: '1', expect: 1 }], 1000);
      expect(r).toEqual({ ok: false, error: 'TypeError: at load' });
    });

    it.skipIf(!isolated)('stops an infinite loop at the time limit, and runs the next code', async () => {
      const sandbox = make();
      const r = await sandbox.run('while (true) {}', [{ call: '1', expect: 1 }], 50);
      expect(r).toEqual({ ok: false, error: 'timed out after 50 ms' });
      expect(await sandbox.run('', [{ call: '1 + 1', expect: 2 }], 1000)).toMatchObject({
        ok: true,
        passed: 1,
      });
    });

    it.skipIf(!isolated || host.hidden.length === 0)(
      `hides the host (${host.hidden.join(', ')})`,
      async () => {
        const call = host.hidden.map((g) => `typeof ${g}`).join(' + ');
        const r = await make().run('', [{ call, expect: 'undefined'.repeat(host.hidden.length) }], 1000);
        expect(r).toMatchObject({ ok: true, passed: 1 });
      },
    );

    it.skipIf(!isolated)('starts each run with fresh globals', async () => {
      const sandbox = make();
      await sandbox.run('globalThis.leftOver = 1; var alsoLeft = 2;', [], 1000);
      const r = await sandbox.run(
        '',
        [{ call: 'typeof leftOver + typeof alsoLeft', expect: 'undefinedundefined' }],
        1000,
      );
      expect(r).toMatchObject({ ok: true, passed: 1 });
    });
  });
}
