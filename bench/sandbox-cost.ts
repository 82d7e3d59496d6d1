/**
 * What one `run_js` call costs in Node, through the `CodeSandbox` port, `run(code, tests,
 * timeoutMs)`, against an older checkout's sandbox given with --old. Recorded twice in
 * docs/benchmarks.md: QuickJS on the host's thread against the node:vm thread pool it replaced
 * (issue 45, --old at 6e9acd9), and QuickJS in worker threads the host can terminate against
 * QuickJS on the host's thread (issue 57, --old at 98f0d3b):
 *
 * - `grading`: a real mixed-coding grading call, `stddev` with what it builds on (sum, mean,
 *   variance) and its hidden tests, as `judgeFunctions` made it until the answer became one module
 *   (since then each call carries the whole module, all 23 functions at most: a longer source);
 * - `trivial`: `run('', [{ call: '1+1', expect: 2 }], 1000)`;
 * - `cpu`: a loop of 1e6 iterations (an interpreter against V8's JIT);
 * - `batch`: every library function's grading call at once (`Promise.all`, as a coding run is
 *   graded), the time of the whole batch;
 * - `cold`: the first (trivial) call of a fresh sandbox: loading the engine, or starting a thread;
 * - `kill` (a sandbox that can stop a run from outside only): a run spending seconds in one native
 *   call with a 100 ms limit, until its result; then `after a kill`, the trivial call right after
 *   it, which finds the thread started ahead (the warm restart).
 *
 * Warm calls are timed one at a time with performance.now() after untimed warm-up calls, on the
 * process's shared sandbox (the CLI's); old and new alternate per workload and rep, the order
 * swapped every rep. Medians, 90th percentiles and means over every call of every rep; the old
 * pool retires a thread every 32 runs, which a mean shows and a median hides.
 *
 *   git worktree add /tmp/sf-old 98f0d3b && ln -s "$PWD/node_modules" /tmp/sf-old/node_modules
 *   npx tsx bench/sandbox-cost.ts [--old /tmp/sf-old] [--reps 5] [--calls 200]
 *   git worktree remove --force /tmp/sf-old
 *
 * Without --old, only the new sandbox is measured.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { dependencyClosure, LIBRARY, libraryFunction } from '../src/core/scenarios/mixed-coding/library';
import type { CodeSandbox, CodeTest } from '../src/core/tools/sandbox';

const { values } = parseArgs({
  options: {
    old: { type: 'string' },
    reps: { type: 'string', default: '5' },
    calls: { type: 'string', default: '200' },
  },
});
const reps = Number(values.reps);
const calls = Number(values.calls);
if (!(reps >= 1 && calls >= 10)) throw new Error('--reps must be at least 1 and --calls at least 10');

interface SandboxModule {
  readonly nodeSandbox: CodeSandbox & { close?(): Promise<void> };
  readonly createNodeSandbox: () => CodeSandbox & { close?(): Promise<void> };
}
interface Subject {
  readonly name: 'old' | 'new';
  readonly module: SandboxModule;
  /** The first call of the process, the module's import (tsx compiling it) included. */
  readonly firstMs: number;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const p90 = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.ceil(0.9 * xs.length) - 1] as number;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ms = (x: number) => (x < 10 ? x.toFixed(3) : x.toFixed(1));

// The grading call: the code of `stddev` after what it builds on, its hidden tests.
const codeOf = (name: string) =>
  [...dependencyClosure(name), name].map((n) => libraryFunction(n)!.reference).join('\n\n');
const STDDEV = libraryFunction('stddev')!;
const grading = { code: codeOf('stddev'), tests: STDDEV.hidden, timeoutMs: 1000 };
const trivial = { code: '', tests: [{ call: '1+1', expect: 2 }], timeoutMs: 1000 };
const SPIN = 1e6;
let spun = 0;
for (let i = 0; i < SPIN; i++) spun += i % 7;
const cpu = {
  code: 'function spin(n) {\n  let s = 0;\n  for (let i = 0; i < n; i++) s += i % 7;\n  return s;\n}',
  tests: [{ call: `spin(${SPIN})`, expect: spun }],
  timeoutMs: 10_000,
};
const batch = LIBRARY.map((fn) => ({ code: codeOf(fn.name), tests: fn.hidden, timeoutMs: 1000 }));

interface Call {
  readonly code: string;
  readonly tests: readonly CodeTest[];
  readonly timeoutMs: number;
}

/** Runs one call and checks that every test passed: a broken sandbox must not look fast. */
async function check(sandbox: CodeSandbox, call: Call, who: string): Promise<void> {
  const result = await sandbox.run(call.code, call.tests, call.timeoutMs);
  if (!result.ok || result.failed > 0 || result.passed !== call.tests.length)
    throw new Error(`${who}: the sandbox did not pass its tests: ${JSON.stringify(result).slice(0, 500)}`);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

async function load(name: 'old' | 'new', path: string): Promise<Subject> {
  const t0 = performance.now();
  const module = (await import(pathToFileURL(path).href)) as SandboxModule;
  await check(module.nodeSandbox, trivial, name);
  return { name, module, firstMs: performance.now() - t0 };
}

const subjects: Subject[] = [];
// An older checkout keeps the sandbox where it was before adapters/ was grouped by host.
const sandboxIn = (root: string) =>
  [join(root, 'src/adapters/node/node-sandbox.ts'), join(root, 'src/adapters/node/node-sandbox.ts')].find(
    (f) => existsSync(f),
  ) as string;
if (values.old) subjects.push(await load('old', sandboxIn(resolve(values.old))));
subjects.push(await load('new', sandboxIn(join(import.meta.dirname, '..'))));

const workloads: { name: string; calls: number; run: (s: CodeSandbox, who: string) => Promise<unknown> }[] = [
  {
    name: `grading (stddev, ${STDDEV.hidden.length} hidden tests)`,
    calls,
    run: (s, who) => check(s, grading, who),
  },
  { name: 'trivial (1+1)', calls, run: (s, who) => check(s, trivial, who) },
  {
    name: `cpu (loop of ${SPIN.toExponential()})`,
    calls: Math.max(5, calls / 10),
    run: (s, who) => check(s, cpu, who),
  },
  {
    name: `batch (${batch.length} grading calls at once)`,
    calls: Math.max(5, calls / 10),
    run: (s, who) => Promise.all(batch.map((c) => check(s, c, who))),
  },
];
// One native call of seconds (issue 57): stopped from outside, never returning to the interrupt.
const KILLED = { code: 'Array.prototype.indexOf.call({ length: 2 ** 28 }, 1);', timeoutMs: 100 };
const killable = (s: Subject) => s.name === 'new';
const kill = async (s: Subject) => {
  const sandbox = s.module.nodeSandbox;
  const killed = await timed(async () => {
    const r = await sandbox.run(KILLED.code, [], KILLED.timeoutMs);
    if (r.ok) throw new Error(`${s.name}: the native call was not stopped`);
  });
  record(`kill/${s.name}`, killed);
  record(`after a kill/${s.name}`, await timed(() => check(sandbox, trivial, s.name)));
};
const cold = (s: Subject) => async () => {
  const sandbox = s.module.createNodeSandbox();
  const t = await timed(() => check(sandbox, trivial, s.name));
  await sandbox.close?.();
  return t;
};

const times = new Map<string, number[]>();
const record = (key: string, t: number) => {
  const xs = times.get(key) ?? [];
  xs.push(t);
  times.set(key, xs);
};
const load0 = loadavg()[0] as number;
for (let r = 0; r < reps; r++) {
  const order = r % 2 ? [...subjects].reverse() : subjects;
  for (const w of workloads)
    for (const s of order) {
      const sandbox = s.module.nodeSandbox;
      for (let i = 0; i < Math.min(10, w.calls); i++) await w.run(sandbox, s.name); // warm-up
      for (let i = 0; i < w.calls; i++)
        record(`${w.name}/${s.name}`, await timed(() => w.run(sandbox, s.name)));
    }
  for (let i = 0; i < 5; i++) for (const s of order) record(`cold/${s.name}`, await cold(s)());
  for (let i = 0; i < 5; i++) for (const s of order.filter(killable)) await kill(s);
}
for (const s of subjects) await s.module.nodeSandbox.close?.();

console.log(
  `node ${process.version}, ${new Date().toISOString().slice(0, 10)}, ${reps} reps interleaved, ` +
    `load average ${load0.toFixed(2)} → ${(loadavg()[0] as number).toFixed(2)}`,
);
const names = subjects.map((s) => s.name);
const rows = [
  ...workloads.map((w) => ({ name: w.name, n: w.calls * reps })),
  { name: 'cold (first call of a fresh sandbox, trivial)', n: 5 * reps },
  { name: `kill (one native call of seconds, limit ${KILLED.timeoutMs} ms)`, n: 5 * reps },
  { name: 'after a kill (the next trivial call)', n: 5 * reps },
];
const head = names.flatMap((n) => [`${n} median`, `${n} p90`, `${n} mean`]);
const ratio = names.length === 2 ? ['new/old median', 'new/old p90', 'new/old mean'] : [];
console.log(`\nms per call\n\n| call | calls each | ${[...head, ...ratio].join(' | ')} |`);
console.log(`|---|${'---:|'.repeat(1 + head.length + ratio.length)}`);
for (const row of rows) {
  const key = /^(cold|kill|after a kill)/.exec(row.name)?.[1] ?? row.name;
  const stats = names.map((n) => {
    const xs = times.get(`${key}/${n}`) ?? [];
    return xs.length ? [median(xs), p90(xs), mean(xs)] : [Number.NaN, Number.NaN, Number.NaN];
  });
  const cells = stats.flatMap((st) => st.map((x) => (Number.isNaN(x) ? '—' : ms(x))));
  if (stats.length === 2) {
    const [o, n] = stats as [number[], number[]];
    cells.push(...o.map((x, i) => (Number.isNaN(x) ? '—' : `${((n[i] as number) / x).toFixed(2)}×`)));
  }
  console.log(`| ${row.name} | ${row.n} | ${cells.join(' | ')} |`);
}
console.log(
  `\nfirst call of the process (the module's import, tsx compiling it, and the engine or first thread): ${subjects
    .map((s) => `${s.name} ${s.firstMs.toFixed(0)} ms`)
    .join(', ')}`,
);
