import { estimateMessagesTokens, estimateMessageTokens } from '../../providers/tokens';
import type { ChatMessage } from '../../providers/types';
import { wholeNumber } from './options';
import { keepHeadAndTail, splitTurns, turnEnd } from './turns';
import type { ContextStrategy } from './types';

export interface DiscardAllOptions {
  /**
   * Estimated tokens (see providers/tokens.ts) past which the history is dropped.
   * @default 3072 (three quarters of a 4,096-token window, the smallest of the WebLLM models we
   * target, leaving room for the reply; set it from the profile's context window)
   */
  readonly maxTokens?: number;
}

/**
 * The report's discard-all: when the context passes the threshold, every turn so far is dropped
 * and the agent goes on from its system prompt and task alone, accumulating again until the next
 * reset. The function replays the resets over the whole history, so it needs no state: before
 * turn k is requested, the turns since the last reset are dropped if, with the head, they pass
 * the threshold. A turn that passes it on its own is dropped every time, and the agent then works
 * from the head alone until its step limit.
 */
export function contextDiscardAll(options: DiscardAllOptions = {}): ContextStrategy {
  const maxTokens = wholeNumber('discard-all', 'maxTokens', options.maxTokens ?? 3072, 1);
  return {
    name: 'discard-all',
    options: { maxTokens },
    apply(history: readonly ChatMessage[]) {
      const turns = splitTurns(history);
      const headTokens = estimateMessagesTokens(history.slice(0, turns.head));
      let reset = 0;
      let tokens = headTokens;
      turns.starts.forEach((start, i) => {
        for (let j = start; j < turnEnd(turns, i, history.length); j++) {
          tokens += estimateMessageTokens(history[j]!);
        }
        if (tokens > maxTokens) {
          reset = i + 1;
          tokens = headTokens;
        }
      });
      return keepHeadAndTail(history, turns.head, turns.starts[reset] ?? history.length);
    },
  };
}
