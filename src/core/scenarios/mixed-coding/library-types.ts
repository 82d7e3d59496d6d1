/** The shape of one library entry, apart from the library itself so its parts can import it. */

import type { CodeTest } from '../../tools/sandbox';

/** One textual edit of the reference: `from` occurs exactly once and becomes `to`. */
export type Patch = readonly [from: string, to: string];

export interface LibraryFunction {
  readonly name: string;
  /** How it is called, e.g. `gcd(a, b)`. */
  readonly signature: string;
  readonly spec: string;
  /** A single `function name(…) { … }` declaration with no blank line in it. */
  readonly reference: string;
  readonly visible: readonly CodeTest[];
  readonly hidden: readonly CodeTest[];
  /**
   * Buggy versions as edits of the reference. Some pass the visible tests and fail only hidden
   * ones (the model believes it is done); some fail a visible test (the model sees it and rewrites).
   */
  readonly mutants: readonly (readonly Patch[])[];
  /** Library functions it calls. */
  readonly uses?: readonly string[];
}

export const test = (call: string, expect: unknown): CodeTest => ({ call, expect });
