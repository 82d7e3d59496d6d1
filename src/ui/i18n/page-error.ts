/**
 * An error the page itself words: its message is English (what a stored run records, what the
 * CLI and the API would say), and its words are said in the page's language where it is shown.
 * Any other error's message is another's words (the core's, a provider's) and is shown as it is.
 */

import { type Said, sayEnglish, type Words } from './words';

export class PageError extends Error {
  constructor(readonly words: Words) {
    super(sayEnglish(words));
  }
}

/** What the page shows of an error: its words if the page made it, else its own message. */
export const saidOf = (error: unknown): Said =>
  error instanceof PageError ? error.words : error instanceof Error ? error.message : String(error);
