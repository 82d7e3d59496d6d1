import { describe, expect, it } from 'vitest';
import { pageSandboxFrame, type StartRun } from '../../src/adapters/browser/sandbox-frame';
import { workerSandbox } from '../../src/adapters/browser/worker-sandbox';
import type { CodeSandbox, SandboxResult } from '../../src/core/tools/sandbox';

/**
 * The sandbox frame keeps a worker that ran a program cleanly for the next program (a fresh QuickJS
 * runtime and context each), and ends one that did not. These tests run in a frame of their own
 * (a distinct address makes a distinct frame), one program at a time, so the frame holds at most
 * one worker; every run's messages are relayed and recorded, so each test knows which worker ran
 * what: `previousRuns` in the worker's "ready", and the page's 'release' or 'stop' to the frame.
 * A run's end reaches the frame on its own port, the next run's start on the window: a run is
 * passed on only once the frame has taken the previous one's end (its `kept`), or it could find
 * the kept worker still busy and start another.
 */
interface Seen {
  /** `previousRuns` of each run's worker, in the order the runs started. */
  readonly previousRuns: unknown[];
  /** What the page told the frame at each run's end. */
  readonly ends: unknown[];
  /** Resolves once the frame has taken the last run's end. */
  settled(): Promise<void>;
}

function spied(start: StartRun): { start: StartRun; seen: Seen } {
  let previous: Promise<void> = Promise.resolve();
  const seen: Seen = { previousRuns: [], ends: [], settled: () => previous };
  return {
    seen,
    start: (control, channel) => {
      const toFrame = new MessageChannel();
      const toWorker = new MessageChannel();
      let ended: () => void = () => {};
      const before = previous;
      previous = new Promise((resolve) => {
        ended = resolve;
      });
      // Page → frame on control: 'release' or 'stop'; frame → page: 'failed', or 'kept'.
      control.onmessage = (event) => {
        seen.ends.push(event.data);
        toFrame.port1.postMessage(event.data);
        if (event.data === 'stop') ended();
      };
      toFrame.port1.onmessage = (event) => {
        if ((event.data as { type?: unknown })?.type === 'kept') ended();
        control.postMessage(event.data);
      };
      // Worker → page on channel: the "ready" of each run says how many runs its worker served.
      channel.onmessage = (event) => toWorker.port1.postMessage(event.data);
      toWorker.port1.onmessage = (event) => {
        const m = event.data as { type?: unknown; previousRuns?: unknown };
        if (m?.type === 'ready') seen.previousRuns.push(m.previousRuns);
        channel.postMessage(event.data);
      };
      void before.then(() => start(toFrame.port2, toWorker.port2));
    },
  };
}

let frames = 0;
/** A sandbox on a frame of its own, with what its runs said. */
function isolated(): { sandbox: CodeSandbox; seen: Seen } {
  const url = new URL(`/sandbox.html?reuse-test-${++frames}`, location.href).href;
  const { start, seen } = spied(pageSandboxFrame(url));
  return { sandbox: workerSandbox({ start, maxRuns: 1 }), seen };
}

const passedAll = (r: SandboxResult, n: number) =>
  expect(r).toMatchObject({ ok: true, passed: n, failed: 0 });

describe('a sandbox worker kept for the next program', () => {
  it('serves program after program, the engine loaded once', async () => {
    const { sandbox, seen } = isolated();
    for (let i = 0; i < 5; i++)
      passedAll(await sandbox.run(`const k = ${i};`, [{ call: 'k + 1', expect: i + 1 }], 1000), 1);
    expect(seen.previousRuns).toEqual([0, 1, 2, 3, 4]);
    await seen.settled();
    expect(seen.ends).toEqual(['release', 'release', 'release', 'release', 'release']);
  });

  it("gives a program nothing of the previous program's globals, bindings, prototypes or jobs", async () => {
    const { sandbox, seen } = isolated();
    // The first program changes the realm every way it can without failing its own run...
    const first = await sandbox.run(
      `globalThis.leaked = 1;
       var leakedVar = 2;
       function leakedFunction() { return 3; }
       let leakedLet = 4;
       const leakedConst = 5;
       class LeakedClass {}
       Object.prototype.leakedProto = 6;
       Array.prototype.includes = () => true;
       Math.max = () => 7;
       Promise.resolve().then(() => { globalThis.leakedLater = 8; });
       Object.freeze(Array.prototype);`,
      [
        { call: 'leaked + leakedVar + leakedFunction() + leakedLet + leakedConst', expect: 15 },
        { call: 'typeof LeakedClass + ({}).leakedProto', expect: 'function6' },
        { call: '[].includes(1) && Math.max(1, 2) === 7 && Object.isFrozen(Array.prototype)', expect: true },
        { call: 'leakedLater', expect: 8 },
      ],
      1000,
    );
    passedAll(first, 4);
    // ...and the next, in the same worker, finds none of it. Were the context shared, its own
    // `let leakedLet` would not even load (a redeclaration), and every test below would fail.
    const second = await sandbox.run(
      'let leakedLet = "fresh"; const leakedConst = "fresh"; class LeakedClass {}',
      [
        {
          call: 'typeof leaked + typeof leakedVar + typeof leakedFunction',
          expect: 'undefinedundefinedundefined',
        },
        { call: 'leakedLet + leakedConst', expect: 'freshfresh' },
        { call: '({}).leakedProto === undefined && "leakedProto" in Object.prototype', expect: false },
        { call: '[].includes(1)', expect: false },
        { call: 'Math.max(1, 2)', expect: 2 },
        { call: 'typeof leakedLater', expect: 'undefined' },
        { call: 'Object.isFrozen(Array.prototype)', expect: false },
      ],
      1000,
    );
    passedAll(second, 7);
    // The proof that the second program ran in the first one's worker: that worker had served one.
    expect(seen.previousRuns).toEqual([0, 1]);
    await seen.settled();
    expect(seen.ends).toEqual(['release', 'release']);
  });

  it('ends the worker of a program stopped at its time limit; the next program runs in a fresh one', async () => {
    const { sandbox, seen } = isolated();
    passedAll(await sandbox.run('', [{ call: '1 + 1', expect: 2 }], 1000), 1);
    expect(await sandbox.run('while (true) {}', [{ call: '1', expect: 1 }], 100)).toEqual({
      ok: false,
      error: 'timed out after 100 ms',
    });
    passedAll(await sandbox.run('const after = 3;', [{ call: 'after', expect: 3 }], 1000), 1);
    // The loop ran in the kept worker (1 run before it), which was then stopped; the next run's
    // worker had served none.
    expect(seen.previousRuns).toEqual([0, 1, 0]);
    await seen.settled();
    expect(seen.ends).toEqual(['release', 'stop', 'release']);
  });

  it('ends the worker of a program that failed to load or ran out of memory', async () => {
    const { sandbox, seen } = isolated();
    expect(await sandbox.run('function (', [], 1000)).toMatchObject({ ok: false, error: /^SyntaxError/ });
    const hog = await sandbox.run(
      'const keep = []; for (;;) keep.push("x".repeat(1 << 20) + keep.length);',
      [],
      5000,
    );
    expect(hog).toMatchObject({ ok: false, error: /out of memory/ });
    passedAll(await sandbox.run('', [{ call: '2 * 21', expect: 42 }], 1000), 1);
    expect(seen.previousRuns).toEqual([0, 0, 0]);
    await seen.settled();
    expect(seen.ends).toEqual(['stop', 'stop', 'release']);
  }, 20_000);
});

describe('what the page tells the frame at the end of a run', () => {
  /** A stand-in worker that answers each run with `reply`, and the page's word to the frame. */
  const ending = (reply: unknown, timeoutMs = 1000): Promise<unknown> =>
    new Promise((resolve) => {
      const start: StartRun = (control, channel) => {
        control.onmessage = (event) => resolve(event.data);
        channel.onmessage = () => {
          if (reply !== undefined) channel.postMessage(reply);
        };
        channel.postMessage({ type: 'ready', previousRuns: 0 });
      };
      void workerSandbox({ start }).run('', [{ call: '1', expect: 1 }], timeoutMs);
    });
  const clean = { ok: true, outcomes: [{ json: '1' }] };

  it('releases a worker after a clean run it says it can go on from, and only then', async () => {
    expect(await ending({ type: 'result', run: clean, reusable: true })).toBe('release');
    expect(await ending({ type: 'result', run: clean })).toBe('stop');
    expect(await ending({ type: 'result', run: clean, reusable: 'yes' })).toBe('stop');
  });

  it('stops a worker whose run failed or could not be read, whatever it says', async () => {
    expect(await ending({ type: 'result', run: { ok: false, error: 'x' }, reusable: true })).toBe('stop');
    expect(await ending({ type: 'result', run: { ok: true, outcomes: [] }, reusable: true })).toBe('stop');
    expect(await ending({ type: 'result', run: 'passed', reusable: true })).toBe('stop');
  });

  it('stops a worker that does not answer within the limit', async () => {
    expect(await ending(undefined, 50)).toBe('stop');
  });
});
