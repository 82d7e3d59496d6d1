import type { Cpm } from '../graph/cpm';
import type { TaskGraph } from '../graph/types';
import type {
  ActionRecord,
  DecisionLog,
  EventBody,
  Observation,
  PlanMode,
  PlayMode,
  PolicyChoice,
  TraceEvent,
} from '../trace/events';
import type { ProfilePrice } from '../trace/metrics';
import type { Preference } from '../trace/preference';
import type { RunConfig } from './config';
import type { AttemptRequest } from './ports';

/** An orchestrator action (docs/architecture.md, the method; the report's create_subagent / assign_task, and the run controls). */
export type Action = ActionRecord;

export interface PolicyContext {
  readonly graph: TaskGraph;
  readonly config: RunConfig;
  /** CPM of the graph with the main step cost as per-task overhead. */
  readonly cpm: Cpm;
  /** Tasks still to do (not yet in a terminal state), for a replan. */
  readonly remaining?: (task: number) => boolean;
}

/** What a policy may read when it decides: the run as it stands at step-time `t`. */
export interface RunView {
  readonly t: number;
  /** The scenario kind of the run: a task scenario's kind (scenarios/registry.ts), or `graph`. */
  readonly kind: string;
  readonly graph: TaskGraph;
  readonly config: RunConfig;
  readonly readyCount: number;
  readonly runningCount: number;
  /** Tasks by state and subagents, as the step event records them. */
  readonly observation: Observation;
  /** Subagents alive and not working on anything. */
  readonly idleCount: number;
  readonly subagentCount: number;
  /** How many more tasks could start now without passing maxConcurrentSubagents. */
  readonly freeSlots: number;
  /**
   * How full the orchestrator's context is with the answers merged so far (0…1; 0 without an
   * orchestrator model). The engines the agents share are `config.engines`.
   */
  readonly contextFill: number;
  /**
   * Step-time the planner estimates the work still open needs, along its longest chain (the
   * critical-path bottom levels of the unfinished tasks): what "time runs short" is measured by.
   */
  remainingPath(): number;
  /** The task as the plan decision saw it: kind, units of work, engines and budget. */
  readonly task: PlanView;
  /** The ready tasks in the runtime's priority order (the policy's own ranking), at most k. */
  topReady(k: number): string[];
  /** Idle subagents, lowest id first, at most k; only those of `profile` when it is given. */
  idleSubagents(k: number, profile?: string): string[];
  /** Attempts that ended so far on subagents of this profile. */
  profileOutcomes(profile: string): { readonly finished: number; readonly failed: number };
  /**
   * The profile of a ready task's last attempt, which failed (it waits for a retry); undefined
   * for a task not tried yet.
   */
  failedProfile(task: string): string | undefined;
  /**
   * Whether a ready task is a spare replica (a replica after its part's first, not tried yet, of a
   * swarm cut into replicas that vote): running it adds a vote; `give_up` drops it.
   */
  spareReplica(task: string): boolean;
  /** The ids a `spawn` of n subagents made now would create. */
  nextSubagentIds(n: number): string[];
}

/** What a policy sees of a task before it is split: the first decision, single or swarm. */
export interface PlanView {
  readonly kind: string;
  /** Units of work: rows, questions, functions, sections. */
  readonly size: number;
  /** Model engines the agents will share (Infinity: one each). */
  readonly engines: number;
  /** The critical-steps budget (Infinity: none). */
  readonly maxCriticalSteps: number;
  /**
   * How hard the task looks on reading it, 0…1: the simulated world's hidden difficulty, off by
   * up to ±0.15 (docs/simulator.md, Difficulty). 0 when the world draws none.
   */
  readonly difficultyCue: number;
  /**
   * The run's seed, where the view comes from a run (not part of any feature): a sampling learned
   * policy keys its draws by it, so the same run draws alike.
   */
  readonly seed?: number;
  /**
   * The user's cost and time preference (trace/preference.ts) when it is not the default: a
   * policy trained with preference inputs reads it; absent is {cost: 1, time: 1}.
   */
  readonly preference?: Preference;
  /**
   * The per-token prices of the profiles a task run is priced with (its config's, from the profile
   * table it was given): a policy trained with price inputs reads them (learning/price-features.ts).
   * Absent for a graph run, which has no profile table of its own.
   */
  readonly prices?: Readonly<Record<string, ProfilePrice>>;
  /**
   * How a swarm may cut this kind (scenarios/cut.ts): units per shard (the file's own and the
   * most accepted), and whether its parts' answers can vote. Absent: neither.
   */
  readonly cuts?: {
    readonly shard?: { readonly default: number; readonly max: number };
    readonly vote: boolean;
  };
}

/**
 * What a deliberating policy plans a task from before it is split (`Deliberation.plan`): the plan
 * view, and what the composition root will accept, so a model's choice is checked in its words.
 */
export interface PlanQuestion {
  readonly view: PlanView;
  /** The plan modes the task can run in (its kind's formations). */
  readonly modes: readonly PlanMode[];
  /** The most replicas a votable part may have. */
  readonly maxReplicas: number;
  /** The run's seed: a model's turn is keyed by it, so the same run plans alike. */
  readonly seed: number;
  /** Why prepareRun would refuse this decision, in its words; undefined when it accepts it. */
  problem(decision: PlanDecision): string | undefined;
}

/**
 * A plan decision: the mode, and for a swarm how it is cut: units of work per shard (the kind's
 * own when absent) and replicas per votable part (1 when absent).
 */
export interface PlanDecision {
  readonly mode: PlanMode;
  readonly shard?: number;
  readonly replicas?: number;
}

/** The plan decision a policy runs a task with: its per-task choice, its fixed plan, or the swarm's. */
export function planDecisionOf(policy: Policy, view?: PlanView): PlanDecision {
  const chosen = view && policy.planFor?.(view);
  if (chosen !== undefined) return typeof chosen === 'string' ? { mode: chosen } : chosen;
  return { mode: policy.plan ?? 'swarm' };
}

/** What prepareRun takes as `plan` for a policy: its choice, made once the instance is drawn. */
export const planChooser =
  (policy: Policy) =>
  (view: PlanView): PlanDecision =>
    planDecisionOf(policy, view);

/**
 * The port every orchestrator decision goes through. `prioritize` ranks tasks once per plan;
 * `decide` is asked whenever the orchestrator wakes. Learned policies plug in here unchanged.
 */
export interface Policy {
  readonly name: string;
  /**
   * How a task scenario is split for this policy: `single` gives one agent the whole task in one
   * context (the baseline), `swarm` the scenario's decomposition. Graph scenarios ignore it.
   * @default 'swarm'
   */
  readonly plan?: PlanMode;
  /** The checkpoint a trained policy was loaded from (`sha256:` of its canonical JSON), for the trace header. */
  readonly checkpoint?: string;
  /**
   * A learned policy: whether it reads the run's cost and time preference (PlanView.preference).
   * `false` (weights trained before preference inputs) plays the default preference only, and a
   * run asking it for another is refused (preferenceRefusal). Absent: a programmed policy, which
   * plays the same way whatever the preference (the reward it is scored by still follows it).
   */
  readonly preferenceInputs?: boolean;
  /**
   * A learned policy: whether it reads the run's price table (PlanView.prices). `false` (trained
   * without sampled price tables) plays the reference prices only, and a run under other prices is
   * refused (priceRefusal). Absent: a programmed policy, which plays alike under any prices.
   */
  readonly priceInputs?: boolean;
  /**
   * The plan decided per task, before the run (single or swarm, and a swarm's shard size and
   * replicas), from what the orchestrator sees of the task then: its kind, its size, the engines,
   * the budget and what the kind allows to be cut. Overrides `plan` where given.
   */
  planFor?(view: PlanView): PlanMode | PlanDecision;
  /**
   * A learned policy's choices at its last `decide` (or, with `plan`, its last `planFor`), with
   * their probabilities: the runtime records them in the trace. Undefined: nothing to record.
   */
  explain?(which: 'decide' | 'plan'): readonly PolicyChoice[] | undefined;
  /** How a learned policy chooses, greedy or by sampling: the trace header says which acted. */
  readonly play?: PlayMode;
  /** Each learned head's options, by head: the trace header names a DecisionLog's entries with them. */
  readonly decisionOptions?: Readonly<Record<string, readonly string[]>>;
  /**
   * The last decision (or plan) in full — features, distributions, the choices that act alike —
   * for off-policy evaluation; undefined when the policy does not log them.
   */
  logDecision?(which: 'decide' | 'plan'): DecisionLog | undefined;
  /** A score per task, higher first; ties are broken by id. */
  prioritize(ctx: PolicyContext): Float64Array;
  decide(view: RunView): Action[];
  /**
   * A policy that thinks asynchronously, as a model does (`llm`). The driver awaits it before
   * every decision; `decide` then returns what it settled on.
   */
  readonly deliberation?: Deliberation;
}

/** What the task looks like to an orchestrator that reads: the whole query and its work items. */
export interface TaskBrief {
  readonly query: string;
  readonly items: readonly {
    readonly id: string;
    readonly prompt: string;
    readonly deps: readonly string[];
  }[];
}

/** What an orchestrator told a subagent: its role (create_subagent) and its instructions (assign_task). */
export interface SubagentBrief {
  readonly system?: string;
  readonly prompt?: string;
  /** Messages other agents sent this one (`communicate`), for a peer of a decentralized run. */
  readonly board?: string;
}

/**
 * The hooks of a deliberating policy. Every hook is called in step-time order by the driver, so a
 * run stays deterministic whatever the wall-clock order of the work underneath.
 */
export interface Deliberation {
  /**
   * Before the task is split (task scenarios): think about the plan, as `planFor` decides it for
   * a policy that does not deliberate. prepareRun is synchronous, so whoever builds the run awaits
   * this first (run/plan-turn.ts) and builds it with the decision. The events of the thinking are
   * recorded with the run's first decision (`deliberate`'s). Must not reject on a model's failure:
   * it resolves with a plan the question accepts.
   */
  plan?(question: PlanQuestion, signal?: AbortSignal): Promise<PlanDecision>;
  /** Before the run: the task as a user stated it and its work items (task scenarios). */
  begin(task: TaskBrief): void;
  /**
   * Before a decision at `view.t`: think (call the model) and settle the actions `decide` will
   * return. Resolves with the events of the thinking (its llm turns and tool calls) to record
   * before the decision. Must not reject on a model's failure: that is an outcome to record.
   */
  deliberate(view: RunView, signal?: AbortSignal): Promise<readonly EventBody[]>;
  /** Every event the run records, in order. */
  observe(event: TraceEvent): void;
  /** An attempt's final answer, once the attempt is over (shown to the model only once the task is done). */
  answered(taskId: string, answer: string): void;
  /** What the orchestrator told the subagent running this attempt, if anything. */
  brief(request: AttemptRequest): SubagentBrief | undefined;
}
