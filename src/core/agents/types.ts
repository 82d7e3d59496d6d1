/**
 * What the agent loop is given and what it gives back: the profile and subtask it runs, its limits,
 * and the result with every turn it took.
 */

import type { ChatMessage, Provider } from '../providers/types';
import type { Usage } from '../trace/events';
import type { ContextStrategy } from './context/types';
import type { CallRejection, ToolRegistry } from './tools';
import type { AgentEvent, CallOutcome } from './turn';

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
  /**
   * Already decided: the answer this turn would only repeat (a peer's position once every peer
   * agreed). The subagent answers it without a model call, in 0 steps.
   */
  readonly settled?: string;
  /**
   * How hard this instance is, 0 (easy) … 1 (hard): a property of the simulated world, which the
   * simulated provider weighs against a profile's skill (docs/simulator.md, Difficulty). Real
   * models never see it.
   */
  readonly difficulty?: number;
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

export interface CallRecord extends CallOutcome {
  /** Set when the call was not run. */
  readonly rejection?: CallRejection;
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
