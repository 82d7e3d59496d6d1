/**
 * Replicas of one part (a swarm cut into replicas that vote, scenarios/cut.ts): several tasks of
 * the graph doing the same work, whose dependents read their vote. A replica that fails, or is
 * given up, takes nothing from its part while another replica of it may still answer: its
 * dependents wait for the others, as a part is lost only when every replica of it is.
 */
import type { TaskGraph, TaskSpec } from '../graph/types';
import { type RunState, Status } from './state';

const groups = new WeakMap<TaskGraph, ReadonlyMap<string, readonly number[]>>();

/** The replicas of each part, by part id: computed once per graph. */
function replicaGroups(graph: TaskGraph): ReadonlyMap<string, readonly number[]> {
  let found = groups.get(graph);
  if (!found) {
    const byPart = new Map<string, number[]>();
    graph.tasks.forEach((t: TaskSpec, i) => {
      if (t.replicaOf === undefined) return;
      const list = byPart.get(t.replicaOf);
      if (list) list.push(i);
      else byPart.set(t.replicaOf, [i]);
    });
    found = byPart;
    groups.set(graph, found);
  }
  return found;
}

const lost = (status: number): boolean =>
  status === Status.FAILED || status === Status.SKIPPED || status === Status.CANCELLED;

/** Whether another replica of this task's part has not been lost: then the part still stands. */
export function partStands(state: RunState, task: number): boolean {
  const part = (state.graph.tasks[task] as TaskSpec).replicaOf;
  if (part === undefined) return false;
  for (const other of replicaGroups(state.graph).get(part) ?? []) {
    if (other !== task && !lost(state.status[other] as number)) return true;
  }
  return false;
}
