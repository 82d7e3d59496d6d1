/** The `rag-qa` scenario file: its own fields, their schema, and the checks across them. */

import * as v from 'valibot';
import { common } from '../spec-common';
import type { Assignable } from '../spec-fields';
import { oneOf, type Problem, strict, text, whole } from '../spec-fields';
import { type CommonSpec, REQUEST_LANGUAGES, type RequestLanguage } from '../spec-types';

/**
 * Questions answered from notes with citations; size = sub-questions (1–4). `notes`: a folder of
 * notes generated from the offline world, with reference answers; `knowledge-base`: the user's
 * own knowledge base (a port the caller lends), answering `question`.
 */
export interface RagQaSpec extends CommonSpec {
  readonly kind: 'rag-qa';
  /** The language of the notes, the questions and the grading rules. @default 'en' */
  readonly language?: RequestLanguage;
  /** @default 'notes' */
  readonly corpus?: 'notes' | 'knowledge-base';
  /** The question asked of a `knowledge-base` corpus. */
  readonly question?: string;
  /** Chunking of the generated notes, in tokens. @default 128 and 16 */
  readonly chunkSize?: number;
  readonly overlap?: number;
  /** Passages one search returns. @default 3 */
  readonly topK?: number;
}

/** The file's schema; its size range is the kind's own. */
export const ragQaSchema = strict('a rag-qa scenario', {
  kind: v.literal('rag-qa'),
  ...common('rag-qa', 1, 4),
  language: v.optional(oneOf(REQUEST_LANGUAGES)),
  corpus: v.optional(oneOf(['notes', 'knowledge-base'] as const)),
  question: v.optional(text()),
  chunkSize: v.optional(whole(8)),
  overlap: v.optional(whole(0)),
  topK: v.optional(whole(1)),
});

// Compile-time: what the schema accepts is a value the kind can read.
type _Check = Assignable<v.InferOutput<typeof ragQaSchema>, RagQaSpec>;

/** The overlap is shorter than a chunk, and a knowledge-base corpus has its question. */
export function ragProblems(spec: RagQaSpec): Problem[] {
  const problems: Problem[] = [];
  if ((spec.overlap ?? 16) >= (spec.chunkSize ?? 128)) {
    problems.push({
      path: 'overlap',
      message: `expected less than chunkSize (${spec.chunkSize ?? 128}), got ${spec.overlap}`,
    });
  }
  if (spec.corpus === 'knowledge-base' && spec.question === undefined) {
    problems.push({ path: 'question', message: 'a knowledge-base corpus needs the question to ask of it' });
  }
  return problems;
}
