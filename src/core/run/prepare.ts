/**
 * The composition root of a run: everything a run is made of, built once, from the scenario, the
 * seed, the size and the caller's overrides. The page, `swarm bench`, training and a subagent
 * worker all start here, so a run is put together in one place: the instance is generated once,
 * planned once, its graph validated once, and the tools (a search index, a sandbox) are built only
 * by whoever runs the subagents. docs/architecture.md walks a run from here.
 */

import type { ContextSpec } from '../agents/context/registry';
import { makeContextStrategy } from '../agents/context/registry';
import type { ToolRegistry } from '../agents/tools';
import { lowerBound } from '../graph/cpm';
import type { GraphScenario, TaskGraph } from '../graph/types';
import { graphOrThrow } from '../graph/validate';
import type { HealingSetup } from '../healing/setup';
import {
  type Budgets,
  type FailurePolicy,
  type JoinMode,
  makeConfig,
  type RunConfig,
} from '../runtime/config';
import type { PlanDecision } from '../runtime/policy-port';
import { cutProblem, type PlanCut, replicate } from '../scenarios/cut';
import { profileHashSync } from '../scenarios/profiles';
import type { TaskScenarioSpec } from '../scenarios/registry';
import { scenarioKinds } from '../scenarios/registry';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { Plan, PlanMode, ScenarioInstance, ScenarioKind, ScenarioPorts } from '../scenarios/types';
import type { ProfileRecord } from '../trace/header';
import { isDefaultPreference, type Preference } from '../trace/preference';
import { formationProblem } from './formations';
import { instanceDifficulty, type PlanChooser, planView } from './instance-world';
import { requestPlan } from './request-plan';
import { pricesOf, scenarioConfig } from './scenario-config';

// biome-ignore lint/suspicious/noExplicitAny: each kind is typed by its own spec; a prepared run erases it.
type AnyKind = ScenarioKind<any, ScenarioInstance>;

/** What the caller may change of a scenario file for one run (the page's settings, bench flags). */
export interface RunOverrides {
  readonly join?: JoinMode;
  readonly failurePolicy?: FailurePolicy;
  readonly budgets?: Partial<Budgets>;
  /** The profile every agent uses (task scenarios). */
  readonly profile?: string;
  /** The context strategy every agent uses (task scenarios). */
  readonly context?: ContextSpec;
  /** The user's cost and time preference (trace/preference.ts): scales the reward's μ and η. */
  readonly preference?: Preference;
}

export type RunScenario =
  | {
      readonly type: 'task';
      readonly spec: TaskScenarioSpec;
      /**
       * An instance already generated from this spec (bench runs every policy on one); its seed
       * and size then stand for the run's.
       */
      readonly instance?: ScenarioInstance;
    }
  | {
      readonly type: 'graph';
      readonly graph: GraphScenario | TaskGraph;
      /** The scenario as the trace header names it; the graph's own id when absent. */
      readonly scenario?: { readonly id: string; readonly kind: 'graph'; readonly title?: string };
    };

export interface RunInput {
  readonly scenario: RunScenario;
  readonly seed: number;
  /** Rows, hops or functions; the scenario's default when absent. Graph scenarios ignore it. */
  readonly size?: number;
  /** How the policy splits the task (`Policy.plan`), and a swarm's cut. @default 'swarm' */
  readonly plan?: PlanMode | PlanDecision | PlanChooser;
  /** The frozen profiles the agents run with (task scenarios). */
  readonly profiles?: Readonly<Record<string, ProfileSpec>>;
  readonly overrides?: RunOverrides;
}

interface PreparedCommon {
  readonly seed: number;
  /** The validated task graph the runtime schedules (a task scenario's plan, as a graph). */
  readonly graph: TaskGraph;
  readonly config: RunConfig;
  /** The trace header's scenario. */
  readonly scenario: { readonly id: string; readonly kind: string; readonly title?: string };
  /**
   * max(critical path, ⌈(total + n·S_main) / P⌉) of the planned graph, P = min(tasks, concurrency):
   * computed on first use (the page shows it; bench and training never ask).
   */
  lowerBound(): number;
}

export interface PreparedGraphRun extends PreparedCommon {
  readonly type: 'graph';
}

export interface PreparedTaskRun extends PreparedCommon {
  readonly type: 'task';
  /** The scenario file with the run's overrides applied. */
  readonly spec: TaskScenarioSpec;
  readonly kind: AnyKind;
  readonly instance: ScenarioInstance;
  readonly plan: Plan;
  /** A swarm's cut beyond the kind's own decomposition (scenarios/cut.ts), when there is one. */
  readonly cut?: PlanCut;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  /** Profile name → `sha256:…` of its definition. */
  readonly profileHashes: Readonly<Record<string, string>>;
  readonly context: ContextSpec;
  /** The whole task as one agent would be given it. */
  readonly query: string;
  /** The run as plain data, for a subagent on another thread to rebuild it byte for byte. */
  readonly setup: SubagentSetup;
  /** Model and hash of each profile under this provider, as the trace header records them. */
  records(provider: string): Record<string, ProfileRecord>;
  /** The subagents' tools, built on each call: only whoever runs the subagents needs them. */
  tools(ports: ScenarioPorts): ToolRegistry;
  /** How hard this instance is, 0…1 (instanceDifficulty): the simulated provider reads it. */
  readonly difficulty: number;
}

export type PreparedRun = PreparedGraphRun | PreparedTaskRun;

/**
 * What a subagent needs to know to run any attempt of one run, as plain data that crosses a
 * thread (subagent-setup.ts rebuilds the run from it).
 */
export interface SubagentSetup {
  readonly scenario: TaskScenarioSpec;
  readonly seed: number;
  readonly size: number;
  readonly plan: PlanMode;
  /** The swarm's cut, when there is one: the plan is rebuilt with it. */
  readonly cut?: PlanCut;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  readonly context: ContextSpec;
  /** The self-healing loop (and a chaos run's faults) the subagents run under, if any. */
  readonly healing?: HealingSetup;
}

/** Builds a run. Throws, naming what is wrong, on an unknown profile, a bad context or a bad graph. */
export function prepareRun(
  input: RunInput & { readonly scenario: { readonly type: 'task' } },
): PreparedTaskRun;
export function prepareRun(input: RunInput): PreparedRun;
export function prepareRun(input: RunInput): PreparedRun {
  return input.scenario.type === 'task'
    ? prepareTaskRun(input, input.scenario.spec, input.scenario.instance)
    : prepareGraphRun(input, input.scenario);
}

function prepareGraphRun(
  input: RunInput,
  scenario: Extract<RunScenario, { type: 'graph' }>,
): PreparedGraphRun {
  // A graph has no peers to take turns: only an orchestrator's plan runs it.
  const graph = isTaskGraph(scenario.graph) ? scenario.graph : graphOrThrow(scenario.graph);
  const decision = decisionOf(
    typeof input.plan === 'function'
      ? input.plan({
          kind: 'graph',
          size: graph.n,
          engines: Number.POSITIVE_INFINITY,
          maxCriticalSteps: input.overrides?.budgets?.maxCriticalSteps ?? Number.POSITIVE_INFINITY,
          difficultyCue: 0,
        })
      : input.plan,
  );
  const mode = decision.mode;
  const problem =
    mode === 'peers' ? formationProblem('graph', 'peers') : cutProblem('graph', undefined, cutOf(decision));
  if (problem) throw new Error(problem);
  const o = input.overrides ?? {};
  const config = makeConfig({
    seed: input.seed,
    ...(o.join ? { join: o.join } : {}),
    ...(o.failurePolicy ? { failurePolicy: o.failurePolicy } : {}),
    ...(o.budgets ? { budgets: o.budgets } : {}),
  });
  return {
    type: 'graph',
    seed: input.seed,
    graph,
    config,
    scenario: scenario.scenario ?? { id: graph.id, kind: 'graph' },
    lowerBound: boundOf(graph, config),
  };
}

function prepareTaskRun(
  input: RunInput,
  file: TaskScenarioSpec,
  generated: ScenarioInstance | undefined,
): PreparedTaskRun {
  const o = input.overrides ?? {};
  const profiles = input.profiles ?? {};
  const spec = runSpec(file, o);
  const kind = scenarioKinds[spec.kind] as AnyKind;
  const instance = generated ?? kind.generate(spec, input.seed, input.size ?? spec.size.default);
  // The user's own request is planned from its team's roles; the sample instance is not run. It
  // is also the task the plan decides on: its units are the parts its swarm would have, and it
  // takes no cuts (planProblem).
  const own = spec.request;
  const preference = isDefaultPreference(o.preference) ? undefined : o.preference;
  const seen = own
    ? { ...planView(spec, instance), size: requestPlan(own, 'swarm', kind.roles).tasks.length }
    : planView(spec, instance, kind.cuts);
  // What the plan decision sees: the preference, and the prices the run will be priced with.
  const view = { ...seen, ...(preference ? { preference } : {}), prices: pricesOf(profiles) };
  const decision = decisionOf(typeof input.plan === 'function' ? input.plan(view) : input.plan);
  const mode = decision.mode;
  const cut = cutOf(decision);
  const cutting = Object.keys(cut).length > 0;
  const problem = planProblem(spec, decision);
  if (problem) throw new Error(problem);
  const plan = own ? requestPlan(own, mode, kind.roles) : cutPlan(kind, instance, mode, cut);
  const graph = graphOrThrow({
    kind: 'graph',
    id: `${spec.id}#${instance.seed}`,
    tasks: plan.tasks.map((t) => ({
      id: t.id,
      steps: t.estimatedSteps,
      deps: t.deps,
      ...(t.replicaOf !== undefined ? { replicaOf: t.replicaOf } : {}),
    })),
  });
  const defaultProfile = o.profile ?? spec.profile ?? 'medium';
  if (!Object.hasOwn(profiles, defaultProfile)) {
    throw new Error(`no profile "${defaultProfile}" (known: ${Object.keys(profiles).join(', ')})`);
  }
  // The single plan's one subtask is the whole task; a single-agent run has it already.
  const single = plan.mode === 'single' || own ? plan : kind.plan(instance, 'single');
  const query = own ? own.text.trim() : (single.tasks[0]?.subtask(new Map()).prompt ?? '');
  // Peers have no orchestrator: no main step between rounds, so a round costs its longest turn.
  const config = scenarioConfig(
    plan.mode === 'peers' ? { ...spec, mainStepCost: 0 } : spec,
    instance.seed,
    profiles,
    o.profile,
    { size: instance.size, mode: plan.mode, query },
    preference,
  );
  const context = o.context ?? spec.context ?? { name: 'hide-tool-result' };
  // Made once: a bad option fails here, before any agent runs.
  makeContextStrategy(context);
  const hashes = hashesOf(profiles);
  const difficulty = instanceDifficulty(spec, instance.seed);
  return {
    type: 'task',
    seed: instance.seed,
    spec,
    kind,
    instance,
    plan,
    ...(cutting ? { cut } : {}),
    graph,
    config,
    profiles,
    profileHashes: hashes,
    context,
    query,
    scenario: { id: spec.id, kind: kind.kind, ...(spec.title ? { title: spec.title } : {}) },
    setup: {
      scenario: spec,
      seed: instance.seed,
      size: instance.size,
      plan: plan.mode,
      ...(cutting ? { cut } : {}),
      profiles,
      context,
    },
    lowerBound: boundOf(graph, config),
    records: (provider) =>
      Object.fromEntries(
        Object.entries(profiles).map(([name, p]) => [
          name,
          { model: p.models[provider] ?? provider, hash: hashes[name] as string },
        ]),
      ),
    // The kind's tools work on its sample instance (a synthetic world, a given set of functions):
    // an own request is answered from the model's own knowledge, with no tools.
    tools: (ports) => (own ? {} : kind.tools(instance, ports)),
    difficulty,
  };
}

/** The scenario file with the run's overrides applied: what the run, and its plan view, read. */
export function runSpec(file: TaskScenarioSpec, o: RunOverrides): TaskScenarioSpec {
  return {
    ...file,
    ...(o.join ? { join: o.join } : {}),
    ...(o.failurePolicy ? { failurePolicy: o.failurePolicy } : {}),
    ...(o.budgets ? { budgets: { ...file.budgets, ...o.budgets } } : {}),
  };
}

/** Why a task run of `spec` cannot be planned as `decision`, in words; undefined when it can. */
export function planProblem(spec: TaskScenarioSpec, decision: PlanDecision): string | undefined {
  const kind = scenarioKinds[spec.kind] as AnyKind;
  const mode = decision.mode;
  const cutting = Object.keys(cutOf(decision)).length > 0;
  // An own request can be split into any formation (request-plan.ts); a kind's sample cannot.
  return spec.request
    ? cutting
      ? 'your own request is planned from its roles: it takes no shard size or replicas'
      : undefined
    : (formationProblem(kind.kind, mode) ??
        (cutting && mode !== 'swarm'
          ? `a ${mode} run is not cut: shard and replicas are for a swarm`
          : undefined) ??
        cutProblem(kind.kind, kind.cuts, cutOf(decision)));
}

/** A chooser's or caller's plan as a decision: a bare mode is a decision with no cut. */
function decisionOf(plan: PlanMode | PlanDecision | undefined): PlanDecision {
  if (plan === undefined) return { mode: 'swarm' };
  return typeof plan === 'string' ? { mode: plan } : plan;
}

/** The cut a decision asks for beyond the kind's own plan: no field for what it leaves as it is. */
function cutOf(decision: PlanDecision): PlanCut {
  return {
    ...(decision.shard !== undefined ? { shard: decision.shard } : {}),
    ...(decision.replicas !== undefined && decision.replicas !== 1 ? { replicas: decision.replicas } : {}),
  };
}

/** The kind's plan with the cut: its shards as the kind makes them, then the replicas that vote. */
function cutPlan(kind: AnyKind, instance: ScenarioInstance, mode: PlanMode, cut: PlanCut): Plan {
  const plan = kind.plan(instance, mode, cut.shard !== undefined ? { shard: cut.shard } : undefined);
  const vote = kind.cuts?.vote;
  return cut.replicas && vote ? replicate(plan, cut.replicas, vote) : plan;
}

function boundOf(graph: TaskGraph, config: RunConfig): () => number {
  let bound: number | undefined;
  return () => {
    const workers = Math.min(graph.n || 1, config.budgets.maxConcurrentSubagents);
    bound ??= lowerBound(graph, workers, config.mainStepCost);
    return bound;
  };
}

function isTaskGraph(graph: GraphScenario | TaskGraph): graph is TaskGraph {
  return 'topo' in graph;
}

// Profiles are frozen: a set of them hashes the same every time, so training's thousands of
// episodes (and a page's many runs) hash it once.
const hashCache = new WeakMap<object, Record<string, string>>();

function hashesOf(profiles: Readonly<Record<string, ProfileSpec>>): Record<string, string> {
  let hashes = hashCache.get(profiles);
  if (!hashes) {
    hashes = Object.fromEntries(Object.entries(profiles).map(([name, p]) => [name, profileHashSync(p)]));
    hashCache.set(profiles, hashes);
  }
  return hashes;
}
