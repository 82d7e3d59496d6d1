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
import type { Grade } from '../trace/events';

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
export type PlanMode = 'single' | 'swarm' | 'peers';

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
  /**
   * The subtask, built when the task starts, from the final answers of its dependencies (by task
   * id). A dependency that failed or was skipped is absent from the map.
   */
  subtask(inputs: ReadonlyMap<string, string>): Subtask;
}

export interface Plan {
  readonly mode: PlanMode;
  readonly tasks: readonly PlannedTask[];
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
  /** Same spec, seed and size: the same instance, byte for byte. */
  generate(spec: S, seed: number, size: number): I;
  plan(instance: I, mode: PlanMode): Plan;
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
}
