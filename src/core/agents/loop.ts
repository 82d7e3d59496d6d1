/**
 * The subagent loop (docs/architecture.md, layers): LLM turn → tool calls → tool results → … until a final
 * answer, the step limit or the token budget. The same loop runs a simulated or a real model;
 * everything it meets from the outside — a provider that throws, a malformed or refused tool call,
 * a tool that fails, an abort — ends up in its result, never as an exception.
 */

import { estimateMessagesTokens, estimateTextTokens } from '../providers/tokens';
import type { ChatMessage, ChatRequest, ChatResponse, Provider, ToolCall } from '../providers/types';
import type { EventBody, Usage } from '../trace/events';
import type { ContextStrategy } from './context/types';
import { type CallRejection, checkCall, type Tool, type ToolRegistry, type ToolResult } from './tools';

/** What the loop needs of a frozen profile (the full profile lives with the scenarios). */
export interface AgentProfile {
  readonly name: string;
  readonly model: string;
  readonly systemPrompt: string;
  /** The tools this profile may call: its capabilities. Only these are shown to the model. */
  readonly allowed: readonly string[];
  readonly temperature?: number;
  /** Sent as the request's max_tokens. */
  readonly maxOutputTokens?: number;
}

export interface Subtask {
  readonly id: string;
  /** The task as the model reads it: the first user message. */
  readonly prompt: string;
  /** What a simulated provider reads to play its part (it reaches it through request metadata). */
  readonly descriptor?: unknown;
}

export interface AgentLimits {
  /**
   * LLM turns (steps, docs/architecture.md, time model) before the run stops without an answer.
   * @default 100 (the report's per-subagent step limit)
   */
  readonly maxSteps?: number;
  /**
   * Input plus output tokens, as the provider reports them, after which no new turn starts.
   * @default no limit
   */
  readonly maxTokens?: number;
  /**
   * Malformed turns in a row (a call with bad JSON, to an unknown or refused tool, failing its
   * schema, or a reply with neither calls nor text) that end the run: a model stuck repeating a
   * broken call should not burn the whole step limit.
   * @default 3
   */
  readonly maxConsecutiveMalformed?: number;
}

/** The trace records the loop emits, as TraceEvent bodies: the runtime stamps seq, t and wallMs. */
export type AgentEvent = Extract<EventBody, { type: 'llm.turn' }> | Extract<EventBody, { type: 'tool.call' }>;

export interface RunAgentInput {
  readonly provider: Provider;
  readonly profile: AgentProfile;
  readonly subtask: Subtask;
  readonly tools: ToolRegistry;
  readonly strategy: ContextStrategy;
  readonly limits?: AgentLimits;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: AgentEvent) => void;
  /** Who runs, for the events. @default profile.name */
  readonly subagent?: string;
  readonly attempt?: number;
  /** Sent as the request's seed. */
  readonly seed?: number;
}

export interface CallRecord {
  readonly id: string;
  readonly tool: string;
  /** Parsed arguments, or the raw string when they were not JSON. */
  readonly args: unknown;
  readonly ok: boolean;
  /** Set when the call was not run. */
  readonly rejection?: CallRejection;
  readonly result: string;
}

export interface TurnRecord {
  /** From 1; equal to the step it cost. */
  readonly turn: number;
  /** What the context strategy did before this turn. */
  readonly context: {
    readonly sent: number;
    readonly dropped: number;
    readonly replaced: number;
    readonly estimatedTokens: number;
  };
  readonly finishReason: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly calls: readonly CallRecord[];
  /** Why the turn broke the tool protocol, when it did. */
  readonly malformed?: string;
  /** The provider's error, when the turn produced no reply. */
  readonly error?: string;
}

export type StopReason =
  | 'answer'
  | 'step-limit'
  | 'token-budget'
  | 'malformed-limit'
  | 'provider-error'
  | 'aborted'
  | 'invalid-input'
  | 'internal-error';

export interface AgentResult {
  readonly ok: boolean;
  readonly stop: StopReason;
  readonly answer?: string;
  readonly error?: string;
  readonly steps: number;
  /** Every call the model made, run or rejected: each counts towards the tool-call budget. */
  readonly toolCalls: number;
  readonly usage: Usage;
  /** The full history, system prompt first, as no context strategy shortened it. */
  readonly transcript: readonly ChatMessage[];
  readonly turns: readonly TurnRecord[];
  /** The provider said no later attempt can succeed until the user changes something. */
  readonly final?: true;
}

const EMPTY_REPLY =
  'Error: your reply had neither a tool call nor an answer. Call a tool, or reply with your final answer as text.';

export async function runAgent(input: RunAgentInput): Promise<AgentResult> {
  const run = new AgentRun(input);
  try {
    return await run.loop();
  } catch (error) {
    // A bug in a strategy, a tool registry or an event listener: still a result, never a throw.
    return run.finish('internal-error', `agent loop failed: ${describe(error)}`);
  }
}

class AgentRun {
  private readonly transcript: ChatMessage[];
  private readonly turns: TurnRecord[] = [];
  private steps = 0;
  private toolCalls = 0;
  private inputTokens = 0;
  private outputTokens = 0;
  private readonly subagent: string;

  constructor(private readonly input: RunAgentInput) {
    this.subagent = input.subagent ?? input.profile.name;
    this.transcript = [
      { role: 'system', content: input.profile.systemPrompt },
      { role: 'user', content: input.subtask.prompt },
    ];
  }

  async loop(): Promise<AgentResult> {
    const { limits = {}, signal } = this.input;
    const maxSteps = limits.maxSteps ?? 100;
    const maxMalformed = limits.maxConsecutiveMalformed ?? 3;
    // A NaN or fractional limit would make the step check never fire: refuse it before any turn.
    for (const [name, value, min] of [
      ['maxSteps', maxSteps, 0],
      ['maxTokens', limits.maxTokens ?? 0, 0],
      ['maxConsecutiveMalformed', maxMalformed, 1],
    ] as const) {
      if (!Number.isInteger(value) || value < min) {
        return this.finish('invalid-input', `limits.${name} must be a whole number ≥ ${min}, got ${value}`);
      }
    }
    let malformedStreak = 0;
    for (;;) {
      if (signal?.aborted) return this.finish('aborted', `aborted: ${describe(signal.reason)}`);
      if (this.steps >= maxSteps) {
        return this.finish('step-limit', `no final answer within the step limit (${maxSteps} steps)`);
      }
      const used = this.inputTokens + this.outputTokens;
      if (limits.maxTokens !== undefined && used >= limits.maxTokens) {
        return this.finish(
          'token-budget',
          `no final answer within the token budget (${used} of ${limits.maxTokens} tokens used)`,
        );
      }
      const turn = await this.turn();
      if (turn.kind === 'failed') {
        return signal?.aborted
          ? this.finish('aborted', `aborted: ${describe(signal.reason)}`)
          : { ...this.finish('provider-error', turn.error), ...(turn.final ? { final: true as const } : {}) };
      }
      if (turn.kind === 'answer') return this.finish('answer', undefined, turn.answer);
      malformedStreak = turn.malformed === undefined ? 0 : malformedStreak + 1;
      if (turn.malformed !== undefined && malformedStreak >= maxMalformed) {
        return this.finish(
          'malformed-limit',
          `${malformedStreak} malformed turns in a row (the limit is ${maxMalformed}); last: ${turn.malformed}`,
        );
      }
    }
  }

  private async turn(): Promise<
    | { kind: 'failed'; error: string; final: boolean }
    | { kind: 'answer'; answer: string }
    | { kind: 'continue'; malformed?: string }
  > {
    const { provider, profile, subtask, tools, strategy, signal } = this.input;
    const turn = ++this.steps;
    // A copy: the transcript grows after this request, and a provider may keep what it was sent.
    const view = strategy.apply([...this.transcript]);
    const context = {
      sent: view.messages.length,
      dropped: view.dropped.length,
      replaced: view.replaced.length,
      estimatedTokens: estimateMessagesTokens(view.messages),
    };
    const definitions = profile.allowed.flatMap((name) => {
      const tool = Object.hasOwn(tools, name) ? tools[name] : undefined;
      return tool ? [tool.definition] : [];
    });
    const request: ChatRequest = {
      model: profile.model,
      messages: view.messages,
      ...(definitions.length > 0 ? { tools: definitions, tool_choice: 'auto' as const } : {}),
      ...(profile.temperature !== undefined ? { temperature: profile.temperature } : {}),
      ...(profile.maxOutputTokens !== undefined ? { max_tokens: profile.maxOutputTokens } : {}),
      ...(this.input.seed !== undefined ? { seed: this.input.seed } : {}),
      metadata: { subtask, profile: profile.name, turn },
      ...(signal ? { signal } : {}),
    };

    let response: ChatResponse;
    try {
      response = await provider.complete(request);
      if (!response?.choices?.[0]?.message) throw new Error('the response has no message');
    } catch (error) {
      const message = `provider "${provider.name}" failed on turn ${turn}: ${describe(error)}`;
      this.record({
        turn,
        context,
        finishReason: 'error',
        inputTokens: 0,
        outputTokens: 0,
        calls: [],
        error: message,
      });
      // A provider error that says no retry can help (a refused key, a wrong URL) is passed on.
      const final = (error as { final?: unknown } | null)?.final === true;
      return { kind: 'failed', error: message, final };
    }

    const choice = response.choices[0];
    const calls = normalizeCalls(choice.message.tool_calls, turn);
    const content = typeof choice.message.content === 'string' ? choice.message.content : null;
    const inputTokens = count(response.usage?.prompt_tokens, context.estimatedTokens);
    const outputTokens = count(
      response.usage?.completion_tokens,
      estimateTextTokens(content ?? '') +
        calls.reduce((n, c) => n + estimateTextTokens(c.function.arguments), 0),
    );
    const reply: ChatMessage = {
      role: 'assistant',
      content,
      ...(calls.length > 0 ? { tool_calls: calls } : {}),
    };
    this.transcript.push(reply);
    const finishReason = String(choice.finish_reason ?? 'stop');
    const base = { turn, context, finishReason, inputTokens, outputTokens };

    if (calls.length === 0) {
      if (content?.trim()) {
        this.record({ ...base, calls: [] });
        return { kind: 'answer', answer: content };
      }
      this.transcript.push({ role: 'user', content: EMPTY_REPLY });
      this.record({ ...base, calls: [], malformed: 'a reply with neither tool calls nor text' });
      return { kind: 'continue', malformed: 'a reply with neither tool calls nor text' };
    }

    this.toolCalls += calls.length;
    const checked = calls.map((call) => checkCall(tools, profile.allowed, call));
    const results = await Promise.all(
      checked.map((c, i): Promise<ToolResult> | ToolResult =>
        c.ok ? runTool(c.tool, c.args, calls[i]!.function.name, signal) : { ok: false, content: c.message },
      ),
    );
    const records: CallRecord[] = calls.map((call, i) => {
      const check = checked[i]!;
      const result = results[i]!;
      this.transcript.push({ role: 'tool', tool_call_id: call.id, content: result.content });
      return {
        id: call.id,
        tool: call.function.name,
        args: check.args,
        ok: check.ok && result.ok,
        ...(check.ok ? {} : { rejection: check.rejection }),
        result: result.content,
      };
    });
    const rejected = records.find((r) => r.rejection !== undefined);
    const malformed = rejected ? `${rejected.rejection} (${rejected.tool})` : undefined;
    this.record({ ...base, calls: records, ...(malformed ? { malformed } : {}) });
    return { kind: 'continue', ...(malformed ? { malformed } : {}) };
  }

  /** Keeps the turn and emits its records: the llm.turn, then one tool.call per call in call order. */
  private record(turn: TurnRecord): void {
    this.turns.push(turn);
    this.inputTokens += turn.inputTokens;
    this.outputTokens += turn.outputTokens;
    const emit = this.input.onEvent;
    if (!emit) return;
    emit({
      type: 'llm.turn',
      subagent: this.subagent,
      task: this.input.subtask.id,
      ...(this.input.attempt !== undefined ? { attempt: this.input.attempt } : {}),
      finishReason: turn.finishReason,
      'gen_ai.usage.input_tokens': turn.inputTokens,
      'gen_ai.usage.output_tokens': turn.outputTokens,
    });
    for (const call of turn.calls) {
      emit({
        type: 'tool.call',
        caller: this.subagent,
        callId: call.id,
        tool: call.tool,
        args: call.args,
        ok: call.ok,
        result: call.result,
      });
    }
  }

  finish(stop: StopReason, error?: string, answer?: string): AgentResult {
    return {
      ok: stop === 'answer',
      stop,
      ...(answer !== undefined ? { answer } : {}),
      ...(error !== undefined ? { error } : {}),
      steps: this.steps,
      toolCalls: this.toolCalls,
      usage: {
        steps: this.steps,
        toolCalls: this.toolCalls,
        'gen_ai.usage.input_tokens': this.inputTokens,
        'gen_ai.usage.output_tokens': this.outputTokens,
      },
      transcript: [...this.transcript],
      turns: [...this.turns],
    };
  }
}

async function runTool(
  tool: Tool,
  args: Readonly<Record<string, unknown>>,
  name: string,
  signal: AbortSignal | undefined,
): Promise<ToolResult> {
  try {
    return await tool.run(args, signal);
  } catch (error) {
    return { ok: false, content: `Error: ${name} failed: ${describe(error)}` };
  }
}

/**
 * Tool calls as the loop keeps them. Adapters are typed but servers are not: some send arguments
 * as an object, some omit or repeat ids. A missing or repeated id becomes `call_<turn>_<index>`,
 * so every tool message still answers exactly one call.
 */
function normalizeCalls(calls: readonly ToolCall[] | undefined, turn: number): ToolCall[] {
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
const count = (reported: number | undefined, estimate: number): number =>
  typeof reported === 'number' && Number.isFinite(reported) && reported >= 0 ? reported : estimate;

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error === undefined) return 'no reason given';
  return String(error);
}
