/**
 * The subagent loop (docs/architecture.md, layers): LLM turn → tool calls → tool results → … until a final
 * answer, the step limit or the token budget. The same loop runs a simulated or a real model;
 * everything it meets from the outside — a provider that throws, a malformed or refused tool call,
 * a tool that fails, an abort — ends up in its result, never as an exception.
 */

import { estimateMessagesTokens } from '../providers/tokens';
import type { ChatMessage, ChatRequest, ToolDefinition } from '../providers/types';
import { checkCall, type Tool, type ToolResult } from './tools';
import { contextEvent, describeError, takeTurn, turnEvents } from './turn';
import type { AgentResult, CallRecord, RunAgentInput, StopReason, TurnRecord } from './types';

export type { AgentEvent } from './turn';
export type {
  AgentLimits,
  AgentProfile,
  AgentResult,
  CallRecord,
  RunAgentInput,
  StopReason,
  Subtask,
  TurnRecord,
} from './types';

const EMPTY_REPLY =
  'Error: your reply had neither a tool call nor an answer. Call a tool, or reply with your final answer as text.';

export async function runAgent(input: RunAgentInput): Promise<AgentResult> {
  const run = new AgentRun(input);
  try {
    return await run.loop();
  } catch (error) {
    // A bug in a strategy, a tool registry or an event listener: still a result, never a throw.
    return run.finish('internal-error', `agent loop failed: ${describeError(error)}`);
  }
}

class AgentRun {
  private readonly transcript: ChatMessage[];
  private readonly turns: TurnRecord[] = [];
  private steps = 0;
  private toolCalls = 0;
  private inputTokens = 0;
  private outputTokens = 0;
  private definitions: readonly ToolDefinition[] | undefined;
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
      if (signal?.aborted) return this.finish('aborted', `aborted: ${describeError(signal.reason)}`);
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
          ? this.finish('aborted', `aborted: ${describeError(signal.reason)}`)
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
    // Once per attempt, before its first turn: what the agent was told (its trajectory's start).
    if (this.steps === 0)
      this.input.onEvent?.(contextEvent(this.actor(), profile.systemPrompt, subtask.prompt));
    const turn = ++this.steps;
    // A copy: the transcript grows after this request, and a provider may keep what it was sent.
    const view = strategy.apply([...this.transcript]);
    const context = {
      sent: view.messages.length,
      dropped: view.dropped.length,
      replaced: view.replaced.length,
      estimatedTokens: estimateMessagesTokens(view.messages),
    };
    // One list for every turn of the attempt: the provider's token estimate of it is then made
    // once (providers/tokens.ts remembers it by the list), not on each turn.
    this.definitions ??= profile.allowed.flatMap((name) => {
      const tool = Object.hasOwn(tools, name) ? tools[name] : undefined;
      return tool ? [tool.definition] : [];
    });
    const definitions = this.definitions;
    const request: ChatRequest = {
      model: profile.model,
      messages: view.messages,
      ...(definitions.length > 0 ? { tools: definitions, tool_choice: 'auto' as const } : {}),
      ...(profile.temperature !== undefined ? { temperature: profile.temperature } : {}),
      ...(profile.maxOutputTokens !== undefined ? { max_tokens: profile.maxOutputTokens } : {}),
      ...(this.input.seed !== undefined ? { seed: this.input.seed } : {}),
      // The attempt names whose reply this is, for a replay (providers/replay.ts).
      metadata: {
        subtask,
        profile: profile.name,
        turn,
        ...(this.input.attempt !== undefined ? { attempt: this.input.attempt } : {}),
      },
      ...(signal ? { signal } : {}),
    };

    const outcome = await takeTurn(provider, request, turn);
    if (outcome.kind === 'failed') {
      const message = `provider "${provider.name}" failed on turn ${turn}: ${outcome.reason}`;
      this.record({
        turn,
        context,
        finishReason: 'error',
        inputTokens: 0,
        outputTokens: 0,
        calls: [],
        error: message,
      });
      return { kind: 'failed', error: message, final: outcome.final };
    }

    const { calls, content, finishReason, inputTokens, outputTokens } = outcome;
    this.transcript.push(outcome.message);
    const base = { turn, context, finishReason, inputTokens, outputTokens };

    if (calls.length === 0) {
      if (content?.trim()) {
        this.record({ ...base, calls: [] }, content);
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
    this.record({ ...base, calls: records, ...(malformed ? { malformed } : {}) }, content);
    return { kind: 'continue', ...(malformed ? { malformed } : {}) };
  }

  /**
   * Keeps the turn and emits its records: the llm.turn (with the model's text, `content`), then one
   * tool.call per call in call order.
   */
  private record(turn: TurnRecord, content?: string | null): void {
    this.turns.push(turn);
    this.inputTokens += turn.inputTokens;
    this.outputTokens += turn.outputTokens;
    const emit = this.input.onEvent;
    if (!emit) return;
    for (const event of turnEvents(this.actor(), { ...turn, content })) emit(event);
  }

  /** Who runs, as the events name it. */
  private actor() {
    return {
      subagent: this.subagent,
      task: this.input.subtask.id,
      ...(this.input.attempt !== undefined ? { attempt: this.input.attempt } : {}),
    };
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
    return { ok: false, content: `Error: ${name} failed: ${describeError(error)}` };
  }
}
