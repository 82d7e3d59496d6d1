/**
 * How the coding task is split. `single`: one agent writes every function in one context.
 * `swarm`: one task per function, after the tasks of the functions it builds on, whose final
 * code it is handed.
 */

import type { Subtask } from '../../agents/loop';
import type { Plan, PlanMode, PlannedTask } from '../types';
import { extractCode, fence, joinCode } from './code';
import type { CodingFunction, MixedCodingInstance } from './instance';
import { describeFunction } from './prompt';

/** The descriptor kind of every coding subtask: its player is `players[CODING_KIND]`. */
export const CODING_KIND = 'coding-functions';

/** The single agent's task id; in the swarm each task is named after its function. */
export const SINGLE_TASK_ID = 'all-functions';

export interface CodingDescriptor {
  readonly kind: typeof CODING_KIND;
  /** Library functions to write, dependencies first. */
  readonly functions: readonly string[];
  /**
   * Code written by the tasks this one depends on (their answers' code), which the functions
   * here may call. The player puts it before its own code in every run_js call and in its answer.
   */
  readonly given: string;
  /** Functions built on whose task failed or was skipped: their code is absent. */
  readonly missing: readonly string[];
}

/** The task that writes function `name` under each mode. */
export const taskIdOf = (name: string, mode: PlanMode): string => (mode === 'single' ? SINGLE_TASK_ID : name);

export function planMixedCoding(instance: MixedCodingInstance, mode: PlanMode): Plan {
  if (mode === 'single') {
    const descriptor: CodingDescriptor = {
      kind: CODING_KIND,
      functions: instance.functions.map((f) => f.name),
      given: '',
      missing: [],
    };
    const task: PlannedTask = {
      id: SINGLE_TASK_ID,
      deps: [],
      // One turn per function (each turn reads the last check and writes the next), one to answer.
      estimatedSteps: instance.functions.length + 1,
      subtask: (): Subtask => ({ id: SINGLE_TASK_ID, prompt: instance.prompt, descriptor }),
    };
    return { mode, tasks: [task] };
  }
  return {
    mode,
    tasks: instance.functions.map(
      (fn): PlannedTask => ({
        id: fn.name,
        deps: fn.deps,
        // One turn to write and check, one to answer.
        estimatedSteps: 2,
        subtask: (inputs) => functionSubtask(fn, inputs),
      }),
    ),
  };
}

function functionSubtask(fn: CodingFunction, inputs: ReadonlyMap<string, string>): Subtask {
  const given: string[] = [];
  const missing: string[] = [];
  for (const dep of fn.deps) {
    const answer = inputs.get(dep);
    if (typeof answer === 'string') given.push(extractCode(answer));
    else missing.push(dep);
  }
  const code = joinCode(given);
  const descriptor: CodingDescriptor = { kind: CODING_KIND, functions: [fn.name], given: code, missing };
  const parts = [
    `Write the JavaScript function ${fn.signature} as a function declaration. Hidden tests will grade it.`,
    describeFunction(fn),
  ];
  if (code !== '') {
    parts.push(`Other agents wrote the code it builds on; call it, do not rewrite it:\n${fence(code)}`);
  }
  if (missing.length > 0) {
    parts.push(
      `The task that was to write ${missing.join(', ')} failed: that code is not available. Write ${fn.name} anyway.`,
    );
  }
  parts.push(
    'Check it with run_js (the code above, then yours) against the visible tests. ' +
      'Answer with one ```js block: the code above, then your function.',
  );
  return { id: fn.name, prompt: parts.join('\n\n'), descriptor };
}
