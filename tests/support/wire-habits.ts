/**
 * How servers put a model's reply on the wire, as transforms of a loopback server's answer
 * (loopback-model-server.ts), written from the servers' public behaviour rather than from our
 * parser: whatever model stands behind, the client must read each the same.
 *
 * - `streamed`: server-sent events, content in pieces and each tool call's arguments split across
 *   deltas (OpenAI, vLLM, llama.cpp's server with `stream: true`).
 * - `objectArguments`: one JSON reply whose tool-call arguments are a JSON object instead of the
 *   string the spec says (some OpenAI-compatible proxies and Ollama-style servers).
 * - `hermesText`: a Qwen or Hermes model behind a server with no tool-call or reasoning parser:
 *   `<think>…</think>` reasoning, then each call as a `<tool_call>{"name","arguments"}</tool_call>`
 *   block in the content, with no `tool_calls` field.
 */

import type { ChatRequest, ChatResponse, Provider } from '../../src/core/providers/types';
import { type Handler, providerBackend } from './loopback-model-server';

export type WireHabit = 'streamed' | 'objectArguments' | 'hermesText';

export const WIRE_HABITS: readonly WireHabit[] = ['streamed', 'objectArguments', 'hermesText'];

function objectArguments(response: ChatResponse): unknown {
  const choice = response.choices[0];
  const calls = choice.message.tool_calls?.map((c) => ({
    ...c,
    function: { name: c.function.name, arguments: JSON.parse(c.function.arguments) as unknown },
  }));
  return {
    ...response,
    choices: [{ ...choice, message: { ...choice.message, ...(calls ? { tool_calls: calls } : {}) } }],
  };
}

function hermesText(response: ChatResponse): unknown {
  const choice = response.choices[0];
  const calls = choice.message.tool_calls ?? [];
  const content = [
    '<think>\nLet me work out what is asked and do it.\n</think>',
    choice.message.content ?? '',
    ...calls.map(
      (c) =>
        `<tool_call>\n${JSON.stringify({ name: c.function.name, arguments: JSON.parse(c.function.arguments) })}\n</tool_call>`,
    ),
  ]
    .filter((s) => s !== '')
    .join('\n');
  return {
    ...response,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  };
}

/** A loopback server's handler: `provider` answers, and the reply goes on the wire in `habit`'s way. */
export function habitBackend(provider: Provider, habit: WireHabit): Handler {
  if (habit === 'streamed') return providerBackend(provider, () => ({}), true);
  return async (body) => {
    const response = await provider.complete({ ...(body as unknown as ChatRequest), metadata: {} });
    return { json: habit === 'objectArguments' ? objectArguments(response) : hermesText(response) };
  };
}
