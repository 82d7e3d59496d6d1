/**
 * The function library the mixed-coding scenario draws from: small pure JavaScript functions, each
 * with a prose spec, a reference solution, visible tests (shown to the agent), hidden tests (the
 * grader's edge cases) and plausible buggy mutants (what the simulated model writes when it errs).
 */

import { NUMBER_FUNCTIONS } from './library-numbers';
import { STATS_FUNCTIONS } from './library-stats';
import { STRING_FUNCTIONS } from './library-strings';
import type { LibraryFunction } from './library-types';

export type { LibraryFunction, Patch } from './library-types';

/** Every function, dependencies before the functions that use them. */
export const LIBRARY: readonly LibraryFunction[] = [
  ...STATS_FUNCTIONS,
  ...NUMBER_FUNCTIONS,
  ...STRING_FUNCTIONS,
];

const BY_NAME = new Map(LIBRARY.map((f) => [f.name, f]));

export function libraryFunction(name: string): LibraryFunction | undefined {
  return BY_NAME.get(name);
}

/** The source of mutant `index` of `fn`: its patches applied to the reference in order. */
export function mutantSource(fn: LibraryFunction, index: number): string {
  const patches = fn.mutants[index];
  if (!patches) throw new RangeError(`${fn.name} has no mutant ${index} (it has ${fn.mutants.length})`);
  return patches.reduce((code, [from, to]) => {
    if (!code.includes(from)) throw new Error(`mutant ${index} of ${fn.name}: "${from}" is not in the code`);
    return code.replace(from, to);
  }, fn.reference);
}

/**
 * Everything `name` builds on, directly or not, in library order (dependencies first), without
 * `name` itself. Unknown names have no dependencies.
 */
export function dependencyClosure(name: string): string[] {
  const found = new Set<string>();
  const visit = (n: string): void => {
    for (const dep of libraryFunction(n)?.uses ?? []) {
      if (!found.has(dep)) {
        found.add(dep);
        visit(dep);
      }
    }
  };
  visit(name);
  return LIBRARY.filter((f) => found.has(f.name)).map((f) => f.name);
}
