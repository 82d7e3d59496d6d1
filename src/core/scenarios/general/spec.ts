/** The `general` scenario file: nothing beyond what every scenario file has; size = parts. */

import * as v from 'valibot';
import { common } from '../spec-common';
import { type Assignable, strict } from '../spec-fields';
import type { CommonSpec } from '../spec-types';

/** A request that fits no other workflow: a briefing on a subject, one part per topic; size = topics (2–6). */
export interface GeneralSpec extends CommonSpec {
  readonly kind: 'general';
}

export const generalSchema = strict('a general scenario', {
  kind: v.literal('general'),
  ...common('general', 2, 6),
});

// Compile-time: what the schema accepts is a value the kind can read.
type _Check = Assignable<v.InferOutput<typeof generalSchema>, GeneralSpec>;
