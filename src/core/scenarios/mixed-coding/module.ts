/**
 * The orchestrator's merge of a coding run: one module with each function once, in dependency
 * order, then the tests it was written against. Swarm answers each hold the code their task was
 * given before its own function, so glued together they repeat every dependency; the module takes
 * each function from the task that wrote it. It is both the answer the run hands back and the code
 * the grader runs (grade.ts), so what is shown is what is graded.
 */

import type { Plan } from '../types';
import { extractCode, fence } from './code';
import { type Statement, topLevelStatements } from './declarations';
import type { CodingFunction, MixedCodingInstance } from './instance';
import { taskIdOf } from './plan';

export interface CodingModule {
  /** The module's source: its code, then its tests. */
  readonly source: string;
  /** The instance's functions it declares, in instance order. */
  readonly declared: readonly string[];
  /** The instance's functions no answer declares. */
  readonly missing: readonly string[];
}

/** The name of the tests' function in the module: declared, never called, so loading runs no test. */
export const TESTS_FUNCTION = 'failingTests';

/**
 * Each function's declaration from its own task's answer (the last one there: with function
 * declarations the last one wins), or, when that task declared none, from any other answer that
 * does (an agent told its dependency failed may write it itself). The rest of an answer (helpers,
 * a model's own checks) is kept once: what comes before a function in its task's answer goes just
 * before it, what comes after goes after the last function; a helper's name is declared once, and
 * a statement that declares nothing is kept once by its text. Nothing an answer wrote is dropped
 * but the copies, so the grader runs everything the answers would have run.
 */
export function codingModule(
  instance: MixedCodingInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): CodingModule {
  const own = new Set(instance.functions.map((f) => f.name));
  const statementsOf = new Map<string, Statement[]>();
  const statements = (taskId: string) => {
    let known = statementsOf.get(taskId);
    if (!known) {
      const answer = answers.get(taskId);
      known = answer === undefined ? [] : topLevelStatements(extractCode(answer));
      statementsOf.set(taskId, known);
    }
    return known;
  };
  const pieces: string[] = [];
  // One declaration a name: a second `const` of a name would not load, a second function would
  // replace the first for every caller.
  const names = new Set<string>([TESTS_FUNCTION]);
  const texts = new Set<string>();
  const placed = new Set<Statement>();
  /** Places the statements of a task's answer from its start up to `end` that are not copies. */
  const placeUpTo = (list: readonly Statement[], end: number): void => {
    for (const s of list.slice(0, end)) {
      if (placed.has(s)) continue;
      placed.add(s);
      if (s.name !== undefined && own.has(s.name)) continue;
      if (s.name !== undefined ? names.has(s.name) : texts.has(s.text)) continue;
      if (s.name !== undefined) names.add(s.name);
      else texts.add(s.text);
      pieces.push(s.text);
    }
  };
  const declared: string[] = [];
  const missing: string[] = [];
  for (const fn of instance.functions) {
    const mine = statements(taskIdOf(fn.name, plan.mode));
    let at = lastDeclaring(mine, fn.name);
    let declaration = mine[at];
    if (!declaration) {
      for (const task of plan.tasks) {
        const theirs = statements(task.id);
        declaration = theirs[lastDeclaring(theirs, fn.name)] ?? declaration;
      }
      at = 0;
    }
    placeUpTo(mine, at);
    if (declaration) {
      pieces.push(declaration.text);
      declared.push(fn.name);
    } else {
      missing.push(fn.name);
    }
  }
  for (const task of plan.tasks) {
    const list = statements(task.id);
    placeUpTo(list, list.length);
  }
  const code = pieces.join('\n\n');
  const source = code === '' ? '' : `${code}\n\n${testsSource(instance.functions)}`;
  return { source, declared, missing };
}

/** The index of the last statement of `statements` that declares `name`; -1 when none does. */
function lastDeclaring(statements: readonly Statement[], name: string): number {
  for (let i = statements.length - 1; i >= 0; i--) if (statements[i]?.name === name) return i;
  return -1;
}

/**
 * The visible tests of every function (the ones its agent checked it against; the hidden ones
 * that grade it stay unseen), as a function that returns the calls that fail.
 */
function testsSource(functions: readonly CodingFunction[]): string {
  const rows = functions.flatMap((fn) =>
    fn.visible.map((t) => `    [${JSON.stringify(t.call)}, () => ${t.call}, ${JSON.stringify(t.expect)}],`),
  );
  return [
    `// Tests: the visible tests of each function. ${TESTS_FUNCTION}() lists the calls that fail; [] when all pass.`,
    `function ${TESTS_FUNCTION}() {`,
    '  const tests = [',
    ...rows,
    '  ];',
    '  const failing = [];',
    '  for (const [call, run, expected] of tests) {',
    '    let got;',
    '    try {',
    '      got = JSON.stringify(run());',
    '    } catch (error) {',
    "      got = 'an error: ' + error;",
    '    }',
    "    if (got !== JSON.stringify(expected)) failing.push(call + ' gave ' + got);",
    '  }',
    '  return failing;',
    '}',
  ].join('\n');
}

/** The module as the run's answer: one ```js block, and the functions no answer wrote named under it. */
export function moduleAnswer(module: CodingModule): string | undefined {
  if (module.source === '') return undefined;
  const note =
    module.missing.length > 0
      ? `\n\nNot in the module (no answer declared ${module.missing.length === 1 ? 'it' : 'them'}): ${module.missing.join(', ')}.`
      : '';
  return `${fence(module.source)}${note}`;
}
