import type * as v from 'valibot';
import type { Player } from '../providers/player';
import type { Problem } from './spec-fields';

/**
 * What every task scenario kind (those registry.ts lists) provides to the runner: an
 * instance generator, the decomposition each orchestrator uses, the tools its subagents get, the
 * simulated model's behaviour on its subtasks, and a grader. Graph scenarios are pure scheduling
 * and do not go through here.
 */

import type { Subtask } from '../agents/loop';
import type { ToolRegistry } from '../agents/tools';
import type { KnowledgeSearch } from '../tools/knowledge';
import type { CodeSandbox } from '../tools/sandbox';
import type { Grade, PlanMode } from '../trace/events';
import type { OwnRequest } from './own-request';

/** What the outside world lends a scenario: a sandbox for coding, the user's knowledge base for rag-qa. */
export interface ScenarioPorts {
  readonly sandbox?: CodeSandbox;
  readonly knowledge?: KnowledgeSearch;
}

/**
 * How a policy splits the task. `single`: one subtask holding the whole task, for the one-agent
 * baseline (one agent, one context). `swarm`: the scenario's own decomposition, for orchestrators.
 * `peers`: a decentralized team with no orchestrator, in rounds (only the kinds that list it in
 * `formations` have one).
 */
export type { PlanMode };

export interface PlannedTask {
  readonly id: string;
  readonly deps: readonly string[];
  /**
   * Steps the planner expects the task to take. Priorities (critical path) use it; the real cost
   * is the number of turns the agent takes.
   */
  readonly estimatedSteps: number;
  /** Profile that runs it; the run's default profile when absent. */
  readonly profile?: string;
  /** The part it is one replica of, when the swarm's parts run as replicas that vote (cut.ts). */
  readonly replicaOf?: string;
  /**
   * The subtask, built when the task starts, from the final answers of its dependencies (by task
   * id). A dependency that failed or was skipped is absent from the map.
   */
  subtask(inputs: ReadonlyMap<string, string>): Subtask;
}

export interface Plan {
  readonly mode: PlanMode;
  readonly tasks: readonly PlannedTask[];
  /** Set when its parts run as replicas that vote (cut.ts): the kind's own plan and the vote. */
  readonly replicated?: Replicated;
}

export interface ScenarioInstance {
  /** The scenario file's id. */
  readonly scenario: string;
  readonly seed: number;
  /** Rows, hops or functions: what `--size` sets. */
  readonly size: number;
  /** The whole task as a user would state it. */
  readonly prompt: string;
}

/** One scenario kind's behaviour. `S` is its validated file, `I` an instance. */
export interface ScenarioKind<S, I extends ScenarioInstance> {
  readonly kind: string;
  /**
   * Its own scenario file, unparsed (`scenarios/<kind>.json`, imported by the kind): the file the
   * API, the CLI's `--scenario <kind>` and the page's card run. Checked by `schema` where it is read.
   */
  readonly file: unknown;
  /**
   * The simulated model's players for its subtasks, by descriptor kind: loaded when a simulated
   * model plays (a worker, the CLI), not with the page that only prepares runs (players.ts).
   */
  players(): Promise<Readonly<Record<string, Player>>>;
  /** Its file's schema (`<kind>/spec.ts`): a strict object whose `kind` is this kind. */
  readonly schema: v.GenericSchema<unknown, S>;
  /** Checks across a well-shaped file's fields, each problem naming its field. */
  check?(spec: S): Problem[];
  /** Same spec, seed and size: the same instance, byte for byte. */
  generate(spec: S, seed: number, size: number): I;
  /** Its decomposition; a swarm's `cut` is within what `cuts` allows (replicas are added by cut.ts). */
  plan(instance: I, mode: PlanMode, cut?: PlanCut): Plan;
  /** How a swarm may cut it: units per shard, and parts whose replicas vote (cut.ts). None by default. */
  readonly cuts?: CutRules<S>;
  /** The tools its subagents may call (each profile's `allowed` list picks among them). */
  tools(instance: I, ports: ScenarioPorts): ToolRegistry;
  /**
   * Scores the run from the final answers of its tasks (by task id; a task with no answer is
   * absent). Never throws on a bad answer: an answer that does not parse scores 0.
   */
  grade(instance: I, plan: Plan, answers: ReadonlyMap<string, string>, ports: ScenarioPorts): Promise<Grade>;
  /**
   * Tools of the scenario's own work that every profile may call here, whatever its
   * `allowedTools` (a writer's draft pad, the knowledge base): a profile's list names what it may
   * do in the world, and these are how this kind of task is done at all.
   */
  readonly ownTools?: readonly string[];
  /**
   * The team's answer when it is more than its last tasks' answers put together (a decentralized
   * team's vote); `finalAnswer` by default.
   */
  teamAnswer?(instance: I, plan: Plan, answers: ReadonlyMap<string, string>): string | undefined;
  /** The plan modes this kind can split into. @default ['single', 'swarm'] */
  readonly formations?: readonly PlanMode[];
  /**
   * The formation its requests run in when nothing says otherwise: the router's default topology
   * for it and the formation its gallery card opens on (registry.ts, `defaultFormationOf`).
   * @default 'peers' when `formations` has them, else 'swarm'
   */
  readonly defaultFormation?: PlanMode;
  /**
   * Grades a run of the user's own request of this kind (the plan is the request's: run/request-plan.ts),
   * from its tasks' final answers. Without it an own request is graded on completion only.
   */
  gradeRequest?(request: OwnRequest, plan: Plan, answers: ReadonlyMap<string, string>): Grade;
  /** What its quality number measures (docs/metrics.md): the Quality card's words. */
  readonly quality: QualityWords;
  /**
   * The roles its team is made of (its own kinds of subtask), as a router's team plan names them:
   * the manager who splits and merges, the workers in the order the work needs them, the role a
   * single agent plays, and the peers of a decentralized team.
   */
  readonly roles: TeamRoles;
  /** What one unit of its size is ("rows", "hops", "functions"…), for help and forms. */
  readonly unit: string;
  /**
   * CPU ms the simulator takes per unit of size (a CPU profile of training): how `swarm train`
   * hands a batch's episodes out, longest first. @default 1
   */
  readonly simulatedMsPerUnit?: number;
  /** What a host must lend a run of this file (a code sandbox, the user's knowledge base); nothing by default. */
  needs?(spec: S): KindNeeds;
  /** This file asking the user's own question, for a kind whose file can ask one. */
  withQuestion?(spec: S, question: string): S;
  /** How the passages its answers cite are looked up, when it cites any the instance holds. */
  citations?(instance: I, ports: ScenarioPorts): PassageLookup | undefined;
}

export interface TeamRoles {
  readonly manager: string;
  readonly workers: readonly string[];
  readonly single: string;
  readonly peers: readonly string[];
}

/** A quality measure in words: its name, and how the number is made (naming criteria when given). */
export interface QualityWords {
  readonly name: string;
  how(criteria?: Readonly<Record<string, number>>): string;
}

export interface KindNeeds {
  readonly sandbox?: boolean;
  readonly knowledgeBase?: boolean;
}

/** A cited passage's text by its file and chunk number; undefined when there is none. */
export type PassageLookup = (source: string, chunk: number) => Promise<string | undefined>;

// A swarm's cut beyond the kind's own plan (cut.ts has how plans are cut and how replicas vote).

/** A swarm's cut: units of work per shard, and replicas per votable part (1: no vote). */
export interface PlanCut {
  readonly shard?: number;
  readonly replicas?: number;
}

/** What a kind allows to be cut, and how its parts' answers vote. */
export interface CutRules<S = unknown> {
  /** Units of work per shard: the file's own (its default) and the largest accepted. */
  readonly shard?: { default(spec: S): number; readonly max: number };
  readonly vote?: VoteRule;
}

export interface VoteRule {
  /** Whether this task of the swarm's plan may run as replicas whose answers vote. */
  votes(task: PlannedTask): boolean;
  /** The part's answer from its replicas' answers (one or more, in replica order). */
  vote(answers: readonly string[]): string;
}

/** A plan whose parts run as replicas: the kind's own plan and how the replicas' answers vote. */
export interface Replicated {
  readonly base: Plan;
  readonly replicas: number;
  /** Answers by the graph's task ids → answers by the base plan's, each voted part once. */
  votedAnswers(answers: ReadonlyMap<string, string>): ReadonlyMap<string, string>;
}
