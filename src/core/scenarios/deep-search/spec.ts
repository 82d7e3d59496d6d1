/** The `deep-search` scenario file: its own fields, their schema, and the checks across them. */

import * as v from 'valibot';
import { common } from '../spec-common';
import type { Assignable } from '../spec-fields';
import { strict, whole } from '../spec-fields';
import type { CommonSpec } from '../spec-types';

export interface DeepSearchSpec extends CommonSpec {
  readonly kind: 'deep-search';
  /** size = hops per question (2–6). Independent questions in one instance. @default 1 */
  readonly questions?: number;
}

/** The file's schema; its size range is the kind's own. */
export const deepSearchSchema = strict('a deep-search scenario', {
  kind: v.literal('deep-search'),
  ...common('deep-search', 2, 6),
  questions: v.optional(whole(1)),
});

// Compile-time: what the schema accepts is a value the kind can read.
type _Check = Assignable<v.InferOutput<typeof deepSearchSchema>, DeepSearchSpec>;
