/** What a lesson topic holds, in any language (topics.ts, topics-zh.ts, topics-ru.ts). */

import type { Rng } from '../../util/rng';

export interface Exercise {
  readonly question: string;
  readonly answer: string;
}

export interface Topic {
  readonly name: string;
  readonly grades: readonly [number, number];
  readonly intro: readonly string[];
  readonly concept: { readonly plain: readonly string[]; readonly hard: readonly string[] };
  readonly summary: readonly string[];
  exercise(rng: Rng): Exercise;
  /** Whether `answer` is right for `question`; undefined when the question is not one it can work out. */
  check(question: string, answer: string): boolean | undefined;
}
