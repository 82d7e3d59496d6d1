/** How each drawn node of the DAG view stands now: its fill, whether it is on a path, its times. */
import type { TaskGraph } from '../../core/graph/types';
import type { Realized, TaskStatus } from '../model/replay';
import type { CriticalMarks } from './critical';
import { type NodeState, STATUS_COLOURS } from './dag-draw';
import type { PathMarks, RunGraph } from './run-graph';

/** How each retried attempt's node ended, by node index: failed, or cancelled. */
function failedAttempts(g: RunGraph): Map<number, 'failed' | 'cancelled'> {
  const out = new Map<number, 'failed' | 'cancelled'>();
  for (const node of g.attemptNode.values()) {
    out.set(node, (g.labels[node] ?? '').endsWith('cancelled') ? 'cancelled' : 'failed');
  }
  return out;
}

/** Node `i`'s state in the laid-out graph `g` of `graph`, the realized path `m`, the planned one `plan`. */
export function nodeStates(
  g: RunGraph,
  graph: TaskGraph,
  status: (taskId: string) => TaskStatus,
  m: PathMarks,
  plan: CriticalMarks,
  realized: Realized | undefined,
): (i: number) => NodeState {
  // Live times: a task's last attempt so far, read from the snapshot, not the laid-out copy.
  const times = new Map<string, { start: number; end: number | undefined }>();
  for (const a of realized?.attempts ?? []) times.set(a.task, { start: a.start, end: a.end });
  return (i: number): NodeState => {
    if (i < g.taskCount) {
      const id = graph.ids[i] as string;
      const time = times.get(id);
      return {
        fill: STATUS_COLOURS[status(id)],
        onPath: m.nodes.has(i),
        planned: plan.nodes.has(i),
        start: time?.start,
        finish: time?.end,
      };
    }
    // A retried attempt's own node: the colour of how it ended.
    const attempt = failedAttempts(g).get(i);
    return {
      fill: attempt ? STATUS_COLOURS[attempt] : undefined,
      onPath: m.nodes.has(i),
      planned: false,
      start: g.start[i],
      finish: g.finish[i],
    };
  };
}
