/**
 * One model turn as every agent here takes it, a subagent in the loop or the model orchestrator:
 * whatever the provider does — throws, answers without a message, sends calls in another shape,
 * reports no usage — the turn comes back as a failure or a reply in one shape, never as an
 * exception. Also the trace records of a turn, so both write them alike.
 */

import { estimateMessagesTokens, estimateTextTokens } from '../providers/tokens';
import type { ChatMessage, ChatRequest, ChatResponse, Provider, ToolCall } from '../providers/types';
import type { EventBody } from '../trace/events';
import { replyParts, sideReasoning } from './reply-habits';

/**
 * The trace records an agent emits, as TraceEvent bodies (the runtime stamps seq, t and wallMs):
 * what it was told when an attempt began, then each turn and its calls.
 */
export type AgentEvent =
  | Extract<EventBody, { type: 'agent.context' }>
  | Extract<EventBody, { type: 'llm.turn' }>
  | Extract<EventBody, { type: 'tool.call' }>;

export type TurnOutcome =
  | {
      readonly kind: 'failed';
      /** What went wrong, in words (the error's message). */
      readonly reason: string;
      /** The provider said no later attempt can succeed until the user changes something. */
      readonly final: boolean;
    }
  | {
      readonly kind: 'reply';
      readonly content: string | null;
      /** The model's reasoning (`<think>` text or the server's reasoning field), apart from the content. */
      readonly reasoning?: string;
      readonly calls: readonly ToolCall[];
      /** The reply as the conversation keeps it. */
      readonly message: ChatMessage;
      readonly finishReason: string;
      readonly inputTokens: number;
      readonly outputTokens: number;
    };

/** Sends one request; `turn` (from 1) names the calls whose ids the server left out. */
export async function takeTurn(provider: Provider, request: ChatRequest, turn: number): Promise<TurnOutcome> {
  let response: ChatResponse;
  try {
    response = await provider.complete(request);
    if (!response?.choices?.[0]?.message) throw new Error('the response has no message');
  } catch (error) {
    // A provider error that says no retry can help (a refused key, a wrong URL) is passed on.
    const final = (error as { final?: unknown } | null)?.final === true;
    return { kind: 'failed', reason: describeError(error), final };
  }
  const choice = response.choices[0];
  const native = normalizeCalls(choice.message.tool_calls, turn);
  const parts = replyParts(
    typeof choice.message.content === 'string' ? choice.message.content : null,
    sideReasoning(choice.message),
    turn,
  );
  // Calls written in the text count only when the server sent none of its own.
  const calls = native.length > 0 ? native : [...parts.textCalls];
  const content = parts.content;
  const inputTokens = count(response.usage?.prompt_tokens, () => estimateMessagesTokens(request.messages));
  const outputTokens = count(
    response.usage?.completion_tokens,
    () =>
      estimateTextTokens(content ?? '') +
      calls.reduce((n, c) => n + estimateTextTokens(c.function.arguments), 0),
  );
  return {
    kind: 'reply',
    content,
    ...(parts.reasoning !== undefined ? { reasoning: parts.reasoning } : {}),
    calls,
    message: { role: 'assistant', content, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
    finishReason: String(choice.finish_reason ?? 'stop'),
    inputTokens,
    outputTokens,
  };
}

/**
 * Tool calls as agents keep them. Adapters are typed but servers are not: some send arguments
 * as an object, some omit or repeat ids. A missing or repeated id becomes `call_<turn>_<index>`,
 * so every tool message still answers exactly one call.
 */
export function normalizeCalls(calls: readonly ToolCall[] | undefined, turn: number): ToolCall[] {
  const seen = new Set<string>();
  return (Array.isArray(calls) ? calls : []).map((call, i) => {
    const fn: { name?: unknown; arguments?: unknown } = call?.function ?? {};
    let id = typeof call?.id === 'string' ? call.id : '';
    if (id === '' || seen.has(id)) id = `call_${turn}_${i + 1}`;
    seen.add(id);
    const args = fn.arguments;
    return {
      id,
      type: 'function',
      function: {
        name: typeof fn.name === 'string' ? fn.name : '',
        arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
      },
    };
  });
}

/** A reported token count, or the estimate when the provider reported none. */
const count = (reported: number | undefined, estimate: () => number): number =>
  typeof reported === 'number' && Number.isFinite(reported) && reported >= 0 ? reported : estimate();

/** Who took a turn, as its records name it. */
export interface TurnActor {
  readonly subagent: string;
  readonly task?: string;
  readonly attempt?: number;
}

/** A call of a turn as the trace records it, run or not. */
export interface CallOutcome {
  readonly id: string;
  readonly tool: string;
  /** Parsed arguments, or the raw string when they were not JSON. */
  readonly args: unknown;
  readonly ok: boolean;
  readonly result: string;
  /** Set when the call was not run (agents/tools.ts `checkCall`). */
  readonly rejection?: 'malformed-arguments' | 'unknown-tool' | 'refused-capability' | 'invalid-arguments';
}

export interface TurnSummary {
  /** The text the model wrote this turn; recorded when there is any. */
  readonly content?: string | null;
  readonly finishReason: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly calls: readonly CallOutcome[];
}

/**
 * What an agent was told when an attempt began, its system prompt and first user message, whole
 * (a cut prompt would make a trajectory that never happened): with the turns after it, the
 * attempt's whole trajectory is in the trace.
 */
export function contextEvent(actor: TurnActor, system: string, prompt: string): AgentEvent {
  return {
    type: 'agent.context',
    subagent: actor.subagent,
    ...(actor.task !== undefined ? { task: actor.task } : {}),
    ...(actor.attempt !== undefined ? { attempt: actor.attempt } : {}),
    system,
    prompt,
  };
}

/**
 * The records of a turn: the llm.turn (with the model's text, whole, when it wrote any: a reply is bounded by the provider's reply limit, and a replay needs it whole, providers/replay.ts), then one tool.call per call in call order. `markRefused`
 * flags the calls that failed as refused, which the metrics count as invalid actions: the
 * orchestrator's failures are refusals, a subagent's may be a tool that ran and failed.
 */
export function turnEvents(
  actor: TurnActor,
  turn: TurnSummary,
  options: { readonly markRefused?: boolean } = {},
): AgentEvent[] {
  return [
    {
      type: 'llm.turn',
      subagent: actor.subagent,
      ...(actor.task !== undefined ? { task: actor.task } : {}),
      ...(actor.attempt !== undefined ? { attempt: actor.attempt } : {}),
      finishReason: turn.finishReason,
      ...(typeof turn.content === 'string' && turn.content !== '' ? { content: turn.content } : {}),
      'gen_ai.usage.input_tokens': turn.inputTokens,
      'gen_ai.usage.output_tokens': turn.outputTokens,
    },
    ...turn.calls.map(
      (call): AgentEvent => ({
        type: 'tool.call',
        caller: actor.subagent,
        callId: call.id,
        tool: call.tool,
        args: call.args,
        ok: call.ok,
        result: call.result,
        ...(options.markRefused && !call.ok ? { refused: true as const } : {}),
        ...(call.rejection ? { rejection: call.rejection } : {}),
      }),
    ),
  ];
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error === undefined) return 'no reason given';
  return String(error);
}
