import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../src/adapters/node-sandbox';

describe('run_js in Node', () => {
  it('runs the code against its tests and reports each', async () => {
    const r = await nodeSandbox.run(
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
    if (r.ok) {
      expect(r.results[2]).toMatchObject({ passed: false, got: '2' });
      expect(r.results[3]).toMatchObject({ passed: false, error: 'nope' });
    }
  });

  it('stops an infinite loop at the time limit', async () => {
    const r = await nodeSandbox.run('while (true) {}', [{ call: '1', expect: 1 }], 50);
    expect(r).toEqual({ ok: false, error: 'timed out after 50 ms' });
  });

  it('reports a syntax error and gives the code no Node globals', async () => {
    expect(await nodeSandbox.run('function (', [], 100)).toMatchObject({ ok: false, error: /SyntaxError/ });
    const r = await nodeSandbox.run(
      '',
      [{ call: 'typeof process + typeof require', expect: 'undefinedundefined' }],
      100,
    );
    expect(r).toMatchObject({ ok: true, passed: 1 });
  });
});
