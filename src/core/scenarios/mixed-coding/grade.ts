/**
 * pass@1 of a coding run: each function is run against its hidden tests, with the code of what
 * it builds on as the answers gave it, and passes when every hidden test does.
 */

import type { CodeSandbox } from '../../tools/sandbox';
import type { Grade } from '../../trace/events';
import type { Plan, ScenarioPorts } from '../types';
import { extractCode, joinCode } from './code';
import type { CodingFunction, MixedCodingInstance } from './instance';
import { dependencyClosure } from './library';
import { taskIdOf } from './plan';

export interface FunctionVerdict {
  readonly name: string;
  readonly passed: boolean;
  /** Why it failed, in words. */
  readonly reason?: string;
}

export async function gradeMixedCoding(
  instance: MixedCodingInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
  ports: ScenarioPorts,
): Promise<Grade> {
  const verdicts = await judgeFunctions(instance, plan, answers, ports);
  const share = verdicts.length === 0 ? 0 : verdicts.filter((v) => v.passed).length / verdicts.length;
  return { 'pass@1': share, itemF1: share, rowF1: share, success: verdicts.every((v) => v.passed) };
}

/** One verdict per function, in instance order. */
export async function judgeFunctions(
  instance: MixedCodingInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
  ports: ScenarioPorts,
): Promise<FunctionVerdict[]> {
  const sandbox = ports.sandbox;
  if (!sandbox)
    throw new Error('the mixed-coding scenario needs a code sandbox (ScenarioPorts.sandbox) to grade');
  const inInstance = new Set(instance.functions.map((f) => f.name));
  // Code that does not load (a syntax error, a loop at top level) fails every function that shares
  // it: checked once per distinct code, not once per function at a time limit each.
  const loads = new Map<string, Promise<string | undefined>>();
  const loadError = (code: string): Promise<string | undefined> => {
    let known = loads.get(code);
    if (!known) {
      known = sandbox.run(code, [], instance.timeoutMs).then(
        (r) => (r.ok ? undefined : r.error),
        (error: unknown) => `the sandbox failed: ${String(error)}`,
      );
      loads.set(code, known);
    }
    return known;
  };
  return Promise.all(
    instance.functions.map(async (fn): Promise<FunctionVerdict> => {
      const own = answers.get(taskIdOf(fn.name, plan.mode));
      if (own === undefined) return { name: fn.name, passed: false, reason: 'no answer' };
      // What it builds on first, its own answer last: with function declarations the last one wins.
      const tasks = [...dependencyClosure(fn.name).filter((d) => inInstance.has(d)), fn.name].map((name) =>
        taskIdOf(name, plan.mode),
      );
      const code = joinCode([...new Set(tasks)].map((id) => extractCode(answers.get(id) ?? '')));
      if (code === '') return { name: fn.name, passed: false, reason: 'no code in the answer' };
      const error = await loadError(code);
      if (error !== undefined) return { name: fn.name, passed: false, reason: error };
      return runHidden(sandbox, fn, code, instance.timeoutMs);
    }),
  );
}

async function runHidden(
  sandbox: CodeSandbox,
  fn: CodingFunction,
  code: string,
  timeoutMs: number,
): Promise<FunctionVerdict> {
  try {
    const result = await sandbox.run(code, fn.hidden, timeoutMs);
    if (!result.ok) return { name: fn.name, passed: false, reason: result.error };
    const failed = result.results.filter((r) => !r.passed).map((r) => r.call);
    return failed.length === 0 && result.passed === fn.hidden.length
      ? { name: fn.name, passed: true }
      : { name: fn.name, passed: false, reason: `failed ${failed.join('; ')}` };
  } catch (error) {
    return { name: fn.name, passed: false, reason: `the sandbox failed: ${String(error)}` };
  }
}
