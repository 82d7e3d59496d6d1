/**
 * What models put in a reply's text besides the answer, taken apart before an agent reads it.
 *
 * - **Reasoning in the text.** DeepSeek-R1, Qwen3 and QwQ served without a reasoning parser write
 *   their thinking inside `<think>…</think>` before the answer (a reply cut off mid-thought has
 *   no closing tag; DeepSeek-R1 before R1-0528 writes no opening one), Kimi K2 inside
 *   `◁think▷…◁/think▷`. That text is not the answer and must not be graded or merged as one; it is
 *   kept apart as the reply's reasoning. Servers that do parse it send it as
 *   `reasoning_content` (DeepSeek's API, vLLM) or `reasoning` (OpenRouter, Ollama), beside the
 *   content, where it is read the same way.
 * - **Tool calls in the text.** Hermes-style models (Qwen2.5/3, NousHermes) served without a
 *   tool-call parser write `<tool_call>{"name": …, "arguments": …}</tool_call>` in the content
 *   instead of `tool_calls`. Such blocks become calls, as the server would have made them.
 */

import type { ToolCall } from '../providers/types';

// `<think>…</think>` (DeepSeek-R1, Qwen3, QwQ), or Kimi K2's `◁think▷…◁/think▷`.
const THINK = /(?:<think>|◁think▷)([\s\S]*?)(?:<\/think>|◁\/think▷|$)/g;
// DeepSeek-R1 (before R1-0528) starts thinking with no opening tag: the text before a lone
// closing tag is reasoning.
const LONE_CLOSE =
  /^(?![\s\S]*(?:<think>|◁think▷)[\s\S]*(?:<\/think>|◁\/think▷))([\s\S]*?)(<\/think>|◁\/think▷)/;
const TOOL_CALL = /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g;

export interface ReplyParts {
  /** The text with reasoning and text-written calls taken out; null when nothing is left. */
  readonly content: string | null;
  /** The model's reasoning, when it gave any (in the text or beside it). */
  readonly reasoning?: string;
  /** Calls written in the text, in order; ids `call_<turn>_t<index>`. */
  readonly textCalls: readonly ToolCall[];
}

/** The reasoning a server sent beside the content, under either name in use. */
export function sideReasoning(message: unknown): string | undefined {
  const m = message as { reasoning_content?: unknown; reasoning?: unknown } | null;
  const r = m?.reasoning_content ?? m?.reasoning;
  return typeof r === 'string' && r.trim() !== '' ? r : undefined;
}

export function replyParts(content: string | null, side: string | undefined, turn: number): ReplyParts {
  const thoughts: string[] = side !== undefined ? [side] : [];
  const textCalls: ToolCall[] = [];
  let text = content ?? '';
  text = text.replace(LONE_CLOSE, (_, thought: string) => {
    thoughts.push(thought.trim());
    return '';
  });
  text = text.replace(THINK, (_, thought: string) => {
    thoughts.push(thought.trim());
    return '';
  });
  text = text.replace(TOOL_CALL, (block: string, body: string) => {
    const call = textCall(body, turn, textCalls.length + 1);
    if (!call) return block; // not a call we can read: leave it for the agent to see
    textCalls.push(call);
    return '';
  });
  const reasoning = thoughts.filter((t) => t !== '').join('\n\n');
  // Text with nothing taken out is kept as it came, whitespace and all.
  const rest = content === null || text === content ? content : text.trim() === '' ? null : text.trim();
  return { content: rest, ...(reasoning !== '' ? { reasoning } : {}), textCalls };
}

function textCall(body: string, turn: number, index: number): ToolCall | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const { name, arguments: args } = (parsed ?? {}) as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || name === '') return undefined;
  return {
    id: `call_${turn}_t${index}`,
    type: 'function',
    function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
  };
}
