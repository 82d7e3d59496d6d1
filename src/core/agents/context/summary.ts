import { textOf } from '../../providers/content';
import { estimateMessagesTokens } from '../../providers/tokens';
import type { ChatMessage } from '../../providers/types';
import { wholeNumber } from './options';
import { splitTurns, turnEnd } from './turns';
import type { ContextStrategy } from './types';

export interface SummaryOptions {
  /**
   * How many of the latest turns are sent whole after the summary.
   * @default 2
   */
  readonly keepTurns?: number;
  /**
   * Estimated tokens of the whole history at or below which nothing is summarised.
   * @default 0 (summarise whenever there are more than keepTurns turns)
   */
  readonly triggerTokens?: number;
  /**
   * Characters of each tool result (and of any text the model wrote) quoted in the summary.
   * @default 160
   */
  readonly quoteChars?: number;
}

/**
 * Replaces the older turns by one summary turn, a user message right after the task, built from
 * them by rule (no model call, so it costs no step and is the same on every rerun): one line per
 * turn with the calls made, their arguments and the start of each result. It is rebuilt from the
 * full history each turn, so a summary is never summarised again; it grows by a line a turn.
 *
 * A user message is used because the turns kept after it start with an assistant message; the
 * price is two user messages in a row, which chat-completions servers accept.
 */
export function contextSummary(options: SummaryOptions = {}): ContextStrategy {
  const keepTurns = wholeNumber('summary', 'keepTurns', options.keepTurns ?? 2, 0);
  const triggerTokens = wholeNumber('summary', 'triggerTokens', options.triggerTokens ?? 0, 0);
  const quoteChars = wholeNumber('summary', 'quoteChars', options.quoteChars ?? 160, 1);
  return {
    name: 'summary',
    options: { keepTurns, triggerTokens, quoteChars },
    apply(history) {
      const turns = splitTurns(history);
      const folded = Math.max(0, turns.starts.length - keepTurns);
      if (folded === 0 || estimateMessagesTokens(history) <= triggerTokens) {
        return { messages: history, dropped: [], replaced: [] };
      }
      const from = turns.starts[folded] ?? history.length;
      const lines = [`Summary of your turns 1–${folded} (their messages were removed to save context):`];
      for (let i = 0; i < folded; i++) {
        const start = turns.starts[i] ?? 0;
        lines.push(
          `- turn ${i + 1}: ${summarizeTurn(history.slice(start, turnEnd(turns, i, history.length)), quoteChars)}`,
        );
      }
      const replaced: number[] = [];
      for (let i = turns.head; i < from; i++) replaced.push(i);
      return {
        messages: [
          ...history.slice(0, turns.head),
          { role: 'user', content: lines.join('\n') },
          ...history.slice(from),
        ],
        dropped: [],
        replaced,
      };
    },
  };
}

function quote(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat);
}

/** One turn in one line: "search({"q":"x"}) → "result…"; wrote "…"; error: "…"". */
function summarizeTurn(turn: readonly ChatMessage[], quoteChars: number): string {
  const parts: string[] = [];
  const names = new Map<string, string>();
  for (const message of turn) {
    if (message.role === 'assistant') {
      if (message.content?.trim()) parts.push(`wrote ${quote(message.content, quoteChars)}`);
      for (const call of message.tool_calls ?? []) {
        names.set(call.id, `${call.function.name}(${call.function.arguments})`);
      }
    } else if (message.role === 'tool') {
      const call = names.get(message.tool_call_id) ?? `call ${message.tool_call_id}`;
      parts.push(`${call} → ${quote(message.content, quoteChars)}`);
    } else {
      parts.push(
        `${message.role}: ${quote(message.role === 'user' ? textOf(message.content) : message.content, quoteChars)}`,
      );
    }
  }
  return parts.length > 0 ? parts.join('; ') : 'no output';
}
