/**
 * A provider that plays a fixed script, one reply per request, and keeps every request it got:
 * for tests of the agent loop, which can then assert the exact messages each turn sent.
 */

import { estimateMessagesTokens, estimateTextTokens } from './tokens';
import type { ChatRequest, ChatResponse, FinishReason, Provider, ToolCall } from './types';

export interface ScriptedCall {
  readonly name: string;
  /** A string is sent as it is (so a test can send malformed JSON); anything else is JSON-encoded. */
  readonly arguments?: string | Readonly<Record<string, unknown>>;
  /** @default `call_<turn>_<index>`, both from 1 */
  readonly id?: string;
}

export interface ScriptedReply {
  readonly content?: string | null;
  readonly calls?: readonly ScriptedCall[];
  /** @default 'tool_calls' when there are calls, else 'stop' */
  readonly finishReason?: FinishReason;
  /** @default the estimate of tokens.ts for the request's messages and the reply */
  readonly usage?: { readonly prompt: number; readonly completion: number };
}

/**
 * One turn of the script: a reply, a reply computed from the request, an error thrown, or a call
 * that never answers until the request's signal aborts.
 */
export type ScriptStep =
  | ScriptedReply
  | ((request: ChatRequest) => ScriptedReply)
  | { readonly throws: string }
  | { readonly hang: true };

export interface ScriptedProvider extends Provider {
  /** Every request received, in order. */
  readonly requests: readonly ChatRequest[];
}

export function scriptedProvider(script: readonly ScriptStep[], name = 'scripted'): ScriptedProvider {
  const requests: ChatRequest[] = [];
  return {
    name,
    requests,
    async complete(request) {
      requests.push(request);
      const turn = requests.length;
      const step = script[turn - 1];
      if (request.signal?.aborted) throw new Error('aborted before the request was sent');
      if (step === undefined) throw new Error(`script has no reply for turn ${turn}`);
      if ('throws' in step) throw new Error(step.throws);
      if ('hang' in step) return hang(request.signal);
      return respond(request, turn, typeof step === 'function' ? step(request) : step);
    },
  };
}

function hang(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(new Error('aborted while waiting for the model')), {
      once: true,
    });
  });
}

function respond(request: ChatRequest, turn: number, reply: ScriptedReply): ChatResponse {
  const toolCalls: ToolCall[] = (reply.calls ?? []).map((call, i) => ({
    id: call.id ?? `call_${turn}_${i + 1}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
    },
  }));
  const content = reply.content ?? null;
  const completion =
    estimateTextTokens(content ?? '') +
    toolCalls.reduce((sum, call) => sum + estimateTextTokens(call.function.arguments), 0);
  const prompt = reply.usage?.prompt ?? estimateMessagesTokens(request.messages);
  const output = reply.usage?.completion ?? completion;
  return {
    id: `scripted-${turn}`,
    model: request.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
        finish_reason: reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      },
    ],
    usage: { prompt_tokens: prompt, completion_tokens: output, total_tokens: prompt + output },
  };
}
