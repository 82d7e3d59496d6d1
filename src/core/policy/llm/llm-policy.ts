/**
 * The `llm` policy: the orchestrator is a model (docs/architecture.md, the method). Before each decision it reads the
 * status and calls `create_subagent`, `assign_task` and `finish`; several assign_task calls in one
 * turn run concurrently. The work items are the scenario's own decomposition, so the run can be
 * graded like any other; the model chooses how many subagents, which profile, what each is told,
 * and what runs when. An invalid call is answered to the model with what was wrong, recorded as a
 * failed `tool.call`, and counted (`invalidCalls`).
 *
 * A decision costs one orchestrator step whatever the number of model turns in it (the time
 * model counts decisions, docs/architecture.md, time model); a turn whose calls were all refused is followed, within the
 * same decision, by another turn that reads the errors, up to `maxTurnsPerDecision`.
 *
 * Before the task is split, the model plans the run (`deliberation.plan`, plan-turn.ts): its
 * `plan_run` call is the policy port's plan decision — solo or swarm, a shard size, replicas that
 * vote. Its turns are recorded with the first decision's, and its refusals counted with theirs.
 */

import type { Provider } from '../../providers/types';
import type { AttemptRequest } from '../../runtime/ports';
import type { EventBody, TraceEvent } from '../../trace/events';
import { criticalPathPolicy } from '../critical-path';
import type { Action, Deliberation, Policy, PolicyContext } from '../types';
import { afterDecision, type DeliberationSetup, deliberate, newSession } from './deliberate';
import { briefFor, fold } from './orchestrator-state';
import { type PlanSetup, type PlanTurn, planTurn } from './plan-turn';
import { orchestratorTools } from './protocol';

export interface LlmPolicyOptions {
  readonly provider: Provider;
  /** The orchestrator's own profile (for the simulated provider) and model name. */
  readonly profile: string;
  readonly model: string;
  /** Subagent profiles it may choose from; the run default is used when it names none. */
  readonly profiles: readonly string[];
  /** @default 3 */
  readonly maxTurnsPerDecision?: number;
  /** Replies the model gets to make a valid plan_run call before the kind's own swarm runs. @default 3 */
  readonly maxPlanTurns?: number;
  /** Decisions that got no usable call in a row before the run is stopped. @default 3 */
  readonly maxFailedDecisions?: number;
  /** Earlier decisions kept in the conversation (status, reply, tool results). @default 4 */
  readonly keepDecisions?: number;
  /** @default 1024 */
  readonly maxOutputTokens?: number;
  /** Characters of each answer shown to the orchestrator. @default 200 */
  readonly answerChars?: number;
  readonly name?: string;
}

export interface LlmPolicy extends Policy {
  readonly deliberation: Deliberation;
  /** Calls refused in the current run (bad JSON, unknown tool or agent, an item not ready…). */
  readonly invalidCalls: () => number;
}

export function llmPolicy(options: LlmPolicyOptions): LlmPolicy {
  const tools = orchestratorTools(options.profiles);
  const setup: DeliberationSetup = {
    provider: options.provider,
    profile: options.profile,
    model: options.model,
    profiles: options.profiles,
    definitions: Object.values(tools).map((t) => t.definition),
    maxOutputTokens: options.maxOutputTokens ?? 1024,
    tools,
    maxTurns: options.maxTurnsPerDecision ?? 3,
    maxFailed: options.maxFailedDecisions ?? 3,
    keep: options.keepDecisions ?? 4,
    answerChars: options.answerChars ?? 200,
  };

  const planning: PlanSetup = {
    provider: setup.provider,
    profile: setup.profile,
    model: setup.model,
    maxOutputTokens: setup.maxOutputTokens,
    maxTurns: options.maxPlanTurns ?? 3,
  };

  // Per run; `begin` starts a new one.
  let session = newSession({ query: '', items: [] });
  let prepared: readonly Action[] = [];
  // The plan turn of the run being built, until `begin` takes it into the run.
  let planned: PlanTurn | undefined;
  // Its events, until the first decision records them.
  let unrecorded: readonly EventBody[] = [];

  const deliberation: Deliberation = {
    async plan(question, signal) {
      planned = await planTurn(planning, question, signal);
      return planned.decision;
    },
    begin(brief) {
      // The run's turns and refusals count from its plan turn's, when it took one.
      session = { ...newSession(brief), turns: planned?.turns ?? 0, invalid: planned?.refused ?? 0 };
      unrecorded = planned?.events ?? [];
      planned = undefined;
      prepared = [];
    },
    observe(event: TraceEvent) {
      session = { ...session, state: fold(session.state, { kind: 'event', event }) };
    },
    answered(task, answer) {
      session = { ...session, state: fold(session.state, { kind: 'answer', task, answer }) };
    },
    brief: (request: AttemptRequest) => briefFor(session.state, request.subagent, request.taskId),
    async deliberate(view, signal) {
      const decided = await deliberate(setup, session, view, signal);
      session = afterDecision(session, decided, setup.keep);
      prepared = decided.actions;
      // The plan turn was taken before the run began: it is recorded before the first decision.
      const events = unrecorded.length > 0 ? [...unrecorded, ...decided.events] : decided.events;
      unrecorded = [];
      return events;
    },
  };

  return {
    name: options.name ?? 'llm',
    prioritize: (ctx: PolicyContext) => criticalPathPolicy.prioritize(ctx),
    decide(): Action[] {
      const actions = [...prepared];
      prepared = [];
      return actions;
    },
    deliberation,
    invalidCalls: () => session.invalid,
  };
}

/** The orchestrator profile by default: the largest model, as in the report (a stronger main agent). */
export const ORCHESTRATOR_PROFILE = 'large';

/**
 * The `llm` policy over a provider with the frozen profiles: the orchestrator runs as `profile`
 * (default `large`, else the first profile) under that profile's model name for the provider.
 */
export function llmPolicyFor(
  provider: Provider,
  profiles: Readonly<Record<string, { readonly models: Readonly<Record<string, string>> }>>,
  profile?: string,
): LlmPolicy {
  const names = Object.keys(profiles);
  const chosen = profile ?? (names.includes(ORCHESTRATOR_PROFILE) ? ORCHESTRATOR_PROFILE : names[0]);
  if (chosen === undefined || !Object.hasOwn(profiles, chosen)) {
    throw new Error(`no orchestrator profile "${String(chosen)}" (known: ${names.join(', ')})`);
  }
  const model = profiles[chosen]?.models[provider.name] ?? provider.name;
  return llmPolicy({ provider, profile: chosen, model, profiles: names });
}
