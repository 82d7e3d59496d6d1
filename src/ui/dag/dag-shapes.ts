/** The run graph's layout as data: what it takes and what it gives (layout.ts, steady-layout.ts). */

/** `task`: a subtask of the graph; `main`: one of the orchestrator's own steps. */
export type NodeKind = 'task' | 'main';

/** What the layout needs: nodes by index, and edges `[source, target]` between indices. */
export interface DagInput {
  readonly ids: readonly string[];
  readonly kinds: readonly NodeKind[];
  readonly edges: readonly (readonly [number, number])[];
  /** Width of every node (NODE_WIDTH when absent): wide enough for the names it will carry. */
  readonly nodeWidth?: number;
  /**
   * A run's graph, laid out so that its tasks hold still as it grows (steady-layout.ts): the first
   * `tasks` nodes are the planned tasks, the edges between them its dependencies; `rowOf` names,
   * by node, the task whose row the node takes (its own for a task, its task's for a retried
   * attempt), or -1 for the orchestrator's lane (its steps and the end).
   */
  readonly steady?: { readonly tasks: number; readonly rowOf: readonly number[] };
}

export interface LaidNode {
  readonly index: number;
  readonly id: string;
  readonly kind: NodeKind;
  readonly x: number;
  readonly y: number;
}

export interface LaidEdge {
  readonly source: number;
  readonly target: number;
  /** The polyline from source to target, bends included. */
  readonly points: readonly (readonly [number, number])[];
}

export interface DagLayout {
  readonly nodes: readonly LaidNode[];
  readonly edges: readonly LaidEdge[];
  readonly width: number;
  readonly height: number;
  readonly nodeWidth: number;
  readonly nodeHeight: number;
}
