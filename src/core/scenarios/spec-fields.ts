/**
 * The pieces both scenario parsers (spec.ts for task scenarios, profiles.ts for the frozen profiles)
 * are built from: valibot field schemas that state their expectation once and repeat it on every
 * failure, and the plumbing that turns JSON errors and schema issues into one line
 * `file: field.path: expected …, got …` per problem.
 */

import * as v from 'valibot';
import { FILE_ID_EXPECTED, fileIdProblem } from '../util/file-id';

// ——— Field schemas: each states its expectation once, and every failure repeats it. ———

/** How a found value reads in a message. */
export function got(x: unknown): string {
  if (x === undefined) return 'nothing';
  if (Array.isArray(x)) return x.length === 0 ? 'an empty list' : 'a list';
  if (typeof x === 'object' && x !== null) return 'an object';
  return typeof x === 'string' ? JSON.stringify(x) : String(x);
}

export const says = (expected: string) => (issue: v.BaseIssue<unknown>) =>
  `expected ${expected}, got ${got(issue.input)}`;

export const numberIn = (expected: string, ok: (n: number) => boolean) =>
  v.pipe(v.number(says(expected)), v.check(ok, says(expected)));
/**
 * The largest whole number a scenario or profile field takes unless the field says less: step
 * times and counts are added up in 32-bit arrays (src/core/graph/cpm.ts), so a file's numbers stay
 * far below 2^31 rather than wrapping there (docs/cli.md, "Limits").
 */
export const MAX_WHOLE = 1_000_000_000;
export const whole = (min: number, max = MAX_WHOLE) =>
  v.pipe(
    numberIn(`a whole number ≥ ${min}`, (n) => Number.isInteger(n) && n >= min),
    v.check((n) => n <= max, says(`at most ${max} (a whole number from ${min} to ${max})`)),
  );
export const wholeIn = (min: number, max: number) =>
  numberIn(`a whole number from ${min} to ${max}`, (n) => Number.isInteger(n) && n >= min && n <= max);
export const share = () => numberIn('a number from 0 to 1', (n) => n >= 0 && n <= 1);
export const atLeast0 = () => numberIn('a number ≥ 0', (n) => n >= 0);
export const positive = () => numberIn('a number > 0', (n) => n > 0);
export const text = () =>
  v.pipe(v.string(says('a non-empty string')), v.nonEmpty(says('a non-empty string')));
export const words = () => v.string(says('a string'));
/** An id that names files (trace files are named after it): no path separators or "..". */
export const fileId = () =>
  v.pipe(
    text(),
    v.check((id) => fileIdProblem(id) === undefined, says(FILE_ID_EXPECTED)),
  );
export const oneOf = <T extends string>(options: readonly T[]) =>
  v.picklist(options, says(`one of ${options.join(', ')}`));

/** A budget: null means no limit, as budgetsToJson writes it. */
export const limit = (min: number, wholeOnly: boolean) => {
  const expected = `${wholeOnly ? 'a whole number' : 'a number'} ${min === 0 ? '> 0' : `≥ ${min}`} (or null: no limit)`;
  const ok = (n: number) => (wholeOnly ? Number.isInteger(n) : true) && (min === 0 ? n > 0 : n >= min);
  return v.optional(
    v.pipe(
      v.nullable(numberIn(expected, ok)),
      v.transform((n) => n ?? Number.POSITIVE_INFINITY),
    ),
  );
};

/** The nearest known name, for a typo (at most two edits away). */
export function nearest(name: string, known: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) {
        next[j] = Math.min(next[j - 1]! + 1, row[j]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
      row = next;
    }
    return row[b.length]!;
  };
  const scored = known.map((k) => [k, distance(name.toLowerCase(), k.toLowerCase())] as const);
  const best = scored.reduce((a, b) => (b[1] < a[1] ? b : a), ['', Number.POSITIVE_INFINITY] as const);
  return best[1] <= 2 ? best[0] : undefined;
}

/** A strict object: a missing field, an unknown field and a non-object each get their own message. */
export function strict<E extends v.ObjectEntries>(what: string, entries: E) {
  const known = Object.keys(entries);
  const required = known.filter((k) => entries[k]!.type !== 'optional');
  return v.strictObject(entries, (issue) => {
    if (issue.expected === 'never') {
      const guess = nearest(String(issue.input), known);
      return `unknown field${guess ? `; did you mean "${guess}"?` : ''} (fields of ${what}: ${known.join(', ')})`;
    }
    if (issue.path) return `required field missing (${what} needs ${required.join(', ')})`;
    const needs = required.length > 0 ? ` with ${required.join(', ')}` : '';
    return `expected ${what} (an object${needs}), got ${got(issue.input)}`;
  });
}

// Compile-time: what a schema accepts is a value the rest of the code can read.
export type Assignable<T extends U, U> = [T, U];

// ——— Reporting ———

export interface Problem {
  readonly path: string;
  readonly message: string;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

export function parseJson(text: string, file: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    // V8 gives an offset; a person looks for a line and column.
    const at = /at position (\d+)/.exec(message);
    const before = at ? text.slice(0, Number(at[1])).split('\n') : undefined;
    const where =
      before && !/line \d+/.test(message)
        ? `, line ${before.length} column ${before.at(-1)!.length + 1}`
        : '';
    return { ok: false, error: `${file}: not valid JSON (${message}${where})` };
  }
}

export function pathOf(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    path += typeof key === 'number' ? `[${key}]` : path ? `.${String(key)}` : String(key);
  }
  return path;
}

/** One line per problem, each naming the file. */
export function report(file: string, problems: readonly Problem[]): { ok: false; error: string } {
  const lines = problems.map((p) => (p.path ? `${file}: ${p.path}: ${p.message}` : `${file}: ${p.message}`));
  return { ok: false, error: [...new Set(lines)].join('\n') };
}

export const issueProblems = (issues: readonly v.BaseIssue<unknown>[]): Problem[] =>
  issues.map((issue) => ({ path: pathOf(issue), message: issue.message }));
