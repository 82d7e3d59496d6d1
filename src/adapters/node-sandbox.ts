import vm from 'node:vm';
import {
  type CodeSandbox,
  type CodeTest,
  harness,
  type SandboxResult,
  summarize,
} from '../core/tools/sandbox';

/** `run_js` in Node: a fresh vm context per call, synchronous code stopped at the time limit. */
export const nodeSandbox: CodeSandbox = {
  async run(code: string, tests: readonly CodeTest[], timeoutMs: number): Promise<SandboxResult> {
    try {
      const context = vm.createContext(Object.create(null));
      const out = vm.runInContext(harness(code, tests), context, {
        timeout: timeoutMs,
        filename: 'run_js.js',
      });
      return summarize(String(out));
    } catch (error) {
      const e = error as Error & { code?: string };
      if (e.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
        return { ok: false, error: `timed out after ${timeoutMs} ms` };
      return { ok: false, error: `${e.name ?? 'Error'}: ${e.message}` };
    }
  },
};
