import type { CodeSandbox, SandboxResult } from './sandbox';

/**
 * A sandbox that remembers: the same code, tests and time limit give the result they gave before,
 * without running again. For training, where the simulated model writes the same few programs over
 * and over and a fresh sandbox per call was a sixth of the CPU (measured with node:vm, before
 * QuickJS). Only for deterministic code, which is what a seeded simulated model writes; a timeout
 * or crash is remembered too, as the
 * run would meet it again. Holds at most `max` results, dropping the oldest.
 */
export function memoSandbox(sandbox: CodeSandbox, max = 2048): CodeSandbox {
  const results = new Map<string, Promise<SandboxResult>>();
  return {
    run(code, tests, timeoutMs) {
      const key = JSON.stringify([code, tests, timeoutMs]);
      const hit = results.get(key);
      if (hit) return hit;
      const result = sandbox.run(code, tests, timeoutMs);
      results.set(key, result);
      if (results.size > max) results.delete(results.keys().next().value as string);
      return result;
    },
  };
}
