/**
 * The shape of rag-qa's texts in one language (texts.ts holds the registry, texts-en.ts,
 * texts-zh.ts and texts-ru.ts the languages).
 */

import type { Entity, EntityKind } from '../../world/types';
import type { RequestLanguage } from '../spec-types';
import type { Asking } from './questions';

export type NameOf = (id: string | undefined) => string;

export interface RagTexts {
  readonly language: RequestLanguage;
  /**
   * The entity as the notes name it: English keeps the world's invented names; Chinese and
   * Russian write them in their own script, as their texts write any foreign name (names.ts).
   */
  localize(entities: readonly Entity[]): Entity[];
  /** The heading of the notes file of a kind of entity. */
  title(kind: EntityKind): string;
  /** The archive file's heading. */
  readonly archiveTitle: string;
  /** The heading of an outdated copy of an entity's paragraph. */
  oldNotes(name: string): string;
  /** An entity's paragraph: every attribute and link in a sentence a reader can find it by. */
  describe(e: Entity, nameOf: NameOf): string;
  /** One per (kind, attribute), in the same order and with the same ids in every language. */
  readonly askings: readonly Asking[];
  /** The request for questions on the generated notes (one, or a numbered list). */
  prompt(questions: readonly string[]): string;
  /** The request for a question on the user's own knowledge base. */
  ownPrompt(question: string): string;
  /** A compound question on the user's own knowledge base cut at its question marks. */
  splitQuestion(question: string): string[];
  /** Added to the single agent's request. */
  readonly searchEach: string;
  /** A swarm member's instruction for one sub-question. */
  subPrompt(question: string): string;
  /** The merger's instruction, with the members' answers (null: none came). */
  mergePrompt(prompt: string, answers: readonly (string | null)[]): string;
  /** The simulated reader's answer when the passages hold nothing. */
  readonly notFound: string;
}
