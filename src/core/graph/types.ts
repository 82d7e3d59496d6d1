/** One task of a graph scenario, as written in its JSON file (docs/architecture.md, contracts). */
export interface TaskSpec {
  readonly id: string;
  /** Cost in steps: a whole number ≥ 0. */
  readonly steps: number;
  readonly deps: readonly string[];
  /** Chance that one attempt fails, in [0, 1]. */
  readonly failProbability?: number;
  /** Tool calls one attempt makes (counted against the tool-call budget). */
  readonly toolCalls?: number;
  /** Tokens one attempt reads and writes (counted against the token and cost budgets). */
  readonly tokensIn?: number;
  readonly tokensOut?: number;
  /** A value that may stand in for the task's result when it fails off the critical path. */
  readonly default?: unknown;
  /**
   * The part this task is one replica of, when a swarm runs parts as replicas that vote
   * (scenarios/cut.ts): its failure does not fail the part while another replica may answer.
   */
  readonly replicaOf?: string;
}

export interface GraphScenario {
  readonly kind: 'graph';
  readonly id: string;
  readonly title?: string;
  readonly tasks: readonly TaskSpec[];
}

/**
 * A validated graph in index form. Task i is `tasks[i]`; `topo` lists every index once with each
 * task after all of its dependencies.
 */
export interface TaskGraph {
  readonly id: string;
  readonly n: number;
  readonly tasks: readonly TaskSpec[];
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly steps: Int32Array;
  readonly preds: readonly (readonly number[])[];
  readonly succs: readonly (readonly number[])[];
  readonly topo: Int32Array;
  /** Position of each id in code-unit order, for deterministic "ties by id". */
  readonly idRank: Int32Array;
}
