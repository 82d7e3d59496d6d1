import { describe, expect, it } from 'vitest';
import type { SandboxReply } from '../../src/adapters/sandbox-protocol';
import { handleSandboxRequest, type SandboxEndpoint, serveSandbox } from '../../src/adapters/sandbox-worker';

// The handler runs the code in this realm (here: the test's own globals), so names are kept unique.
describe('the sandbox worker handler, without a worker', () => {
  it('answers a run with the harness results, under the request id', () => {
    const r = handleSandboxRequest({
      type: 'run',
      id: 41,
      code: 'function sbwTwice(x) { return 2 * x; }',
      tests: [
        { call: 'sbwTwice(2)', expect: 4 },
        { call: 'sbwTwice(2)', expect: 5 },
      ],
    });
    expect(r).toEqual({
      type: 'result',
      id: 41,
      result: {
        ok: true,
        passed: 1,
        failed: 1,
        results: [
          { call: 'sbwTwice(2)', passed: true, got: '4' },
          { call: 'sbwTwice(2)', passed: false, got: '4' },
        ],
      },
    });
  });

  it('turns anything thrown into ok: false, named like the Node sandbox', () => {
    const run = (code: string) => handleSandboxRequest({ type: 'run', id: 0, code, tests: [] }).result;
    expect(run('function (')).toMatchObject({ ok: false, error: /^SyntaxError: / });
    expect(run('throw new RangeError("far")')).toEqual({ ok: false, error: 'RangeError: far' });
    expect(run('throw 7')).toEqual({ ok: false, error: 'Error: 7' });
    expect(run('throw { toString() { throw 1; } }')).toMatchObject({ ok: false, error: /cannot be printed/ });
  });

  it('announces itself, then answers each run request and ignores anything else', () => {
    const sent: SandboxReply[] = [];
    const endpoint: SandboxEndpoint = { onmessage: null, postMessage: (m) => sent.push(m) };
    serveSandbox(endpoint);
    expect(sent).toEqual([{ type: 'ready' }]);
    endpoint.onmessage?.(new MessageEvent('message', { data: { type: 'bogus' } }));
    endpoint.onmessage?.(
      new MessageEvent('message', {
        data: { type: 'run', id: 3, code: '', tests: [{ call: '1', expect: 1 }] },
      }),
    );
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ type: 'result', id: 3, result: { ok: true, passed: 1 } });
  });
});
