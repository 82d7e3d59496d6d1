import { expect } from 'vitest';
import type { CodeSandbox, CodeTest, SandboxResult } from '../../src/core/tools/sandbox';

/**
 * Issue 57's attack: one native call of QuickJS that runs for seconds without returning to the
 * engine's interrupt check, which it makes only between bytecodes. `Array.prototype.indexOf` over
 * an array-like of length 2^28 looks up 2^28 absent properties in C and allocates nothing (so the
 * 64 MB heap cap never stops it): about 17 s on this project's machines (1e7 took 0.66 s), on the
 * old in-thread sandbox the whole host thread. Each answer the code gives is the right one, so
 * a run that were graded would pass.
 */
export const SLOW_NATIVE_CALL = 'Array.prototype.indexOf.call({ length: 2 ** 28 }, 1)';

export interface NativeCallAttack {
  readonly name: string;
  readonly code: string;
  readonly tests: readonly CodeTest[];
}

export const nativeCallAttacks: readonly NativeCallAttack[] = [
  {
    name: 'at module load',
    code: `const found = ${SLOW_NATIVE_CALL};`,
    tests: [{ call: 'found', expect: -1 }],
  },
  {
    name: 'inside a test call',
    code: 'function find(x) { return Array.prototype.lastIndexOf.call({ length: 2 ** 28 }, x); }',
    tests: [{ call: 'find(1)', expect: -1 }],
  },
];

export interface AttackOutcome {
  readonly result: SandboxResult;
  /** From the call to the result, ms. */
  readonly elapsedMs: number;
  /** How late a 50 ms timer set on the host's thread as the run started fired, ms. */
  readonly timerLateMs: number;
  /** Whether that timer fired before the run's result came back. */
  readonly timerFiredFirst: boolean;
}

/**
 * Runs the attack with a 50 ms timer on the host's thread beside it. A first, ordinary run loads
 * the engine: its start (a thread or worker, QuickJS compiled) is not part of a run's limit, in
 * Node as in the page, and is not timed here.
 */
export async function performAttack(
  sandbox: CodeSandbox,
  attack: NativeCallAttack,
  timeoutMs: number,
  now: () => number,
): Promise<AttackOutcome> {
  expect(await sandbox.run('', [{ call: '1', expect: 1 }], 5000)).toMatchObject({ ok: true, passed: 1 });
  const started = now();
  let timerAt: number | undefined;
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      timerAt = now();
      resolve();
    }, 50),
  );
  const result = await sandbox.run(attack.code, attack.tests, timeoutMs);
  const ended = now();
  const timerFiredFirst = timerAt !== undefined;
  await timer;
  return {
    result,
    elapsedMs: ended - started,
    timerLateMs: (timerAt as number) - started - 50,
    timerFiredFirst,
  };
}

/**
 * What must hold in every host: the run is failed, not graded (it would pass), it ends within its
 * limit + 1 s (the host stops it half a second past the limit; the bound checked is one second
 * more, for a machine shared by several test runs: without the fix this run takes ~17 s), and the
 * host's thread was free all along: a 50 ms timer fired before the run ended, within a second.
 */
export function expectStopped(outcome: AttackOutcome, timeoutMs: number): void {
  expect(outcome.result).toEqual({ ok: false, error: `ran past its time limit of ${timeoutMs} ms` });
  expect(outcome.elapsedMs).toBeLessThan(timeoutMs + 1000 + 1000);
  expect(outcome.timerFiredFirst).toBe(true);
  expect(outcome.timerLateMs).toBeLessThan(1000);
}
