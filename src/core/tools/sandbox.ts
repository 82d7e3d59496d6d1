/**
 * The `run_js` tool's port: run a snippet of JavaScript against unit tests, with a time limit.
 * The code runs in a separate JavaScript engine, QuickJS compiled to WebAssembly
 * (src/adapters/common/engine-run.ts): on the host's thread in Node (src/adapters/node/node-sandbox.ts), and in
 * the browser inside a worker of an opaque-origin iframe without network
 * (src/adapters/browser/worker-sandbox.ts) as a second wall; docs/security.md.
 *
 * Grading never happens where the code runs. The engine is told only the test *calls*; it sends
 * back, per call, the JSON text of the value the call produced, made inside the engine under its
 * time and memory limits and at most MAX_RESULT_JSON characters long, or the error it threw, in
 * words. `gradeRun` compares that text with the expected values here, in the host, so code that
 * redefines JSON, prototypes or any other global in its own engine cannot reach the verdict, and
 * it never sees what the tests expect.
 */

export interface CodeTest {
  /** A JavaScript expression evaluated after the code, e.g. `add(2, 3)`. */
  readonly call: string;
  /** The expected value, compared by JSON equality. */
  readonly expect: unknown;
}

export interface TestResult {
  readonly call: string;
  readonly passed: boolean;
  readonly got?: string;
  readonly error?: string;
}

export type SandboxResult =
  | {
      readonly ok: true;
      readonly passed: number;
      readonly failed: number;
      readonly results: readonly TestResult[];
    }
  | { readonly ok: false; readonly error: string };

export interface CodeSandbox {
  run(code: string, tests: readonly CodeTest[], timeoutMs: number): Promise<SandboxResult>;
}

/**
 * What the engine sends back for one call, as text made inside it (sandbox-runner.ts): the
 * value's JSON text (`json` absent when the value has none, as JSON.stringify gives undefined), or
 * what it threw, in words. Only strings cross, each at most MAX_RESULT_JSON characters long.
 */
export type CallOutcome = { readonly json?: string } | { readonly error: string };

/** What the sandbox sends back for one run. */
export type RawRun =
  | { readonly ok: true; readonly outcomes: readonly CallOutcome[] }
  | { readonly ok: false; readonly error: string };

/** Longest error or value text kept in a result: a model reads these, and a trace keeps them. */
export const MAX_TEXT = 2000;

/** Longest JSON text of one returned value, made in the engine and refused by the host past it. */
export const MAX_RESULT_JSON = 64 * 1024;

/** Longest sum of a run's results: past it, the calls left are not run (they come from a model). */
export const MAX_RUN_RESULTS = 256 * 1024;

/** Deepest nesting of a returned value: as deep as the JSON files the CLI and the page read. */
export { MAX_JSON_DEPTH as MAX_RESULT_DEPTH } from '../util/json-depth';

/**
 * A run that did not end by its deadline: one native call of the engine (a built-in over a huge
 * array-like) never returns to its interrupt check, so the host stops it from outside, or it
 * returned too late. Failed, never graded, in the same words in Node and in the page.
 */
export const ranPastLimit = (timeoutMs: number): string => `ran past its time limit of ${timeoutMs} ms`;

export function cut(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/**
 * Grades what a sandbox sent back against `tests`, here, in the host: the expected values never
 * enter the engine. `raw` is untrusted data: anything that is not exactly a `RawRun` for these
 * tests, or holds a string over its bound, is a failed run, never an exception.
 */
export function gradeRun(tests: readonly CodeTest[], raw: unknown): SandboxResult {
  if (typeof raw !== 'object' || raw === null) return malformed('it is not an object');
  const run = raw as { ok?: unknown; error?: unknown; outcomes?: unknown };
  if (run.ok === false) {
    return typeof run.error === 'string'
      ? { ok: false, error: cut(run.error) }
      : malformed('a failed run without its error');
  }
  if (run.ok !== true) return malformed('"ok" is neither true nor false');
  const outcomes = run.outcomes;
  if (!Array.isArray(outcomes) || outcomes.length !== tests.length)
    return malformed(`expected ${tests.length} test outcomes`);
  const results = tests.map((test, i) => judge(test, outcomes[i]));
  const passed = results.filter((r) => r.passed).length;
  return { ok: true, passed, failed: results.length - passed, results };
}

function judge(test: CodeTest, outcome: unknown): TestResult {
  const { call } = test;
  if (typeof outcome !== 'object' || outcome === null)
    return { call, passed: false, error: 'the sandbox sent no outcome for this test' };
  if (Object.hasOwn(outcome, 'error')) {
    const error = (outcome as { error: unknown }).error;
    return {
      call,
      passed: false,
      error: typeof error === 'string' ? cut(error) : 'the sandbox sent an unreadable error',
    };
  }
  const json = (outcome as { json?: unknown }).json;
  if (json !== undefined && (typeof json !== 'string' || json.length > MAX_RESULT_JSON))
    return { call, passed: false, error: 'the sandbox sent a value that could not be read' };
  const want = expectedJson(test.expect);
  const passed = want !== undefined && json !== undefined && sameJson(json, want);
  return { call, passed, ...(json === undefined ? {} : { got: cut(json) }) };
}

/** The expected value's JSON text, with this realm's JSON.stringify; test files are trusted. */
function expectedJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * Whether the engine's JSON text denotes the expected value. Both engines write numbers and strings
 * by the same rules, so the texts are compared first; the text is also read back (it is bounded)
 * and written again here, so that a difference of spelling alone (`1e21` against `1e+21`, an
 * escaped character) never fails a right answer.
 */
function sameJson(got: string, want: string): boolean {
  if (got === want) return true;
  try {
    return JSON.stringify(JSON.parse(got)) === want;
  } catch {
    return false;
  }
}

function malformed(why: string): SandboxResult {
  return { ok: false, error: `the sandbox sent back a result that could not be read: ${why}` };
}
