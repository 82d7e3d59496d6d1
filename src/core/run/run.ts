/**
 * Runs a prepared run (prepare.ts) under one policy: the runtime schedules its graph, and for a
 * task scenario every attempt is an agent loop over the provider (here, or in a pool of workers
 * built from the same setup). The trace, the metrics and the grade come out alike for both kinds.
 */

import type { ContextSpec } from '../agents/context/registry';
import type { ToolRegistry } from '../agents/tools';
import type { AttemptHooks } from '../healing/hooks';
import type { Policy, TaskBrief } from '../policy/types';
import type { Provider } from '../providers/types';
import { GRAPH_STEP_MS, type Pace } from '../runtime/pace';
import type { AsyncExecutor, AttemptProgress, Clock } from '../runtime/ports';
import type { SimulateResult } from '../runtime/run-options';
import { simulate, simulateAsync } from '../runtime/simulate';
import { votedView } from '../scenarios/cut';
import type { TaskScenarioSpec } from '../scenarios/registry';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { Plan, ScenarioInstance, ScenarioKind, ScenarioPorts } from '../scenarios/types';
import type { TraceEvent } from '../trace/events';
import type { TeamPlanRecord, TraceHeader } from '../trace/header';
import type { MetricsAccumulator } from '../trace/metrics';
import { modelWallMs } from '../trace/model-time';
import { realizedPath } from '../trace/realized-path';
import { SIMULATED } from '../trace/simulated-id';
import { runAnswer } from './final-answer';
import { prepareRunFor } from './plan-turn';
import type { PreparedRun, PreparedTaskRun } from './prepare';
import { type RoledTask, requestGrade } from './request-plan';
import { subagentExecutor } from './subagent';
import { rolesByTask, withTeamRoles } from './team-roles';

export { scenarioConfig } from './scenario-config';

export interface RunOptions {
  readonly policy: Policy;
  /** The subagents' model (task scenarios); its name is the header's provider. */
  readonly provider?: Provider;
  readonly ports?: ScenarioPorts;
  /**
   * Runs the attempts somewhere else (a pool of Web Workers built from `run.setup`); by default
   * task attempts run here, through `subagentExecutor`, and graph attempts are simulated.
   */
  readonly executor?: AsyncExecutor;
  readonly clock?: Clock;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: TraceEvent) => void;
  readonly onHeader?: (header: TraceHeader) => void;
  /** Running attempts' progress, turn by turn (runtime/ports.ts AttemptProgress): for a live view. */
  readonly onProgress?: (progress: AttemptProgress) => void;
  readonly keepEvents?: boolean;
  /** The run's metrics, to read while it goes on; one is made when absent. */
  readonly metrics?: MetricsAccumulator;
  /**
   * Wall time for a run people watch: orchestrator decisions take one turn of thought each (the
   * default profile's `outputTokensPerStep` × `wallMsPerToken`; a second for a graph) at this
   * pace. The subagents' model and executor are paced on their own side (see runtime/pace.ts).
   */
  readonly pace?: Pace;
  /**
   * The team plan that chose this formation (a routed run): recorded in the trace header, and its
   * worker roles given to the agents (team-roles.ts).
   */
  readonly plan?: TeamPlanRecord;
  /**
   * Changes the subagents' tools for this run when they run here (a test's or a chaos run's
   * poisoned documents: tools/injected.ts). Ignored with an `executor`.
   */
  readonly wrapTools?: (tools: ToolRegistry) => ToolRegistry;
  /**
   * Watches and may stop each attempt from inside when the subagents run here: a chaos run's
   * faults and the self-healing loop (healing/). Ignored with an `executor`.
   */
  readonly hooks?: AttemptHooks;
}

export interface ScenarioRunResult extends SimulateResult {
  readonly plan: Plan;
}

export async function runPrepared(run: PreparedTaskRun, options: RunOptions): Promise<ScenarioRunResult>;
export async function runPrepared(run: PreparedRun, options: RunOptions): Promise<SimulateResult>;
export async function runPrepared(
  run: PreparedRun,
  options: RunOptions,
): Promise<SimulateResult | ScenarioRunResult> {
  const { policy } = options;
  const common = {
    graph: run.graph,
    config: run.config,
    policy,
    scenario: run.scenario,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.onHeader ? { onHeader: options.onHeader } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.keepEvents !== undefined ? { keepEvents: options.keepEvents } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.pace ? { pace: options.pace, decisionMs: decisionMs(run) } : {}),
  };
  if (run.type === 'graph') {
    // With no executor, every attempt is simulated from its spec at once: no need to await.
    return options.executor ? simulateAsync({ ...common, executor: options.executor }) : simulate(common);
  }
  const provider = options.provider;
  if (!provider) throw new Error(`the ${run.scenario.kind} scenario needs a provider for its subagents`);
  const ports = options.ports ?? {};
  const base = options.executor ?? subagentExecutor(run, provider, ports, options.wrapTools, options.hooks);
  const deliberation = policy.deliberation;
  // An own request's plan names each task's role already (request-plan.ts).
  let executor =
    options.plan && !run.spec.request ? withTeamRoles(base, run.plan, options.plan.workers) : base;
  if (deliberation) {
    // A model orchestrator reads the task and its work items, briefs each subagent it assigns,
    // and hears each answer.
    deliberation.begin(taskBrief(run.plan, run.query));
    const inner = executor;
    executor = {
      async run(request, signal) {
        const brief = deliberation.brief(request);
        const given = brief ? { ...request, brief: { ...request.brief, ...brief } } : request;
        const outcome = await inner.run(given, signal);
        if (outcome.ok && outcome.answer !== undefined) deliberation.answered(request.taskId, outcome.answer);
        return outcome;
      },
    };
  }
  const { kind, instance, plan } = run;
  const result = await simulateAsync({
    ...common,
    config: mergedBy(run, provider.name),
    executor,
    provider: provider.name,
    profiles: run.records(provider.name),
    context: run.context,
    size: instance.size,
    query: run.query,
    ...(options.plan ? { plan: options.plan } : {}),
    grade: (_state, answers) => {
      // An own request: the kind's own rubric for one where it has one, else completion.
      if (run.spec.request)
        return kind.gradeRequest?.(run.spec.request, plan, answers) ?? requestGrade(plan, answers);
      // Replicas' answers vote first: the grader reads one answer per part of the kind's plan.
      const voted = votedView(plan, answers);
      return kind.grade(instance, voted.plan, voted.answers, ports);
    },
    planMode: plan.mode,
    ...(run.cut ? { planCut: run.cut } : {}),
    roles: taskRoles(run, options.plan),
    ...(run.spec.request ? { ownRequest: true, request: run.spec.request } : {}),
    answer: (answers) => runAnswer(run, answers),
  });
  return { ...result, plan };
}

/**
 * The orchestrator's merge as the simulator models it (docs/simulator.md, "Merging fills the
 * orchestrator's context") loses answers at random as its context fills. That stands for a
 * simulated orchestrator only: a real model's run keeps every answer its agents gave (a real
 * orchestrator's context is its own), and an own request's merge is a task of the team, whose
 * answer is the one shown. Briefs still cost what they cost.
 */
function mergedBy(run: PreparedTaskRun, provider: string): PreparedTaskRun['config'] {
  const model = run.config.orchestrator;
  if (!model || (provider === SIMULATED && !run.spec.request)) return run.config;
  return { ...run.config, orchestrator: { ...model, mergeError: 0, window: Number.POSITIVE_INFINITY } };
}

/** Task id → role: an own request's plan names them; a team plan's roles are matched by depth. */
export function taskRoles(run: PreparedTaskRun, team?: TeamPlanRecord): Record<string, string> {
  if (run.spec.request)
    return Object.fromEntries(
      run.plan.tasks.flatMap((t) => ((t as Partial<RoledTask>).role ? [[t.id, (t as RoledTask).role]] : [])),
    );
  return team ? Object.fromEntries(rolesByTask(run.plan, team.workers)) : {};
}

/** Model time of one orchestrator step: a turn of thought of the run's default profile. */
/**
 * The run's wall-clock time by the latency model along its realized critical path (trace/model-time):
 * what `swarm bench` reports as `modelWallMs`.
 */
export function modelWallOf(run: PreparedRun, events: readonly TraceEvent[]): number {
  const path = realizedPath(events, run.config.mainStepCost);
  const profiles = run.type === 'task' ? run.profiles : {};
  const msPerOutputToken = Object.fromEntries(
    Object.entries(profiles).map(([name, p]) => [name, p.simulator?.wallMsPerToken ?? 0]),
  );
  return modelWallMs(events, path, {
    msPerOutputToken,
    decisionMs: decisionMs(run),
    ...(run.type === 'graph' ? { msPerStep: GRAPH_STEP_MS } : {}),
  });
}

function decisionMs(run: PreparedRun): number {
  if (run.type === 'graph') return GRAPH_STEP_MS;
  const sim = run.profiles[run.config.defaultProfile]?.simulator;
  return sim ? sim.outputTokensPerStep * sim.wallMsPerToken : 0;
}

export interface ScenarioRunOptions<S extends TaskScenarioSpec, I extends ScenarioInstance>
  extends Omit<RunOptions, 'provider'> {
  readonly kind: ScenarioKind<S, I>;
  readonly spec: S;
  readonly instance: I;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  readonly provider: Provider;
  /** Overrides the scenario's context strategy. */
  readonly context?: ContextSpec;
  /** Overrides the scenario's profile for every agent. */
  readonly profile?: string;
}

/**
 * One instance under one policy: `prepareRunFor` (the policy's plan, its plan turn awaited) then
 * `runPrepared`, for callers that hold an instance.
 */
export async function runScenario<S extends TaskScenarioSpec, I extends ScenarioInstance>(
  options: ScenarioRunOptions<S, I>,
): Promise<ScenarioRunResult> {
  const { spec, instance, policy, profiles } = options;
  const run = await prepareRunFor(
    policy,
    {
      scenario: { type: 'task', spec, instance },
      seed: instance.seed,
      profiles,
      overrides: {
        ...(options.profile ? { profile: options.profile } : {}),
        ...(options.context ? { context: options.context } : {}),
      },
    },
    options.signal,
  );
  return runPrepared(run, options);
}

/** The task and its work items, as a model orchestrator is first told them. */
export function taskBrief(plan: Plan, query: string): TaskBrief {
  return {
    query,
    items: plan.tasks.map((t) => {
      // An own request's part, without the request the orchestrator has just read as the task.
      const prompt = (t as Partial<RoledTask>).part ?? t.subtask(new Map()).prompt;
      return { id: t.id, prompt: prompt.length > 240 ? `${prompt.slice(0, 240)}…` : prompt, deps: t.deps };
    }),
  };
}
