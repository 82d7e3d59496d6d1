/**
 * Reading an OpenAI-compatible server's reply, one JSON document or a server-sent-event stream, into
 * a chat-completions response: tool-call deltas assembled, usage estimated where the server sends
 * none, a reply that is not one refused as a `bad-response`.
 */

import { estimateMessagesTokens, estimateTextTokens } from '../../core/providers/tokens';
import type {
  ChatRequest,
  ChatResponse,
  ChatUsage,
  FinishReason,
  ToolCall,
} from '../../core/providers/types';
import { boundedText } from './bounded-body';
import { ProviderError, parseJson, preview } from './openai-errors';
import { replyTooLarge } from './reply-size';

interface WireMessage {
  content?: unknown;
  tool_calls?: unknown;
}

export function readJson(text: string, model: string, request: ChatRequest): ChatResponse {
  const body = parseJson(text) as
    | {
        id?: unknown;
        model?: unknown;
        choices?: { message?: WireMessage; finish_reason?: unknown }[];
        usage?: unknown;
      }
    | undefined;
  const choice = body?.choices?.[0];
  if (!choice?.message) {
    throw new ProviderError('bad-response', `The server's reply has no message: ${preview(text)}`);
  }
  const content = typeof choice.message.content === 'string' ? choice.message.content : null;
  const calls = Array.isArray(choice.message.tool_calls) ? choice.message.tool_calls.map(wireCall) : [];
  return response(
    typeof body?.id === 'string' ? body.id : 'chatcmpl',
    typeof body?.model === 'string' ? body.model : model,
    content,
    calls,
    choice.finish_reason,
    body?.usage,
    request,
  );
}

function wireCall(raw: unknown, index: number): ToolCall {
  const call = (raw ?? {}) as { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
  const args = call.function?.arguments;
  return {
    id: typeof call.id === 'string' ? call.id : `call_${index + 1}`,
    type: 'function',
    function: {
      name: typeof call.function?.name === 'string' ? call.function.name : '',
      arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
    },
  };
}

export async function readStream(
  res: Response,
  model: string,
  request: ChatRequest,
  touch: () => void,
  limit: number,
): Promise<ChatResponse> {
  if (!res.body) throw new ProviderError('bad-response', 'The server sent an empty stream.');
  let id = 'chatcmpl';
  let replyModel = model;
  let content = '';
  let sawContent = false;
  let finish: unknown;
  let usage: unknown;
  let done = false;
  const calls: { id: string; name: string; arguments: string }[] = [];
  let buffer = '';

  const onData = (data: string) => {
    if (data === '[DONE]') {
      done = true;
      return;
    }
    const chunk = parseJson(data) as
      | {
          id?: unknown;
          model?: unknown;
          error?: { message?: unknown };
          usage?: unknown;
          choices?: { delta?: WireMessage & { tool_calls?: unknown }; finish_reason?: unknown }[];
        }
      | undefined;
    if (chunk === undefined || typeof chunk !== 'object') {
      throw new ProviderError(
        'bad-response',
        `The server's stream held something that is not JSON: ${preview(data)}`,
      );
    }
    if (chunk.error) {
      throw new ProviderError(
        'server',
        `The server failed mid-answer: ${String(chunk.error.message ?? 'no reason given')}`,
      );
    }
    if (typeof chunk.id === 'string') id = chunk.id;
    if (typeof chunk.model === 'string') replyModel = chunk.model;
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) finish = choice.finish_reason;
    const delta = choice.delta ?? {};
    if (typeof delta.content === 'string') {
      content += delta.content;
      sawContent = true;
    }
    if (Array.isArray(delta.tool_calls)) {
      for (const raw of delta.tool_calls as {
        index?: unknown;
        id?: unknown;
        function?: { name?: unknown; arguments?: unknown };
      }[]) {
        const at = typeof raw.index === 'number' ? raw.index : calls.length;
        calls[at] ??= { id: '', name: '', arguments: '' };
        const call = calls[at];
        if (typeof raw.id === 'string') call.id = raw.id;
        if (typeof raw.function?.name === 'string') call.name += raw.function.name;
        const args = raw.function?.arguments;
        if (typeof args === 'string') call.arguments += args;
        else if (args && typeof args === 'object') call.arguments += JSON.stringify(args);
      }
    }
  };

  // Counted in bytes as they arrive: past the limit the stream is cancelled (reply-size.ts).
  for await (const value of boundedText(res.body, limit, () => replyTooLarge(limit))) {
    touch();
    buffer += value;
    // Events end with a blank line; a `data:` line may be split across chunks.
    let cut = buffer.search(/\r?\n/);
    while (cut >= 0 && !done) {
      const line = buffer.slice(0, cut);
      buffer = buffer.slice(buffer[cut] === '\r' ? cut + 2 : cut + 1);
      if (line.startsWith('data:')) onData(line.slice(5).trim());
      cut = buffer.search(/\r?\n/);
    }
    if (done) break;
  }
  if (!done && buffer.startsWith('data:')) onData(buffer.slice(5).trim());
  if (!done && finish === undefined) {
    throw new ProviderError(
      'network',
      'The connection dropped mid-answer (the stream ended without [DONE]).',
    );
  }
  const toolCalls = calls
    .filter((c) => c !== undefined)
    .map((c, i) => ({
      id: c.id || `call_${i + 1}`,
      type: 'function' as const,
      function: { name: c.name, arguments: c.arguments },
    }));
  return response(id, replyModel, sawContent ? content : null, toolCalls, finish, usage, request);
}

function response(
  id: string,
  model: string,
  content: string | null,
  calls: ToolCall[],
  finish: unknown,
  usage: unknown,
  request: ChatRequest,
): ChatResponse {
  return {
    id,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        finish_reason: finishReason(finish, calls.length > 0),
      },
    ],
    usage: usageOf(usage, request, content, calls),
  };
}

function finishReason(raw: unknown, calls: boolean): FinishReason {
  if (raw === 'length' || raw === 'content_filter' || raw === 'stop' || raw === 'tool_calls') {
    return raw === 'stop' && calls ? 'tool_calls' : raw;
  }
  if (raw === 'function_call') return 'tool_calls';
  return calls ? 'tool_calls' : 'stop';
}

/** The server's counts; estimated where it sends none (some local servers, some streams). */
function usageOf(raw: unknown, request: ChatRequest, content: string | null, calls: ToolCall[]): ChatUsage {
  const u = (raw ?? {}) as { prompt_tokens?: unknown; completion_tokens?: unknown };
  const prompt =
    typeof u.prompt_tokens === 'number' ? u.prompt_tokens : estimateMessagesTokens(request.messages);
  const completion =
    typeof u.completion_tokens === 'number'
      ? u.completion_tokens
      : estimateTextTokens(content ?? '') +
        calls.reduce((n, c) => n + estimateTextTokens(c.function.arguments), 0);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}
