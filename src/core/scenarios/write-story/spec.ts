/** The `write-story` scenario file: its own fields, their schema, and the checks across them. */

import * as v from 'valibot';
import { common } from '../spec-common';
import type { Assignable } from '../spec-fields';
import { oneOf, strict } from '../spec-fields';
import { type CommonSpec, REQUEST_LANGUAGES, type RequestLanguage } from '../spec-types';

/** A story from a request (theme, style, characters, length); size = plot points (3–7). */
export interface WriteStorySpec extends CommonSpec {
  readonly kind: 'write-story';
  /** The language of the request, the simulated story and the grading rules. @default 'en' */
  readonly language?: RequestLanguage;
}

/** The file's schema; its size range is the kind's own. */
export const writeStorySchema = strict('a write-story scenario', {
  kind: v.literal('write-story'),
  ...common('write-story', 3, 7),
  language: v.optional(oneOf(REQUEST_LANGUAGES)),
});

// Compile-time: what the schema accepts is a value the kind can read.
type _Check = Assignable<v.InferOutput<typeof writeStorySchema>, WriteStorySpec>;
