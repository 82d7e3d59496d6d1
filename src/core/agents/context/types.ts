import type { ChatMessage } from '../../providers/types';

/**
 * What a context strategy hands back: the messages to send this turn, and what it left out or
 * shortened. Indices point into the history the strategy was given.
 */
export interface ContextView {
  readonly messages: readonly ChatMessage[];
  /** Messages left out entirely. */
  readonly dropped: readonly number[];
  /** Messages sent in a shortened form: a placeholder in their place, or folded into a summary. */
  readonly replaced: readonly number[];
}

/**
 * A context strategy (docs/architecture.md, the method; the report's context-management comparison). It is a pure
 * function of the whole history, applied afresh before every LLM turn: the loop keeps the full
 * transcript and never edits it, so a strategy's effect is reproducible from the trace alone.
 * Every strategy keeps the head (the system prompt and the task) and keeps whole turns, so each
 * assistant tool call is still answered by its tool message.
 */
export interface ContextStrategy {
  /** The family name a run selects it by (`keep-all`, `sliding-window`, …). */
  readonly name: string;
  /** The settings it was made with, all defaults filled in: recorded with the run. */
  readonly options: Readonly<Record<string, number | string>>;
  apply(history: readonly ChatMessage[]): ContextView;
}
