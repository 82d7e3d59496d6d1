/**
 * Tool calling for models that have none. WebLLM gives native `tools` only to a few 7–8B models
 * (its `functionCallingModelIds`); the small models a browser can hold, and some local servers,
 * have only text. This provider wraps such a model: the tools are described in the system prompt,
 * the reply is constrained by a JSON schema to one object — `{"tool_calls": [{"name", "arguments"}]}`
 * or `{"answer": "…"}` — and that object is turned back into a chat-completions reply, so the
 * agent loop and the orchestrator never know the difference. Earlier tool calls and results in
 * the conversation are written as text the same way.
 *
 * A reply that is not such an object comes back as plain text: to a subagent that is its answer,
 * to the orchestrator a broken protocol, which it answers and counts.
 */

import { textOf } from './content';
import type { ChatMessage, ChatRequest, ChatResponse, Provider, ToolCall, ToolDefinition } from './types';

/** The JSON schema every reply must fit, with the tool names as an enum. */
export function replySchema(tools: readonly ToolDefinition[], allowCalls = true): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    answer: { type: 'string' },
  };
  if (allowCalls) {
    properties.tool_calls = {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', enum: tools.map((t) => t.function.name) },
          arguments: { type: 'object' },
        },
        required: ['name', 'arguments'],
      },
    };
  }
  return { type: 'object', properties };
}

/** What the system prompt adds: the tools, and the one reply format. */
export function toolInstructions(tools: readonly ToolDefinition[], allowCalls = true): string {
  if (!allowCalls) {
    return 'Reply with one JSON object only: {"answer": "<your final answer>"}.';
  }
  const lines = tools.map(
    (t) =>
      `- ${t.function.name}: ${t.function.description} Arguments (JSON schema): ${JSON.stringify(t.function.parameters)}`,
  );
  return [
    'You can call these tools:',
    ...lines,
    'Reply with one JSON object only. To call tools: {"tool_calls": [{"name": "<tool>", "arguments": {…}}, …]}. To give your final answer: {"answer": "<text>"}.',
  ].join('\n');
}

/** The request as a text-only model gets it: tools in the system prompt, calls and results as text. */
export function toTextRequest(request: ChatRequest): ChatRequest {
  const tools = request.tools ?? [];
  if (tools.length === 0) return request;
  const allowCalls = request.tool_choice !== 'none';
  const instructions = toolInstructions(tools, allowCalls);
  const names = new Map<string, string>();
  const out: { role: 'system' | 'user' | 'assistant'; content: string }[] = [];
  const push = (role: 'system' | 'user' | 'assistant', content: string) => {
    const last = out[out.length - 1];
    // Chat templates want turns to alternate: consecutive messages of one role are merged.
    if (last && last.role === role) last.content = `${last.content}\n\n${content}`;
    else out.push({ role, content });
  };
  let system = false;
  for (const m of request.messages) {
    switch (m.role) {
      case 'system':
        push('system', system ? m.content : `${m.content}\n\n${instructions}`);
        system = true;
        break;
      case 'user':
        push('user', textOf(m.content));
        break;
      case 'assistant': {
        const calls = m.tool_calls ?? [];
        for (const c of calls) names.set(c.id, c.function.name);
        push(
          'assistant',
          calls.length > 0
            ? JSON.stringify({
                tool_calls: calls.map((c) => ({
                  name: c.function.name,
                  arguments: parsed(c.function.arguments),
                })),
              })
            : JSON.stringify({ answer: m.content ?? '' }),
        );
        break;
      }
      case 'tool':
        push('user', `Result of ${names.get(m.tool_call_id) ?? 'the tool'}: ${m.content}`);
        break;
    }
  }
  if (!system) out.unshift({ role: 'system', content: instructions });
  const { tools: _tools, tool_choice: _choice, ...rest } = request;
  return {
    ...rest,
    messages: out as ChatMessage[],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'reply', schema: replySchema(tools, allowCalls) },
    },
  };
}

/** The text reply turned back into tool calls or an answer. */
export function fromTextReply(response: ChatResponse): ChatResponse {
  const choice = response.choices[0];
  const text = choice.message.content ?? '';
  const object = firstJsonObject(text);
  let content: string | null = text;
  let calls: ToolCall[] = [];
  if (object !== undefined) {
    const raw = (object as { tool_calls?: unknown }).tool_calls;
    if (Array.isArray(raw) && raw.length > 0) {
      calls = raw.map((c, i) => {
        const call = (c ?? {}) as { name?: unknown; arguments?: unknown };
        return {
          id: `call_${response.id}_${i + 1}`,
          type: 'function' as const,
          function: {
            name: typeof call.name === 'string' ? call.name : '',
            arguments:
              typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
          },
        };
      });
      content = null;
    } else if (typeof (object as { answer?: unknown }).answer === 'string') {
      content = (object as { answer: string }).answer;
    }
  }
  return {
    ...response,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        finish_reason: calls.length > 0 ? 'tool_calls' : choice.finish_reason,
      },
    ],
  };
}

/** Wraps a text-only provider so it takes tools like any other. */
export function withJsonTools(inner: Provider): Provider {
  return {
    name: inner.name,
    async complete(request) {
      if ((request.tools ?? []).length === 0) return inner.complete(request);
      return fromTextReply(await inner.complete(toTextRequest(request)));
    },
  };
}

function parsed(args: string): unknown {
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}

/** The first balanced `{…}` in the text that parses, or undefined. Models wrap JSON in prose or fences. */
function firstJsonObject(text: string): unknown {
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        try {
          return JSON.parse(text.slice(start, i + 1));
        } catch {
          break;
        }
      }
    }
  }
  return undefined;
}
