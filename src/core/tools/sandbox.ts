/**
 * The `run_js` tool's port: run a snippet of JavaScript against unit tests, with a time limit.
 * In the browser a Web Worker runs it (terminated at the limit); in Node, `node:vm` with a timeout
 * (src/adapters/node-sandbox.ts). Neither is a security boundary against a hostile author: they
 * keep a model's mistakes (infinite loops, thrown errors) from taking the run down.
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
 * The script both sandboxes evaluate: the code, then each test in its own try, results as JSON.
 * Kept in one place so the Node and Worker sandboxes judge tests identically.
 */
export function harness(code: string, tests: readonly CodeTest[]): string {
  const cases = tests
    .map(
      (t) => `(() => { try { const got = (${t.call});
        return { call: ${JSON.stringify(t.call)}, passed: JSON.stringify(got) === ${JSON.stringify(JSON.stringify(t.expect))}, got: JSON.stringify(got) };
      } catch (e) { return { call: ${JSON.stringify(t.call)}, passed: false, error: String(e && e.message || e) }; } })()`,
    )
    .join(',\n');
  return `${code}\n;JSON.stringify([${cases}]);`;
}

export function summarize(json: string): SandboxResult {
  const results = JSON.parse(json) as TestResult[];
  const passed = results.filter((r) => r.passed).length;
  return { ok: true, passed, failed: results.length - passed, results };
}
