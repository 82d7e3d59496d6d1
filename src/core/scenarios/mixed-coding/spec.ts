/** The `mixed-coding` scenario file: its own fields, their schema, and the checks across them. */

import * as v from 'valibot';
import { common } from '../spec-common';
import type { Assignable } from '../spec-fields';
import { share, strict, wholeIn } from '../spec-fields';
import type { CommonSpec } from '../spec-types';

export interface MixedCodingSpec extends CommonSpec {
  readonly kind: 'mixed-coding';
  /** size = functions to write. Chance that a function builds on an earlier one. @default 0.5 */
  readonly dependencyShare?: number;
  /** Time limit of one run_js call. @default 1000 */
  readonly timeoutMs?: number;
}

/** The file's schema; its size range is the kind's own. */
export const mixedCodingSchema = strict('a mixed-coding scenario', {
  kind: v.literal('mixed-coding'),
  ...common('mixed-coding', 2, 12),
  dependencyShare: v.optional(share()),
  // Ten minutes per sandbox call at most: beyond 2^31 ms a timer fires at once (docs/cli.md, Limits).
  timeoutMs: v.optional(wholeIn(1, 600_000)),
});

// Compile-time: what the schema accepts is a value the kind can read.
type _Check = Assignable<v.InferOutput<typeof mixedCodingSchema>, MixedCodingSpec>;
