/** Token estimates of chat messages and tool definitions, built on util/text-tokens.ts's rule. */

import { estimateTextTokens } from '../util/text-tokens';
import { imageUrlsOf, textOf } from './content';
import type { ChatMessage, ToolDefinition } from './types';

export { estimateTextTokens };

/** Role markers and separators around each message (`<|start|>role\n … <|end|>`), per OpenAI's cookbook. */
const MESSAGE_OVERHEAD = 3;
/** The assistant reply is primed with `<|start|>assistant`: counted once per request. */
const REPLY_PRIMING = 3;
/** The wrapper a tool call adds around its name and arguments. */
const TOOL_CALL_OVERHEAD = 3;
/**
 * One image part, whatever its size: OpenAI's price of a low-detail image (85 tokens), the floor
 * of what a model that sees charges; a real server's usage replaces the estimate when it has one.
 */
const IMAGE_TOKENS = 85;

// Messages are immutable, and a context strategy measures the same history on every turn.
const messageCache = new WeakMap<ChatMessage, number>();

/** Estimated tokens of one message: its text, its tool calls (name and arguments), its overhead. */
export function estimateMessageTokens(message: ChatMessage): number {
  const cached = messageCache.get(message);
  if (cached !== undefined) return cached;
  let tokens =
    MESSAGE_OVERHEAD +
    (message.role === 'user'
      ? estimateTextTokens(textOf(message.content)) + IMAGE_TOKENS * imageUrlsOf(message.content).length
      : estimateTextTokens(message.content ?? ''));
  if (message.role === 'assistant') {
    for (const call of message.tool_calls ?? []) {
      tokens +=
        TOOL_CALL_OVERHEAD +
        estimateTextTokens(call.function.name) +
        estimateTextTokens(call.function.arguments);
    }
  }
  messageCache.set(message, tokens);
  return tokens;
}

/** Estimated prompt tokens of a request's messages (with the reply priming). */
export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  if (messages.length === 0) return 0;
  let tokens = REPLY_PRIMING;
  for (const message of messages) tokens += estimateMessageTokens(message);
  return tokens;
}

// A run offers the same tool list on every turn: serialised and counted once per list.
const toolsCache = new WeakMap<readonly ToolDefinition[], number>();

/** Estimated tokens the tool definitions add to every request (their JSON, as templates inline it). */
export function estimateToolsTokens(tools: readonly ToolDefinition[]): number {
  if (tools.length === 0) return 0;
  const cached = toolsCache.get(tools);
  if (cached !== undefined) return cached;
  const tokens = estimateTextTokens(JSON.stringify(tools));
  toolsCache.set(tools, tokens);
  return tokens;
}
