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
 * - `createThenAssign`: an orchestrator that creates its subagents in one turn and gives them
 *   work in the next (K2.5's own orchestrator does; so do models asked for one kind of call a turn).
 * - `oneCallPerTurn`: a model that makes one call a turn (`parallel_tool_calls: false`, or a small
 *   model that never makes two): the calls it meant are sent one a turn, each after the client
 *   answered the one before.
 */

import type { ChatRequest, ChatResponse, Provider, ToolCall } from '../../src/core/providers/types';
import { type Handler, providerBackend } from './loopback-model-server';

export type WireHabit = 'streamed' | 'objectArguments' | 'hermesText' | 'createThenAssign' | 'oneCallPerTurn';

export const WIRE_HABITS: readonly WireHabit[] = [
  'streamed',
  'objectArguments',
  'hermesText',
  'createThenAssign',
  'oneCallPerTurn',
];

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

const isOrchestrator = (body: Record<string, unknown>) =>
  ((body.tools ?? []) as { function: { name: string } }[]).some((t) => t.function.name === 'create_subagent');

/**
 * An orchestrator's calls held back and sent over later turns: `split` says which of a reply's
 * calls go now; the rest go first in the following orchestrator turns, the model not asked again
 * until they are all out (the client has by then answered each, as it would a real model's).
 */
function heldCalls(
  provider: Provider,
  split: (calls: readonly ToolCall[]) => readonly ToolCall[],
): (body: Record<string, unknown>) => Promise<ChatResponse> {
  let held: ToolCall[] = [];
  return async (body) => {
    const request = { ...(body as unknown as ChatRequest), metadata: {} };
    if (!isOrchestrator(body)) return provider.complete(request);
    const response = held.length > 0 ? undefined : await provider.complete(request);
    const calls = held.length > 0 ? held : [...(response?.choices[0].message.tool_calls ?? [])];
    const now = split(calls);
    held = calls.filter((c) => !now.includes(c));
    const base = response ?? {
      id: 'held',
      model: String(body.model),
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    };
    const content = response?.choices[0].message.content ?? null;
    return {
      ...base,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: now.length > 0 ? null : content,
            ...(now.length > 0 ? { tool_calls: now } : {}),
          },
          finish_reason: now.length > 0 ? 'tool_calls' : 'stop',
        },
      ],
    } as ChatResponse;
  };
}

/** A loopback server's handler: `provider` answers, and the reply goes on the wire in `habit`'s way. */
export function habitBackend(provider: Provider, habit: WireHabit): Handler {
  if (habit === 'streamed') return providerBackend(provider, () => ({}), true);
  if (habit === 'createThenAssign' || habit === 'oneCallPerTurn') {
    // Creates first, alone; or one call a turn, whatever it is.
    const split =
      habit === 'oneCallPerTurn'
        ? (calls: readonly ToolCall[]) => calls.slice(0, 1)
        : (calls: readonly ToolCall[]) => {
            const creates = calls.filter((c) => c.function.name === 'create_subagent');
            return creates.length > 0 && creates.length < calls.length ? creates : calls;
          };
    const answer = heldCalls(provider, split);
    return async (body) => ({ json: await answer(body) });
  }
  return async (body) => {
    const response = await provider.complete({ ...(body as unknown as ChatRequest), metadata: {} });
    return { json: habit === 'objectArguments' ? objectArguments(response) : hermesText(response) };
  };
}
