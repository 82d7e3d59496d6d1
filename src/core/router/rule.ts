/** One cold-start rule (rules.ts: how rules vote, and the table of them). */
import type { Choice } from './choice';

export interface Rule {
  /** Named in a route's explanation. */
  readonly id: string;
  /** Tested against the raw query (case-insensitive patterns). */
  readonly pattern: RegExp;
  /** The rule only matches a query of at most this many words. */
  readonly maxWords?: number;
  /** The rule counts only when no other rule matched: a default for what nothing else claims. */
  readonly alone?: boolean;
  readonly choice: Choice;
  /** @default 1 */
  readonly weight?: number;
  /**
   * The language of requests the rule reads (util/words.ts `detectLanguage`; text in no known
   * language is read as English); every language when absent. Words borrowed across languages
   * ("Python" in a Chinese request) must not make one request vote twice.
   */
  readonly lang?: 'en' | 'zh' | 'ru';
}
