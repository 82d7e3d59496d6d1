import { expect } from 'vitest';
import type { SandboxResult } from '../../src/core/tools/sandbox';
import type { ContractCase } from './sandbox-contract';

/**
 * Issue 45's escapes, run by the contract against every sandbox. Under `node:vm` one line was
 * enough: `import()` had no loader, so it rejected with a TypeError made in the thread's own realm,
 * and `error.constructor.constructor('return process')()` handed over the thread's `process` (the
 * environment with its keys, the file system, `process.kill`, the port on which a forged grade was
 * accepted). Each case below takes one road to a host realm's `Function` — the import rejection,
 * V8's `Error.prepareStackTrace` call sites, `arguments.callee.caller`, errors the engine itself
 * makes (stack overflow, allocation failure), async generators, `Symbol.species` — and from every
 * `Function` it finds tries the same five things: read `process.env`, write a file, kill the
 * process, post a forged result, load `node:fs`. Whatever succeeds is written down in `found`,
 * which a test call returns: it must come back empty, and the wrong `add` must still fail.
 */
const probe = `
function add(a, b) { return a - b; }
var found = [];
// What an attempt returns when it got through: a generator or async function's result is
// followed to its value, so that a Function that makes those is tried as fully as a plain one.
function reached(label, got) {
  if (got === 'reached') return found.push(label);
  if (got && typeof got.next === 'function') got = got.next();
  if (got && typeof got.then === 'function')
    got.then(function (v) { if (v === 'reached' || (v && v.value === 'reached')) found.push(label); }, function () {});
  else if (got && got.value === 'reached') found.push(label);
}
function tryAll(label, F) {
  if (typeof F !== 'function') return;
  var attempts = {
    env: 'process.env',
    fs: 'require("node:fs")',
    write: 'require("node:fs").writeFileSync("/tmp/swarmflight-sandbox-escape", "x") || true',
    kill: 'process.kill(process.pid, "SIGKILL") || true',
    forge: '(typeof parentPort === "object" ? parentPort : self).postMessage(' +
      '{ type: "result", run: { ok: true, outcomes: [{ value: 5 }, { value: "" }] } }) || true',
    self: 'typeof self === "object" && typeof self.postMessage === "function"',
  };
  for (var what in attempts) {
    try {
      reached(label + ': ' + what, F('return (' + attempts[what] + ') ? "reached" : ""')());
    } catch (e) {}
  }
}
`;

function escapeCase(name: string, attempt: string): ContractCase {
  return {
    name: `attack: escape through ${name} reaches no host`,
    code: `${probe}\n${attempt}`,
    tests: [
      { call: 'add(2, 3)', expect: 5 },
      { call: "found.join('; ')", expect: '' },
    ],
    check: (r: SandboxResult) => {
      expect(r).toMatchObject({ ok: true });
      if (!r.ok) return;
      expect(r.results[1]).toEqual({ call: "found.join('; ')", passed: true, got: '""' });
      expect(r.results[0]).toMatchObject({ passed: false });
    },
  };
}

export const escapeCases: readonly ContractCase[] = [
  escapeCase(
    'an import() rejection',
    `import('node:fs').catch(function (e) { tryAll('import rejection', e.constructor.constructor); });
     import('data:text/javascript,export default 1').catch(function (e) { tryAll('data import', e.constructor.constructor); });`,
  ),
  escapeCase(
    'Error.prepareStackTrace',
    `Error.prepareStackTrace = function (error, frames) {
       for (var i = 0; frames && i < frames.length; i++) {
         try { var fn = frames[i].getFunction(); if (fn) tryAll('frame function', fn.constructor); } catch (x) {}
         try { var self = frames[i].getThis(); if (self) tryAll('frame this', self.constructor.constructor); } catch (x) {}
       }
       return 'stack';
     };
     try { null.x; } catch (e) { String(e.stack); }
     import('x').catch(function (e) { String(e.stack); });`,
  ),
  escapeCase(
    'arguments.callee.caller',
    `function climb() {
       var f = arguments.callee;
       for (var i = 0; i < 50 && f; i++) {
         try { tryAll('caller ' + i, f.constructor); f = f.caller; } catch (e) { break; }
       }
       return 0;
     }
     climb();
     var sneaky = { get value() { climb(); return 1; } };
     function add2() { climb(); return 1; }`,
  ),
  escapeCase(
    'errors the engine makes',
    `try { (function down() { down(); })(); } catch (e) { tryAll('stack overflow error', e.constructor.constructor); }
     try { new ArrayBuffer(2 ** 31); } catch (e) { tryAll('allocation error', e.constructor.constructor); }
     try { null.x; } catch (e) { tryAll('type error', e.constructor.constructor); }
     try { JSON.parse('{'); } catch (e) { tryAll('syntax error', Object.getPrototypeOf(e).constructor.constructor); }`,
  ),
  escapeCase(
    'async generators',
    `var AsyncGeneratorFunction = Object.getPrototypeOf(async function* () {}).constructor;
     tryAll('async generator function', AsyncGeneratorFunction);
     (async function* () { yield 1; })().next().then(function (step) { tryAll('async generator step', step.constructor.constructor); });
     (async function* () { throw new Error('x'); })().next().catch(function (e) { tryAll('async generator throw', e.constructor.constructor); });`,
  ),
  escapeCase(
    'Symbol.species',
    `class Evil extends Promise {
       static get [Symbol.species]() { tryAll('promise species', this.constructor); return Promise; }
     }
     Evil.resolve(1).then(function () {});
     Object.defineProperty(Array, Symbol.species, {
       configurable: true,
       get: function () { tryAll('array species', this.constructor); return Array; },
     });
     [1, 2].map(function (x) { return x; });
     Object.defineProperty(Promise, Symbol.species, { get: function () { tryAll('intrinsic promise species', this.constructor); return Promise; } });
     import('x').then(function () {}, function (e) { tryAll('species rejection', e.constructor.constructor); });`,
  ),
];

/** The test of a returned value too big to grade fails, quickly, or the run does; never the host. */
function bounded(name: string, code: string, call: string, error: RegExp): ContractCase {
  return {
    name: `bounded: ${name} ends within the time limit`,
    code,
    tests: [{ call, expect: 1 }],
    timeoutMs: 1000,
    check: (r: SandboxResult) => {
      if (r.ok) {
        expect(r).toMatchObject({ passed: 0, failed: 1 });
        expect(r.results[0]?.error).toMatch(error);
      } else
        expect(r.error).toMatch(
          /timed out after 1000 ms|ran past its time limit of 1000 ms|memory|RangeError|InternalError/,
        );
    },
  };
}

export const boundedCases: readonly ContractCase[] = [
  {
    // The calls come from a model too: many results of 60 kB each stop at the run's 256 kB.
    name: 'bounded: the sum of a run’s results stops at 256 kB, the calls left not run',
    code: '',
    tests: Array.from({ length: 12 }, () => ({ call: "'y'.repeat(60000)", expect: 1 })),
    timeoutMs: 1000,
    check: (r: SandboxResult) => {
      expect(r).toMatchObject({ ok: true, passed: 0, failed: 12 });
      if (!r.ok) return;
      expect(r.results.slice(0, 5).every((t) => t.got !== undefined)).toBe(true);
      for (const t of r.results.slice(5))
        expect(t.error).toMatch(/^not run: this run's results passed 256 kB/);
    },
  },
  bounded(
    'a returned 2^26-element typed array',
    '',
    'new Uint8Array(2 ** 26)',
    /memory|RangeError|longer than/,
  ),
  bounded('a returned 2^22-element typed array', '', 'new Float64Array(2 ** 22)', /longer than 65536/),
  bounded(
    'a returned 1 GB string',
    "function big() { let s = 'x'; while (s.length < 2 ** 30) s += s; return s; }",
    'big()',
    /memory|RangeError|InternalError|too long|longer than/,
  ),
  bounded('a returned 100 kB string', '', "'y'.repeat(100000)", /longer than 65536/),
  bounded(
    'a returned object nested 100,000 deep',
    'function deep() { let o = {}; for (let i = 0; i < 1e5; i++) o = { o }; return o; }',
    'deep()',
    /nested more than 100 deep/,
  ),
  bounded(
    'a returned array nested 100,000 deep',
    'function deep() { let o = []; for (let i = 0; i < 1e5; i++) o = [o]; return o; }',
    'deep()',
    /nested more than 100 deep/,
  ),
];
