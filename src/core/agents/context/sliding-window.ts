import { wholeNumber } from './options';
import { keepHeadAndTail, splitTurns } from './turns';
import type { ContextStrategy } from './types';

export interface SlidingWindowOptions {
  /**
   * How many of the latest turns are sent, after the system prompt and the task.
   * @default 5
   */
  readonly turns?: number;
}

/** Sends the head and the last k whole turns; older turns are dropped without a trace. */
export function contextSlidingWindow(options: SlidingWindowOptions = {}): ContextStrategy {
  const k = wholeNumber('sliding-window', 'turns', options.turns ?? 5, 0);
  return {
    name: 'sliding-window',
    options: { turns: k },
    apply(history) {
      const turns = splitTurns(history);
      const first = Math.max(0, turns.starts.length - k);
      return keepHeadAndTail(history, turns.head, turns.starts[first] ?? history.length);
    },
  };
}
