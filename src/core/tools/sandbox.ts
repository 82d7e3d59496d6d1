/**
 * The `run_js` tool's port: run a snippet of JavaScript against unit tests, with a time limit.
 * In Node a worker thread runs it (src/adapters/node-sandbox.ts), in the browser a worker started
 * by an opaque-origin iframe without network (src/adapters/frame-sandbox.ts); docs/security.md.
 *
 * Grading never happens where the code runs. The sandbox is told only the test *calls*; it sends
 * back, per call, the value the call produced (structured-cloned: plain data, no functions, no
 * getters) or the error it threw, in words. `gradeRun` then compares those values with the
 * expected ones here, in the host, with the host's own JSON.stringify — so code that redefines
 * JSON, prototypes or any other global in its own realm cannot change its grade, and it never sees
 * what the tests expect.
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

/** What the sandbox sends back for one call: the value it returned, or what it threw. */
export type CallOutcome = { readonly value: unknown } | { readonly error: string };

/** What the sandbox sends back for one run (`sandboxRunnerSource` builds it). */
export type RawRun =
  | { readonly ok: true; readonly outcomes: readonly CallOutcome[] }
  | { readonly ok: false; readonly error: string };

/** Longest error or value text kept in a result: a model reads these, and a trace keeps them. */
export const MAX_TEXT = 2000;

export function cut(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/**
 * Grades what a sandbox sent back against `tests`, in this realm. `raw` is untrusted cloned data:
 * anything that is not exactly a `RawRun` for these tests is a failed run, never an exception.
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
  if (typeof outcome !== 'object' || outcome === null)
    return { call: test.call, passed: false, error: 'the sandbox sent no outcome for this test' };
  if (Object.hasOwn(outcome, 'error')) {
    const error = (outcome as { error: unknown }).error;
    return {
      call: test.call,
      passed: false,
      error: typeof error === 'string' ? cut(error) : 'the sandbox sent an unreadable error',
    };
  }
  if (!Object.hasOwn(outcome, 'value'))
    return { call: test.call, passed: false, error: 'the sandbox sent no value for this test' };
  const got = canonicalJson((outcome as { value: unknown }).value);
  if (typeof got === 'object') return { call: test.call, passed: false, error: got.error };
  const want = canonicalJson(test.expect);
  const passed = typeof want !== 'object' && got === want;
  return { call: test.call, passed, ...(got === undefined ? {} : { got: cut(got) }) };
}

/**
 * JSON text of a cloned value with this realm's JSON.stringify (undefined stays undefined, as
 * JSON.stringify gives it). Cloned data has no getters or toJSON of its own; what can still fail
 * (a BigInt, a cycle, nesting too deep) is an error in words.
 */
export function canonicalJson(value: unknown): string | undefined | { readonly error: string } {
  try {
    return JSON.stringify(value);
  } catch (error) {
    return {
      error: `returned a value with no JSON form (${error instanceof Error ? error.message : 'unknown'})`,
    };
  }
}

function malformed(why: string): SandboxResult {
  return { ok: false, error: `the sandbox sent back a result that could not be read: ${why}` };
}
