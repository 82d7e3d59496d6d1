/** The `teach-explain` scenario file: its own fields, their schema, and the checks across them. */

import * as v from 'valibot';
import { common } from '../spec-common';
import type { Assignable } from '../spec-fields';
import { oneOf, strict, whole } from '../spec-fields';
import { type CommonSpec, REQUEST_LANGUAGES, type RequestLanguage } from '../spec-types';

/** A lesson on a topic for a grade, with exercises and answers; size = exercises (3–12). */
export interface TeachExplainSpec extends CommonSpec {
  readonly kind: 'teach-explain';
  /** The language of the request, the simulated lesson and the grading rules. @default 'en' */
  readonly language?: RequestLanguage;
  /** Exercises one subagent writes in the swarm decomposition. @default 3 */
  readonly exercisesPerAgent?: number;
}

/** The file's schema; its size range is the kind's own. */
export const teachExplainSchema = strict('a teach-explain scenario', {
  kind: v.literal('teach-explain'),
  ...common('teach-explain', 3, 12),
  exercisesPerAgent: v.optional(whole(1)),
  language: v.optional(oneOf(REQUEST_LANGUAGES)),
});

// Compile-time: what the schema accepts is a value the kind can read.
type _Check = Assignable<v.InferOutput<typeof teachExplainSchema>, TeachExplainSpec>;
