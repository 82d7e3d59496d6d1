import { FILE_ID_EXPECTED, fileIdProblem } from '../util/file-id';
import type { GraphScenario, TaskGraph, TaskSpec } from './types';

export type GraphIssue =
  | { kind: 'shape'; message: string }
  | { kind: 'duplicate-id'; ids: string[]; message: string }
  | { kind: 'unknown-dependency'; ids: string[]; message: string }
  | { kind: 'bad-cost'; ids: string[]; message: string }
  | { kind: 'bad-field'; ids: string[]; message: string }
  | { kind: 'cycle'; ids: string[]; message: string };

export type GraphResult = { ok: true; graph: TaskGraph } | { ok: false; issues: GraphIssue[] };

const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/**
 * Upper bounds (docs/cli.md, Limits). Step times are added up in Int32Arrays (cpm.ts) and in the
 * runtime's clock, so a task's steps and the whole graph's stay far below 2^31: past it they wrap
 * (2147483648 steps read back as −2147483648) instead of failing.
 */
export const MAX_TASK_STEPS = 1_000_000;
export const MAX_TOTAL_STEPS = 100_000_000;
/** Tool calls and tokens a task declares: counted, never added into 32-bit arrays. */
export const MAX_TASK_COUNT = 1_000_000_000;
/** How many ids of a long cycle a message lists before it says how many more there are. */
const CYCLE_SHOWN = 20;
const describe = (x: unknown): string =>
  typeof x === 'string' ? `"${x}"` : (JSON.stringify(x) ?? String(x));

/**
 * Checks a parsed graph scenario and builds its index form. Every problem is reported, each naming
 * the ids involved; a cycle is reported as the ids around it, in order.
 */
export function buildGraph(input: unknown): GraphResult {
  const shape = checkShape(input);
  if (shape) return { ok: false, issues: [shape] };
  const scenario = input as GraphScenario;
  const tasks = scenario.tasks;
  const issues: GraphIssue[] = [];

  const index = new Map<string, number>();
  tasks.forEach((task, i) => {
    const seen = index.get(task.id);
    if (seen !== undefined) {
      issues.push({
        kind: 'duplicate-id',
        ids: [task.id],
        message: `duplicate task id "${task.id}" (tasks #${seen} and #${i})`,
      });
    } else index.set(task.id, i);
  });

  let totalSteps = 0;
  for (const task of tasks) {
    if (!isWhole(task.steps)) {
      issues.push({
        kind: 'bad-cost',
        ids: [task.id],
        message: `task "${task.id}" has steps ${describe(task.steps)}; steps must be a whole number ≥ 0`,
      });
    } else if (task.steps > MAX_TASK_STEPS) {
      issues.push({
        kind: 'bad-cost',
        ids: [task.id],
        message: `task "${task.id}" has steps ${describe(task.steps)}; steps must be a whole number from 0 to ${MAX_TASK_STEPS}`,
      });
    } else totalSteps += task.steps;
    const p = task.failProbability;
    if (p !== undefined && !(typeof p === 'number' && p >= 0 && p <= 1)) {
      issues.push({
        kind: 'bad-field',
        ids: [task.id],
        message: `task "${task.id}" has failProbability ${describe(p)}; it must be a number in [0, 1]`,
      });
    }
    for (const field of ['toolCalls', 'tokensIn', 'tokensOut'] as const) {
      const v = task[field];
      if (v !== undefined && !isWhole(v)) {
        issues.push({
          kind: 'bad-field',
          ids: [task.id],
          message: `task "${task.id}" has ${field} ${describe(v)}; it must be a whole number ≥ 0`,
        });
      } else if (v !== undefined && v > MAX_TASK_COUNT) {
        issues.push({
          kind: 'bad-field',
          ids: [task.id],
          message: `task "${task.id}" has ${field} ${describe(v)}; it must be a whole number from 0 to ${MAX_TASK_COUNT}`,
        });
      }
    }
    for (const dep of task.deps) {
      if (!index.has(dep)) {
        issues.push({
          kind: 'unknown-dependency',
          ids: [task.id, dep],
          message: `task "${task.id}" depends on unknown task "${dep}"`,
        });
      }
    }
  }
  if (totalSteps > MAX_TOTAL_STEPS) {
    issues.push({
      kind: 'bad-cost',
      ids: [],
      message: `the tasks' steps add up to ${totalSteps}; a graph's steps must add up to at most ${MAX_TOTAL_STEPS}`,
    });
  }
  if (issues.length > 0) return { ok: false, issues };

  const n = tasks.length;
  const preds: number[][] = [];
  const succs: number[][] = tasks.map(() => []);
  for (let i = 0; i < n; i++) {
    const own = [...new Set((tasks[i] as TaskSpec).deps)].map((d) => index.get(d) as number);
    preds.push(own);
    for (const p of own) (succs[p] as number[]).push(i);
  }

  const topo = topologicalOrder(n, preds, succs);
  if (topo.length < n) {
    const cycle = findCycle(n, preds, new Set(topo));
    const ids = cycle.map((i) => (tasks[i] as TaskSpec).id);
    return { ok: false, issues: [{ kind: 'cycle', ids, message: cycleMessage(ids) }] };
  }

  const steps = new Int32Array(n);
  for (let i = 0; i < n; i++) steps[i] = (tasks[i] as TaskSpec).steps;
  const ids = tasks.map((t) => t.id);
  const byId = [...ids.keys()].sort((a, b) => {
    const x = ids[a] as string;
    const y = ids[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const idRank = new Int32Array(n);
  byId.forEach((task, rank) => {
    idRank[task] = rank;
  });

  return {
    ok: true,
    graph: {
      id: scenario.id,
      n,
      tasks,
      ids,
      index,
      steps,
      preds,
      succs,
      topo: Int32Array.from(topo),
      idRank,
    },
  };
}

/** Like buildGraph, but throws one Error whose message lists every issue. */
export function graphOrThrow(input: unknown): TaskGraph {
  const result = buildGraph(input);
  if (!result.ok) throw new Error(result.issues.map((i) => i.message).join('; '));
  return result.graph;
}

function checkShape(input: unknown): GraphIssue | undefined {
  const bad = (message: string): GraphIssue => ({ kind: 'shape', message });
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return bad('a graph scenario must be a JSON object');
  }
  const o = input as Record<string, unknown>;
  if (o.kind !== 'graph') return bad(`field "kind" must be "graph", got ${describe(o.kind)}`);
  if (typeof o.id !== 'string' || o.id === '') return bad('field "id" must be a non-empty string');
  const idProblem = fileIdProblem(o.id);
  if (idProblem) return bad(`field "id" ${idProblem} (expected ${FILE_ID_EXPECTED}): it names trace files`);
  if (o.title !== undefined && typeof o.title !== 'string') return bad('field "title" must be a string');
  if (!Array.isArray(o.tasks)) return bad('field "tasks" must be an array');
  for (let i = 0; i < o.tasks.length; i++) {
    const t = o.tasks[i] as Record<string, unknown> | null;
    if (typeof t !== 'object' || t === null || Array.isArray(t)) return bad(`tasks[${i}] must be an object`);
    if (typeof t.id !== 'string' || t.id === '') return bad(`tasks[${i}].id must be a non-empty string`);
    if (t.deps !== undefined && !(Array.isArray(t.deps) && t.deps.every((d) => typeof d === 'string'))) {
      return bad(`task "${t.id}": "deps" must be an array of task ids`);
    }
    if (t.deps === undefined) return bad(`task "${t.id}": "deps" is missing (use [] for none)`);
  }
  return undefined;
}

/** Kahn's algorithm, sources taken in file order: a stable order for stable traces. */
function topologicalOrder(n: number, preds: number[][], succs: number[][]): number[] {
  const indegree = preds.map((p) => p.length);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) if (indegree[i] === 0) queue.push(i);
  for (let head = 0; head < queue.length; head++) {
    for (const s of succs[queue[head] as number] as number[]) {
      indegree[s] = (indegree[s] as number) - 1;
      if (indegree[s] === 0) queue.push(s);
    }
  }
  return queue;
}

/**
 * Every task left out of the topological order lies on or downstream of a cycle, and each has a
 * predecessor that was left out too; walking predecessors must therefore revisit a task.
 */
function findCycle(n: number, preds: number[][], ordered: Set<number>): number[] {
  let start = 0;
  while (start < n && ordered.has(start)) start++;
  const seenAt = new Map<number, number>();
  const path: number[] = [];
  let at = start;
  while (!seenAt.has(at)) {
    seenAt.set(at, path.length);
    path.push(at);
    at = (preds[at] as number[]).find((p) => !ordered.has(p)) as number;
  }
  // path walks against the edges; reverse it so the cycle reads in dependency order, and start it
  // at the task that comes first in the file so the message does not depend on where the walk began.
  // A loop, not Math.min(...cycle): spreading a 200,000-task cycle into arguments overflows the stack.
  const cycle = path.slice(seenAt.get(at)).reverse();
  let first = 0;
  for (let k = 1; k < cycle.length; k++) if ((cycle[k] as number) < (cycle[first] as number)) first = k;
  return [...cycle.slice(first), ...cycle.slice(0, first)];
}

/** The cycle in words; a long one shows its first ids and how many more there are. */
function cycleMessage(ids: readonly string[]): string {
  if (ids.length <= CYCLE_SHOWN) return `cycle ${[...ids, ids[0]].join(' → ')}`;
  return `cycle of ${ids.length} tasks ${ids.slice(0, CYCLE_SHOWN).join(' → ')} → … (${ids.length - CYCLE_SHOWN} more) → ${ids[0]}`;
}
