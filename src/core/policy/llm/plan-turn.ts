/**
 * The model orchestrator's plan turn, before the task is split: it is shown the task as a plan
 * sees it and calls `plan_run`. A call that is refused (plan-call.ts) or a reply without one is
 * answered with what was wrong and the model tries again, up to `maxTurns` replies; then, or when
 * the model fails to answer, the task runs as its kind's own swarm — the plan every policy without
 * a choice runs. The turns are recorded as the decisions' are (llm.turn, tool.call), paid for alike,
 * and the refusals counted as invalid calls.
 */

import type { ToolRegistry } from '../../agents/tools';
import { type CallOutcome, takeTurn, turnEvents } from '../../agents/turn';
import type { ChatMessage, Provider } from '../../providers/types';
import type { EventBody } from '../../trace/events';
import type { PlanDecision, PlanQuestion } from '../types';
import { answerCall, answerSilence, failedTurnEvents, ORCHESTRATOR_ACTOR } from './orchestrator-turn';
import { checkPlanCall, type PlanVerdict, planWords } from './plan-call';
import { PLAN_TOOL, planFacts, planMessage, planSystemPrompt, planTools } from './plan-protocol';
import { ORCHESTRATOR, ORCHESTRATOR_KIND } from './protocol';

export interface PlanSetup {
  readonly provider: Provider;
  /** The orchestrator's own profile (for the simulated provider) and model name. */
  readonly profile: string;
  readonly model: string;
  readonly maxOutputTokens: number;
  /** Replies the model gets to make a valid call. */
  readonly maxTurns: number;
}

export interface PlanTurn {
  readonly decision: PlanDecision;
  /** The llm turns and tool calls, to record with the run's first decision. */
  readonly events: readonly EventBody[];
  /** Model turns taken: the orchestrator's turns of the run go on from here. */
  readonly turns: number;
  /** Calls refused (the `(none)` of a reply without calls included). */
  readonly refused: number;
  /** The model chose the plan; false: it fell back to the kind's own swarm. */
  readonly chosen: boolean;
}

/**
 * The fallback: the kind's own swarm, with no cut. Every kind has a swarm plan (formations.ts), and
 * it is what a policy without a plan of its own runs (planDecisionOf).
 */
const OWN_SWARM: PlanDecision = { mode: 'swarm' };

export const NO_PLAN_NOTE = `Error: your reply had no tool call. Call ${PLAN_TOOL} once to choose how the task runs.`;

export async function planTurn(
  setup: PlanSetup,
  question: PlanQuestion,
  signal?: AbortSignal,
): Promise<PlanTurn> {
  const facts = planFacts(question);
  const tools: ToolRegistry = planTools(facts.modes);
  const definitions = Object.values(tools).map((t) => t.definition);
  const opening: ChatMessage[] = [
    { role: 'system', content: planSystemPrompt(setup.maxTurns) },
    { role: 'user', content: planMessage(facts) },
  ];
  const exchange: ChatMessage[] = [];
  const events: EventBody[] = [];
  let decision: PlanDecision | undefined;
  let turns = 0;
  let refused = 0;
  while (decision === undefined && turns < setup.maxTurns && !signal?.aborted) {
    turns++;
    const outcome = await takeTurn(
      setup.provider,
      {
        model: setup.model,
        messages: [...opening, ...exchange],
        tools: definitions,
        tool_choice: 'auto',
        max_tokens: setup.maxOutputTokens,
        seed: question.seed,
        metadata: {
          profile: setup.profile,
          subtask: { id: ORCHESTRATOR, descriptor: { kind: ORCHESTRATOR_KIND } },
          turn: turns,
        },
        ...(signal ? { signal } : {}),
      },
      turns,
    );
    if (outcome.kind === 'failed') {
      // A model that cannot answer will not answer the next turn either: the run goes on with the
      // kind's own plan, and its first decision meets the model's failure in its own words.
      events.push(...failedTurnEvents(outcome.reason));
      break;
    }
    exchange.push(outcome.message);
    const calls: CallOutcome[] = [];
    if (outcome.calls.length === 0) {
      refused++;
      answerSilence(exchange, calls, turns, outcome.content, NO_PLAN_NOTE);
    }
    for (const call of outcome.calls) {
      const verdict: PlanVerdict =
        decision === undefined
          ? checkPlanCall(question, tools, call)
          : {
              ok: false as const,
              content: `Error: the plan is already chosen in this reply: ${planWords(decision)}`,
              args: call.function.arguments,
            };
      if (verdict.ok) decision = verdict.decision;
      else refused++;
      answerCall(exchange, calls, call, verdict);
    }
    events.push(...turnEvents(ORCHESTRATOR_ACTOR, { ...outcome, calls }, { markRefused: true }));
  }
  return { decision: decision ?? OWN_SWARM, events, turns, refused, chosen: decision !== undefined };
}
