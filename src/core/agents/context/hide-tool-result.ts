import type { ChatMessage } from '../../providers/types';
import { wholeNumber } from './options';
import { splitTurns, turnEnd } from './turns';
import type { ContextStrategy } from './types';

export interface HideToolResultOptions {
  /**
   * How many of the latest turns that have tool output keep it in full.
   * @default 1 (the report's hide-tool-result: only the latest tool output is kept)
   */
  readonly keepTurns?: number;
  /**
   * What an older tool message carries instead of its output. The message itself stays, so the
   * assistant's tool call is still answered.
   * @default '[older tool output hidden]'
   */
  readonly placeholder?: string;
}

/**
 * Keeps every turn but replaces the output of older tool calls with a short placeholder; the
 * model still sees what it called and with which arguments.
 */
export function contextHideToolResult(options: HideToolResultOptions = {}): ContextStrategy {
  const keepTurns = wholeNumber('hide-tool-result', 'keepTurns', options.keepTurns ?? 1, 0);
  const placeholder = options.placeholder ?? '[older tool output hidden]';
  return {
    name: 'hide-tool-result',
    options: { keepTurns, placeholder },
    apply(history) {
      const turns = splitTurns(history);
      // Turns with tool output, latest first: the first keepTurns of them stay whole.
      const kept = new Set<number>();
      for (let i = turns.starts.length - 1; i >= 0 && kept.size < keepTurns; i--) {
        const start = turns.starts[i] ?? 0;
        const end = turnEnd(turns, i, history.length);
        if (history.slice(start, end).some((m) => m.role === 'tool')) kept.add(i);
      }
      const replaced: number[] = [];
      const messages: ChatMessage[] = history.slice(0, turns.head);
      turns.starts.forEach((start, i) => {
        const end = turnEnd(turns, i, history.length);
        for (let j = start; j < end; j++) {
          const message = history[j]!;
          if (message.role === 'tool' && !kept.has(i) && message.content !== placeholder) {
            messages.push({ role: 'tool', tool_call_id: message.tool_call_id, content: placeholder });
            replaced.push(j);
          } else {
            messages.push(message);
          }
        }
      });
      return { messages, dropped: [], replaced };
    },
  };
}
