/** The `compare-options` scenario file: its own fields, their schema, and the checks across them. */

import * as v from 'valibot';
import { common } from '../spec-common';
import type { Assignable } from '../spec-fields';
import { strict, wholeIn } from '../spec-fields';
import type { CommonSpec } from '../spec-types';

/**
 * A choice among options on weighted criteria; size = options (3–8). Its decentralized team has
 * `peers` peers discussing for at most `rounds` rounds.
 */
export interface CompareOptionsSpec extends CommonSpec {
  readonly kind: 'compare-options';
  /** @default 3 */
  readonly peers?: number;
  /** @default 2 */
  readonly rounds?: number;
}

/** The file's schema; its size range is the kind's own. */
export const compareOptionsSchema = strict('a compare-options scenario', {
  kind: v.literal('compare-options'),
  ...common('compare-options', 3, 8),
  peers: v.optional(wholeIn(2, 7)),
  rounds: v.optional(wholeIn(1, 5)),
});

// Compile-time: what the schema accepts is a value the kind can read.
type _Check = Assignable<v.InferOutput<typeof compareOptionsSchema>, CompareOptionsSpec>;
