/**
 * A checked run request, made into the composition root's input (`prepareRun`): what the page, the
 * CLI and the API each did on their own before. What a request may name depends on the scenario
 * (its size range, a knowledge-base question) and on the host (its profiles, whether it can run
 * code or ask a knowledge base), so those checks are here, against what the caller found; each
 * refusal names the field, in the same words on every host.
 */

import type { GraphScenario, TaskGraph } from '../graph/types';
import type { HealingSetup } from '../healing/setup';
import type { RunInput } from '../run/prepare';
import type { TaskScenarioSpec } from '../scenarios/registry';
import { kindOf, needsOf } from '../scenarios/registry';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { ScenarioInstance } from '../scenarios/types';
import { isDefaultPreference } from '../trace/preference';
import { SIMULATED } from '../trace/simulated-id';
import { DEFAULT_HEALING, DEFAULT_POLICY, DEFAULT_SEED } from './defaults';
import type { HealingMode, RunRequest } from './run-request';

export type { RunRequest };

/** A request's field refused for this scenario or this host. */
export class RequestError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** The scenario a request names, as the caller's catalogue holds it. */
export type RequestScenario =
  | { readonly type: 'task'; readonly spec: TaskScenarioSpec }
  | {
      readonly type: 'graph';
      readonly id: string;
      /** Named in the trace header when given. */
      readonly title?: string;
      readonly size?: { readonly min: number; readonly max: number; readonly default: number };
      /** The graph of this size and seed: a scenario file's, a generated one, or one already checked. */
      graph(size: number, seed: number): GraphScenario | TaskGraph;
    };

/** What a host can do for a run, so a request it cannot serve is refused by name. */
export interface RequestHost {
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  /** A code sandbox for scenarios that run code. */
  readonly sandbox: boolean;
  /** A knowledge base of the user's own documents. */
  readonly knowledgeBase: boolean;
  /** Providers this host can run agents on. */
  readonly providers: readonly string[];
}

/** The request with every default filled in: what a status or a record reports. */
export type NormalRequest = RunRequest & {
  readonly seed: number;
  readonly policy: string;
  readonly healing: HealingMode;
};

export function normalRequest(request: RunRequest): NormalRequest {
  return {
    ...request,
    seed: request.seed ?? DEFAULT_SEED,
    policy: request.policy ?? DEFAULT_POLICY,
    healing: request.healing ?? DEFAULT_HEALING,
  };
}

const sizeOf = (scenario: RequestScenario) => (scenario.type === 'task' ? scenario.spec.size : scenario.size);

/** Refuses what this scenario or host cannot do with the request; says nothing when all is well. */
export function checkAgainst(request: RunRequest, scenario: RequestScenario, host: RequestHost): void {
  const range = sizeOf(scenario);
  if (request.size !== undefined && request.size !== 0) {
    if (!range) throw new RequestError('size', `${request.scenario} has no size to set`);
    if (request.size < range.min || request.size > range.max)
      throw new RequestError(
        'size',
        `size of ${request.scenario} must be within ${range.min}…${range.max}, got ${request.size}`,
      );
  }
  if (request.profile !== undefined && !Object.hasOwn(host.profiles, request.profile))
    throw new RequestError(
      'profile',
      `profile must be one of ${Object.keys(host.profiles).join(', ')}, not "${request.profile}"`,
    );
  const provider = request.provider?.kind ?? SIMULATED;
  if (!host.providers.includes(provider))
    throw new RequestError(
      'provider.kind',
      `provider.kind "${provider}" cannot run here (this host runs: ${host.providers.join(', ')})`,
    );
  if (request.request && scenario.type === 'graph')
    throw new RequestError(
      'request',
      `${request.scenario} is pure scheduling: it has no agents to ask a request of`,
    );
  // A scenario file may carry its own request too (`swarm run --scenario mine.json`).
  const own = request.request ?? (scenario.type === 'task' ? scenario.spec.request : undefined);
  if (own && provider === SIMULATED)
    throw new RequestError(
      'request',
      "request needs a real model: the simulated model cannot answer a request of your own, it plays the scenario's sample task. Choose provider.kind webllm or openai, or leave request out",
    );
  if (scenario.type === 'graph') {
    // A graph scenario's tasks have fixed costs and no agents: nothing to model, heal or ask.
    if (request.policy === 'llm')
      throw new RequestError(
        'policy',
        `policy "llm" directs agents, and ${request.scenario} is pure scheduling (tasks of fixed cost, no agents)`,
      );
    if (provider !== SIMULATED)
      throw new RequestError('provider.kind', `${request.scenario} has no agents for a model to play`);
    return;
  }
  const needs = needsOf(scenario.spec);
  if (needs.sandbox && !host.sandbox)
    throw new RequestError('scenario', `${request.scenario} runs code and this host has no code sandbox`);
  if (request.request && needs.knowledgeBase)
    throw new RequestError(
      'request',
      `${request.scenario} answers from your knowledge base: ask it with knowledgeBase.question, not request`,
    );
  if (request.knowledgeBase && !needs.knowledgeBase)
    throw new RequestError('knowledgeBase', `${request.scenario} does not ask a knowledge base`);
  if (needs.knowledgeBase && !host.knowledgeBase)
    throw new RequestError(
      'scenario',
      `${request.scenario} asks your own knowledge base, which this host has not`,
    );
}

/** The file asking the user's question, by its kind's own way of holding one. */
const withQuestion = (spec: TaskScenarioSpec, question: string): TaskScenarioSpec =>
  kindOf(spec.kind)?.withQuestion?.(spec, question) ?? spec;

/** The file working on the user's own request (run/request-plan.ts), when the request has one. */
const withOwnRequest = (spec: TaskScenarioSpec, request: RunRequest): TaskScenarioSpec => {
  const own = request.request;
  if (!own) return spec;
  return {
    ...spec,
    request: {
      text: own.text.trim(),
      ...(own.workers ? { workers: own.workers.map((r) => r.trim()) } : {}),
      ...(own.manager ? { manager: own.manager.trim() } : {}),
      ...(own.parts !== undefined ? { parts: own.parts } : {}),
    },
  };
};

/** The composition root's input for a checked request. */
export function runInputOf(
  request: RunRequest,
  scenario: RequestScenario,
  options: {
    readonly profiles: Readonly<Record<string, ProfileSpec>>;
    readonly plan: RunInput['plan'];
    /**
     * An instance already made from this scenario for this seed (a bench runs every policy on
     * one), so it is not made again per run.
     */
    readonly instance?: ScenarioInstance;
  },
): RunInput {
  const seed = request.seed ?? DEFAULT_SEED;
  const size = request.size || sizeOf(scenario)?.default;
  const question = request.knowledgeBase?.question.trim();
  const budgets = {
    ...(request.budgets?.subagents ? { maxConcurrentSubagents: request.budgets.subagents } : {}),
    ...(request.budgets?.criticalSteps ? { maxCriticalSteps: request.budgets.criticalSteps } : {}),
    ...(request.budgets?.toolCalls ? { maxToolCalls: request.budgets.toolCalls } : {}),
  };
  return {
    scenario:
      scenario.type === 'task'
        ? {
            type: 'task',
            spec: withOwnRequest(question ? withQuestion(scenario.spec, question) : scenario.spec, request),
            ...(options.instance ? { instance: options.instance } : {}),
          }
        : {
            type: 'graph',
            graph: scenario.graph(size ?? 0, seed),
            scenario: {
              id: scenario.id,
              kind: 'graph',
              ...(scenario.title !== undefined ? { title: scenario.title } : {}),
            },
          },
    seed,
    ...(size !== undefined ? { size } : {}),
    plan: options.plan,
    profiles: options.profiles,
    overrides: {
      ...(request.join ? { join: request.join } : {}),
      ...(request.failure ? { failurePolicy: request.failure } : {}),
      ...(Object.keys(budgets).length > 0 ? { budgets } : {}),
      ...(request.profile ? { profile: request.profile } : {}),
      ...(request.context ? { context: { name: request.context } } : {}),
      // The default is the scenario's own reward: not passed on, so the run is today's byte for byte.
      ...(request.preference && !isDefaultPreference(request.preference)
        ? { preference: request.preference }
        : {}),
    },
  };
}

/**
 * The self-healing loop and the faults a request asks for, or undefined when it asks for none.
 * Timings are the host's (they follow its pace); the mode and the faults are the request's.
 */
export function healingOf(
  request: RunRequest,
  timings: Omit<HealingSetup, 'mode' | 'faults'>,
): HealingSetup | undefined {
  const mode = loopModeOf(request.healing ?? DEFAULT_HEALING);
  const faults = request.chaos ?? [];
  if (mode === undefined && faults.length === 0) return undefined;
  return { mode: mode ?? 'detect', ...(faults.length > 0 ? { faults } : {}), ...timings };
}

/**
 * The healing loop's mode for a request's word, the one mapping of the two (every host's flag or
 * field is a HealingMode): `on` heals, `detect` records what it sees, `off` runs no loop.
 */
export function loopModeOf(mode: HealingMode): HealingSetup['mode'] | undefined {
  return mode === 'off' ? undefined : mode === 'on' ? 'heal' : 'detect';
}
