/**
 * One model turn of the orchestrator: the request it sends (its system prompt, the task, then the
 * conversation so far) through the agents' own turn, so a provider's failure, a response without
 * a message, calls in another shape or missing usage meet the same safeguards as in a subagent.
 */

import {
  type AgentEvent,
  type CallOutcome,
  type TurnActor,
  type TurnOutcome,
  takeTurn,
  turnEvents,
} from '../../agents/turn';
import type { ChatMessage, Provider, ToolCall, ToolDefinition } from '../../providers/types';
import type { RunView, TaskBrief } from '../types';
import { ORCHESTRATOR, ORCHESTRATOR_KIND, systemPrompt, taskMessage } from './protocol';

/** Who the orchestrator's turns are in the trace: no task, no attempt. */
export const ORCHESTRATOR_ACTOR: TurnActor = { subagent: ORCHESTRATOR };

export interface OrchestratorModel {
  readonly provider: Provider;
  /** Its own profile (for the simulated provider) and model name. */
  readonly profile: string;
  readonly model: string;
  /** Subagent profiles it may choose from. */
  readonly profiles: readonly string[];
  readonly definitions: readonly ToolDefinition[];
  readonly maxOutputTokens: number;
}

/** Asks the model once; `turn` counts the orchestrator's turns in the run, from 1. */
export function askOrchestrator(
  model: OrchestratorModel,
  view: RunView,
  task: TaskBrief,
  conversation: readonly ChatMessage[],
  turn: number,
  signal?: AbortSignal,
): Promise<TurnOutcome> {
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content: systemPrompt({
        maxSubagents: view.config.budgets.maxConcurrentSubagents,
        defaultProfile: view.config.defaultProfile,
        profiles: model.profiles,
      }),
    },
    { role: 'user', content: taskMessage(task) },
    ...conversation,
  ];
  return takeTurn(
    model.provider,
    {
      model: model.model,
      messages,
      tools: model.definitions,
      tool_choice: 'auto',
      max_tokens: model.maxOutputTokens,
      seed: view.config.seed,
      metadata: {
        profile: model.profile,
        subtask: { id: ORCHESTRATOR, descriptor: { kind: ORCHESTRATOR_KIND } },
        turn,
      },
      ...(signal ? { signal } : {}),
    },
    turn,
  );
}

/**
 * The trace of an orchestrator turn the provider could not answer: a turn with no tokens and no
 * calls, its finish reason the failure (the plan turn's and the decisions' alike).
 */
export function failedTurnEvents(reason: string): AgentEvent[] {
  return turnEvents(ORCHESTRATOR_ACTOR, {
    finishReason: `error: ${reason}`,
    inputTokens: 0,
    outputTokens: 0,
    calls: [],
  });
}

/**
 * Answers one of the orchestrator's tool calls: the verdict goes back to the model as the call's
 * reply, and into the turn's calls as the trace shows them (the plan turn's and the decisions'
 * alike).
 */
export function answerCall(
  exchange: ChatMessage[],
  calls: CallOutcome[],
  call: ToolCall,
  verdict: { readonly ok: boolean; readonly content: string; readonly args: unknown },
): void {
  exchange.push({ role: 'tool', tool_call_id: call.id, content: verdict.content });
  calls.push({
    id: call.id,
    tool: call.function.name,
    args: verdict.args,
    ok: verdict.ok,
    result: verdict.content,
  });
}

/**
 * Answers a reply that called nothing when a call was due: the note goes back to the model as a
 * user message, and the trace shows the reply's text as a refused call to "(none)".
 */
export function answerSilence(
  exchange: ChatMessage[],
  calls: CallOutcome[],
  turn: number,
  text: string | null | undefined,
  note: string,
): void {
  exchange.push({ role: 'user', content: note });
  calls.push({ id: `call_${turn}_0`, tool: '(none)', args: text ?? '', ok: false, result: note });
}
