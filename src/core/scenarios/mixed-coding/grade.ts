/**
 * pass@1 of a coding run: each function is run against its hidden tests in the module the run
 * hands back (the orchestrator's merge, module.ts), and passes when every hidden test does.
 */

import type { CodeSandbox } from '../../tools/sandbox';
import type { Grade } from '../../trace/events';
import type { Plan, ScenarioPorts } from '../types';
import type { CodingFunction, MixedCodingInstance } from './instance';
import { codingModule } from './module';
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

/**
 * One verdict per function, in instance order: its hidden tests run against the module the run
 * hands back (module.ts), the very source its answer shows, loaded once.
 */
export async function judgeFunctions(
  instance: MixedCodingInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
  ports: ScenarioPorts,
): Promise<FunctionVerdict[]> {
  const sandbox = ports.sandbox;
  if (!sandbox)
    throw new Error('the mixed-coding scenario needs a code sandbox (ScenarioPorts.sandbox) to grade');
  const module = codingModule(instance, plan, answers);
  const missing = new Set(module.missing);
  const code = module.source;
  if (code === '') {
    return instance.functions.map((fn) => ({
      name: fn.name,
      passed: false,
      reason: answers.has(taskIdOf(fn.name, plan.mode)) ? 'no code in the answer' : 'no answer',
    }));
  }
  // Code that does not load (a syntax error, a loop at top level) fails every function: checked
  // once, not once per function at a time limit each.
  const loadError = await sandbox.run(code, [], instance.timeoutMs).then(
    (r) => (r.ok ? undefined : r.error),
    (error: unknown) => `the sandbox failed: ${String(error)}`,
  );
  return Promise.all(
    instance.functions.map(async (fn): Promise<FunctionVerdict> => {
      // Declared nowhere and its task answered nothing. A function declared some other way (an
      // assignment) is still run: the hidden tests say whether the module has it.
      if (missing.has(fn.name) && !answers.has(taskIdOf(fn.name, plan.mode))) {
        return { name: fn.name, passed: false, reason: 'no answer' };
      }
      if (loadError !== undefined) return { name: fn.name, passed: false, reason: loadError };
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
