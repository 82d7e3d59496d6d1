import type { ChatMessage } from '../../providers/types';

/**
 * A history cut into the head (everything before the first assistant message: the system prompt
 * and the task) and turns. A turn starts at an assistant message and holds the messages that
 * answer it (tool results, or a user message with an error), up to the next assistant message.
 * Strategies drop or shorten whole turns, which is what keeps tool_call / tool pairing valid.
 */
export interface Turns {
  /** Number of head messages: indices [0, head). */
  readonly head: number;
  /** Start index of each turn; turn i spans [starts[i], starts[i + 1] ?? history.length). */
  readonly starts: readonly number[];
}

export function splitTurns(history: readonly ChatMessage[]): Turns {
  const starts: number[] = [];
  history.forEach((message, i) => {
    if (message.role === 'assistant') starts.push(i);
  });
  return { head: starts[0] ?? history.length, starts };
}

/** The end (exclusive) of turn i. */
export const turnEnd = (turns: Turns, i: number, length: number): number => turns.starts[i + 1] ?? length;

/** The view that keeps the head and the messages from index `from` on, dropping those between. */
export function keepHeadAndTail(history: readonly ChatMessage[], head: number, from: number) {
  const dropped: number[] = [];
  for (let i = head; i < from; i++) dropped.push(i);
  return {
    messages: [...history.slice(0, head), ...history.slice(from)],
    dropped,
    replaced: [] as number[],
  };
}

/**
 * Where a message list breaks the chat-completions protocol: a tool message that answers no call
 * of the assistant message before it, or a tool call left without an answer before the next
 * assistant message. An empty list means the list is valid to send.
 */
export function pairingProblems(messages: readonly ChatMessage[]): string[] {
  const problems: string[] = [];
  let open = new Set<string>();
  let inTurn = false;
  const closeTurn = (at: number) => {
    for (const id of open) problems.push(`tool call ${id} has no tool message before message ${at}`);
  };
  messages.forEach((message, i) => {
    if (message.role === 'assistant') {
      closeTurn(i);
      open = new Set((message.tool_calls ?? []).map((call) => call.id));
      inTurn = true;
    } else if (message.role === 'tool') {
      if (!inTurn || !open.delete(message.tool_call_id)) {
        problems.push(`message ${i} answers tool call ${message.tool_call_id}, which is not open`);
      }
    }
  });
  closeTurn(messages.length);
  return problems;
}
