/**
 * Runs one task-scenario instance under one policy: the plan becomes a task graph, the runtime
 * schedules it, and every attempt of a task is an agent loop over the provider. The trace, the
 * metrics and the grade come out as for a graph scenario.
 */

import type { ContextSpec } from '../agents/context/registry';
import { makeContextStrategy } from '../agents/context/registry';
import { runAgent, type StopReason, type Subtask } from '../agents/loop';
import type { ToolRegistry } from '../agents/tools';
import { graphOrThrow } from '../graph/validate';
import type { Policy, TaskBrief } from '../policy/types';
import type { Provider } from '../providers/types';
import { makeConfig, type RunConfig } from '../runtime/config';
import type { AsyncExecutor, AttemptOutcome, Clock } from '../runtime/ports';
import { type SimulateResult, simulateAsync } from '../runtime/simulate';
import type { EventBody, ProfileRecord, TraceEvent, TraceHeader } from '../trace/events';
import { hashString } from '../util/rng';
import { profileHash } from './profiles';
import type { ProfileSpec, TaskScenarioSpec } from './spec-types';
import type { Plan, ScenarioInstance, ScenarioKind, ScenarioPorts } from './types';

export interface ScenarioRunOptions<S extends TaskScenarioSpec, I extends ScenarioInstance> {
  readonly kind: ScenarioKind<S, I>;
  readonly spec: S;
  readonly instance: I;
  readonly policy: Policy;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  readonly provider: Provider;
  readonly ports?: ScenarioPorts;
  /** Overrides the scenario's context strategy. */
  readonly context?: ContextSpec;
  /** Overrides the scenario's profile for every agent. */
  readonly profile?: string;
  readonly clock?: Clock;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: TraceEvent) => void;
  readonly onHeader?: (header: TraceHeader) => void;
  readonly keepEvents?: boolean;
  /**
   * Runs the attempts somewhere else (a pool of Web Workers built from the same spec and seed);
   * by default they run here, through `scenarioExecutor`.
   */
  readonly executor?: AsyncExecutor;
}

export interface ScenarioRunResult extends SimulateResult {
  readonly plan: Plan;
}

/** Stops a retry cannot change: the same subtask would stop the same way. */
const final: ReadonlySet<StopReason> = new Set(['step-limit', 'invalid-input', 'internal-error']);

export function scenarioConfig(
  spec: TaskScenarioSpec,
  seed: number,
  profiles: Readonly<Record<string, ProfileSpec>>,
  profile?: string,
): RunConfig {
  return makeConfig({
    seed,
    ...(spec.join ? { join: spec.join } : {}),
    ...(spec.failurePolicy ? { failurePolicy: spec.failurePolicy } : {}),
    ...(spec.mainStepCost !== undefined ? { mainStepCost: spec.mainStepCost } : {}),
    ...(spec.budgets ? { budgets: spec.budgets } : {}),
    defaultProfile: profile ?? spec.profile ?? 'medium',
    prices: Object.fromEntries(Object.entries(profiles).map(([name, p]) => [name, p.price])),
  });
}

export async function runScenario<S extends TaskScenarioSpec, I extends ScenarioInstance>(
  options: ScenarioRunOptions<S, I>,
): Promise<ScenarioRunResult> {
  const { kind, spec, instance, policy, profiles, provider } = options;
  const ports = options.ports ?? {};
  const plan = kind.plan(instance, policy.plan ?? 'swarm');
  const graph = graphOrThrow({
    kind: 'graph',
    id: `${spec.id}#${instance.seed}`,
    tasks: plan.tasks.map((t) => ({ id: t.id, steps: t.estimatedSteps, deps: t.deps })),
  });
  const config = scenarioConfig(spec, instance.seed, profiles, options.profile);
  if (!Object.hasOwn(profiles, config.defaultProfile)) {
    throw new Error(`no profile "${config.defaultProfile}" (known: ${Object.keys(profiles).join(', ')})`);
  }
  const context = options.context ?? spec.context ?? { name: 'hide-tool-result' };
  // Made once: a bad option fails here, before any agent runs.
  makeContextStrategy(context);
  const tools = kind.tools(instance, ports);
  const records: Record<string, ProfileRecord> = {};
  for (const [name, p] of Object.entries(profiles)) {
    records[name] = { model: p.models[provider.name] ?? provider.name, hash: await profileHash(p) };
  }

  const base = options.executor ?? scenarioExecutor({ plan, tools, profiles, records, provider, context });
  const deliberation = policy.deliberation;
  let executor = base;
  if (deliberation) {
    // A model orchestrator reads the task and its work items, briefs each subagent it assigns,
    // and hears each answer.
    deliberation.begin(taskBrief(plan, queryOf(kind, instance)));
    executor = {
      async run(request, signal) {
        const brief = deliberation.brief(request);
        const outcome = await base.run(brief ? { ...request, brief } : request, signal);
        if (outcome.ok && outcome.answer !== undefined) deliberation.answered(request.taskId, outcome.answer);
        return outcome;
      },
    };
  }

  const result = await simulateAsync({
    graph,
    config,
    policy,
    executor,
    scenario: { id: spec.id, kind: kind.kind, ...(spec.title ? { title: spec.title } : {}) },
    provider: provider.name,
    profiles: records,
    context,
    size: instance.size,
    query: queryOf(kind, instance),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.onHeader ? { onHeader: options.onHeader } : {}),
    ...(options.keepEvents !== undefined ? { keepEvents: options.keepEvents } : {}),
    grade: (_state, answers) => kind.grade(instance, plan, answers, ports),
  });
  return { ...result, plan };
}

export interface ScenarioExecutorOptions {
  readonly plan: Plan;
  readonly tools: ToolRegistry;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  /** Model and hash of each profile, as the trace header records them. */
  readonly records: Readonly<Record<string, ProfileRecord>>;
  readonly provider: Provider;
  readonly context: ContextSpec;
}

/**
 * Every attempt of a task is one agent loop over the provider. This is the subagent itself: the
 * in-thread pool calls it directly, a Web Worker calls it on its side of the wire.
 */
export function scenarioExecutor(options: ScenarioExecutorOptions): AsyncExecutor {
  const { plan, tools, profiles, records, provider, context } = options;
  return {
    async run(request, signal): Promise<AttemptOutcome> {
      const task = plan.tasks[request.task] as Plan['tasks'][number];
      const inputs = new Map<string, string>();
      for (const dep of task.deps) {
        const answer = request.answers?.get(dep);
        if (answer !== undefined) inputs.set(dep, answer);
      }
      const profile = profiles[request.profile] as ProfileSpec;
      const events: { after: number; body: EventBody }[] = [];
      let turn = 0;
      const result = await runAgent({
        provider,
        profile: {
          name: request.profile,
          model: records[request.profile]?.model ?? provider.name,
          systemPrompt: request.brief?.system
            ? `${profile.systemPrompt}\n\nYour role, as the orchestrator put it: ${request.brief.system}`
            : profile.systemPrompt,
          allowed: profile.allowedTools,
          maxOutputTokens: profile.maxOutputTokens,
        },
        subtask: briefed(task.subtask(inputs), request.brief?.prompt),
        tools,
        strategy: makeContextStrategy(context),
        limits: { maxSteps: request.maxSteps },
        ...(signal ? { signal } : {}),
        onEvent: (body) => {
          if (body.type === 'llm.turn') turn++;
          events.push({ after: Math.max(1, turn), body });
        },
        subagent: request.subagent,
        attempt: request.attempt,
        // Each attempt draws afresh; the same attempt of the same run draws the same.
        seed: hashString(`attempt ${request.attempt}`, request.seed),
      });
      return {
        steps: result.steps,
        ok: result.ok,
        ...(result.error !== undefined ? { error: `${result.stop}: ${result.error}` } : {}),
        ...(final.has(result.stop) || result.final ? { retryable: false } : {}),
        usage: result.usage,
        ...(result.answer !== undefined ? { answer: result.answer } : {}),
        events,
      };
    },
  };
}

/** The subtask with the orchestrator's instructions after it (the subtask itself stays as written). */
function briefed(subtask: Subtask, note: string | undefined): Subtask {
  return note ? { ...subtask, prompt: `${subtask.prompt}\n\nFrom the orchestrator: ${note}` } : subtask;
}

/** The task and its work items, as a model orchestrator is first told them. */
export function taskBrief(plan: Plan, query: string): TaskBrief {
  return {
    query,
    items: plan.tasks.map((t) => {
      const prompt = t.subtask(new Map()).prompt;
      return { id: t.id, prompt: prompt.length > 240 ? `${prompt.slice(0, 240)}…` : prompt, deps: t.deps };
    }),
  };
}

/** The whole task as one agent would be given it: the first user message of the single plan. */
export function queryOf<S extends TaskScenarioSpec, I extends ScenarioInstance>(
  kind: ScenarioKind<S, I>,
  instance: I,
): string {
  const whole = kind.plan(instance, 'single').tasks[0];
  return whole ? whole.subtask(new Map()).prompt : '';
}
