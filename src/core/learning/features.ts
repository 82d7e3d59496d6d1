/**
 * What a learned orchestrator sees: a fixed-length vector of features of the task (its kind, its
 * units of work, the engines its agents share, its budget) and of the run as it stands (tasks by state, budgets left, critical steps so
 * far, how each profile's attempts have gone). Every feature is scaled to about [0, 1] so one
 * learning rate suits them all. The names are part of a checkpoint: a policy trained on one
 * feature set refuses to load against another.
 */
import type { TaskGraph } from '../graph/types';
import type { PlanView, RunView } from '../policy/types';
import { DEFAULT_PREFERENCE } from '../trace/preference';
import { log2 } from '../util/math';
import { PRICE_FEATURES, priceFeatures } from './price-features';
import { TASK_KINDS } from './task-kinds';

export { TASK_KINDS };

/**
 * Features of the task before it is split (PlanView): what the plan decision and a bandit see.
 * Size enters per kind, since a row, a question and a function are different amounts of work.
 */
export const TASK_FEATURES = [
  'bias',
  ...TASK_KINDS.map((k) => `kind=${k}`),
  ...TASK_KINDS.map((k) => `log2(1+units)/6·kind=${k}`),
  '1/engines',
  'min(1,engines/units)',
  'min(4,budget/units)/4',
  'budget<∞',
  'difficultyCue',
] as const;

/**
 * The user's preference (trace/preference.ts), as a policy with preference inputs sees it: each
 * multiplier less 1, halved (0 at the default, so a policy reads the default as it read no
 * preference), alone and per kind, since what "cheaper" asks of a plan differs by kind.
 */
export const PREFERENCE_FEATURES = [
  '(cost-1)/2',
  '(time-1)/2',
  ...TASK_KINDS.map((k) => `(cost-1)/2·kind=${k}`),
  ...TASK_KINDS.map((k) => `(time-1)/2·kind=${k}`),
] as const;

/** The run's state at a decision, after the task features. */
const STEP_FEATURES = [
  'single',
  'ready/tasks',
  'running/tasks',
  'done/tasks',
  'failed/tasks',
  'freeSlots/maxSubagents',
  'subagents/maxSubagents',
  'criticalSteps/budget',
  'criticalSteps/(4·depth)',
  ...['small', 'medium', 'large'].map((p) => `successRate(${p})`),
  'contextFill',
  'min(2,(t+remainingPath)/budget)/2',
  // What the retry head decides on: the tasks that could start now whose last attempt failed, by
  // the profile it failed on.
  ...['small', 'medium', 'large'].map((p) => `failedOn(${p})/launchable`),
  // What the vote head decides on: the tasks that could start now that are spare replicas.
  'spares/launchable',
] as const;

/** Task features, then the run's state at a decision: what the PARL policy sees. */
export const FEATURES = [...TASK_FEATURES, ...STEP_FEATURES] as const;

/**
 * Which inputs beyond the task's a policy reads, as its checkpoint's features say: none (before
 * issue 59), the cost and time preference, or the preference and the run's price table
 * (price-features.ts; a training that samples price tables, `swarm train --prices sample`).
 */
export type Inputs = 'task' | 'preference' | 'prices';

/** The extra features each layout reads after the task's, in order. */
const EXTRA: Readonly<Record<Inputs, readonly string[]>> = {
  task: [],
  preference: PREFERENCE_FEATURES,
  prices: [...PREFERENCE_FEATURES, ...PRICE_FEATURES],
};

/**
 * The feature names of a policy reading `inputs`: the preference and price features follow the
 * task's, so the task's part of a decision's features is always its first `taskWidth(inputs)`.
 */
export function featureLayout(inputs: Inputs): {
  readonly task: readonly string[];
  readonly step: readonly string[];
} {
  return {
    task: [...TASK_FEATURES, ...EXTRA[inputs]],
    step: [...TASK_FEATURES, ...EXTRA[inputs], ...STEP_FEATURES],
  };
}

/** How many task features a policy reading `inputs` reads. */
export const taskWidth = (inputs: Inputs) => TASK_FEATURES.length + EXTRA[inputs].length;

/** The layout a list of feature names is (a checkpoint's), by the first feature of each input. */
export const inputsOfFeatures = (names: readonly unknown[]): Inputs =>
  names.includes(PRICE_FEATURES[0])
    ? 'prices'
    : names.includes(PREFERENCE_FEATURES[0])
      ? 'preference'
      : 'task';

export interface Shape {
  /** Longest chain, in tasks. */
  readonly depth: number;
  /** Most tasks at one level of the longest-chain layering (a cheap stand-in for the antichain width). */
  readonly width: number;
}

const shapes = new WeakMap<TaskGraph, Shape>();

/** Depth and layer width of a graph, computed once per graph. */
export function shapeOf(graph: TaskGraph): Shape {
  const cached = shapes.get(graph);
  if (cached) return cached;
  const level = new Int32Array(graph.n);
  let depth = 0;
  for (const i of graph.topo) {
    let l = 0;
    for (const p of graph.preds[i] as number[]) l = Math.max(l, (level[p] as number) + 1);
    level[i] = l;
    depth = Math.max(depth, l + 1);
  }
  const perLevel = new Int32Array(depth + 1);
  for (const l of level) perLevel[l] = (perLevel[l] as number) + 1;
  const shape = { depth, width: Math.max(0, ...perLevel) };
  shapes.set(graph, shape);
  return shape;
}

/**
 * The task features of a task as the plan decision sees it; after them, the preference features
 * and the price features where `inputs` reads them.
 */
export function taskFeatures(task: PlanView, out?: Float64Array, inputs: Inputs = 'task') {
  out ??= new Float64Array(taskWidth(inputs));
  const units = Math.max(1, task.size);
  let i = 0;
  out[i++] = 1;
  for (const k of TASK_KINDS) out[i++] = task.kind === k ? 1 : 0;
  for (const k of TASK_KINDS) out[i++] = task.kind === k ? log2(1 + units) / 6 : 0;
  const engines = Math.max(1, task.engines);
  out[i++] = Number.isFinite(engines) ? 1 / engines : 0;
  out[i++] = Math.min(1, engines / units);
  const budget = task.maxCriticalSteps;
  out[i++] = Number.isFinite(budget) ? Math.min(4, budget / units) / 4 : 1;
  out[i++] = Number.isFinite(budget) ? 1 : 0;
  out[i++] = task.difficultyCue;
  if (inputs !== 'task') {
    const p = task.preference ?? DEFAULT_PREFERENCE;
    const cost = (p.cost - 1) / 2;
    const time = (p.time - 1) / 2;
    out[i++] = cost;
    out[i++] = time;
    for (const k of TASK_KINDS) out[i++] = task.kind === k ? cost : 0;
    for (const k of TASK_KINDS) out[i++] = task.kind === k ? time : 0;
  }
  if (inputs === 'prices') i = priceFeatures(task, out, i);
  return out;
}

/** The full feature vector at a decision (with the inputs `inputs` reads after the task's). */
export function features(view: RunView, inputs: Inputs = 'task'): Float64Array {
  const out = new Float64Array(FEATURES.length + EXTRA[inputs].length);
  taskFeatures(view.task, out, inputs);
  const n = Math.max(1, view.graph.n);
  const max = Math.max(1, view.config.budgets.maxConcurrentSubagents);
  const budget = view.config.budgets.maxCriticalSteps;
  const criticalPath = Math.max(1, shapeOf(view.graph).depth);
  let i = taskWidth(inputs);
  out[i++] = view.graph.n === 1 ? 1 : 0;
  const o = view.observation;
  out[i++] = o.ready / n;
  out[i++] = o.running / n;
  out[i++] = o.done / n;
  out[i++] = o.failed / n;
  out[i++] = view.freeSlots / max;
  out[i++] = view.subagentCount / max;
  out[i++] = Number.isFinite(budget) && budget > 0 ? Math.min(2, view.t / budget) : 0;
  out[i++] = Math.min(1, view.t / (4 * criticalPath));
  for (const p of ['small', 'medium', 'large']) {
    const { finished, failed } = view.profileOutcomes(p);
    // Laplace's rule: 1/2 before any attempt has ended.
    out[i++] = (finished + 1) / (finished + failed + 2);
  }
  out[i++] = view.contextFill;
  // Above 1/2: the open work, as planned, ends past the budget (where the run would earn nothing).
  out[i++] =
    Number.isFinite(budget) && budget > 0 ? Math.min(2, (view.t + view.remainingPath()) / budget) / 2 : 0;
  const launchable = Math.min(view.readyCount, view.freeSlots);
  if (launchable > 0) {
    const failed = { small: 0, medium: 0, large: 0 } as Record<string, number>;
    let spares = 0;
    for (const task of view.topReady(launchable)) {
      const p = view.failedProfile(task);
      if (p !== undefined && p in failed) failed[p] = (failed[p] as number) + 1;
      if (view.spareReplica(task)) spares++;
    }
    for (const p of ['small', 'medium', 'large']) out[i++] = (failed[p] as number) / launchable;
    out[i++] = spares / launchable;
  }
  return out;
}

/** Which part of a decision logged features: a task's (a plan, a bandit's arm) or a step's. */
export type FeaturePart = 'task' | 'step';

/** The layout of logged features of `part`, by their count, if any layout has that count. */
export function layoutOfCount(count: number, part: FeaturePart): Inputs | undefined {
  for (const inputs of ['task', 'preference', 'prices'] as const)
    if (featureLayout(inputs)[part].length === count) return inputs;
  return undefined;
}

/**
 * Logged features (a plan's or a step's, of any layout) in the layout a policy reading `inputs`
 * reads, for off-policy evaluation of one policy on another's logs: inputs the log lacks are their
 * defaults (zeros inserted: the default preference, the reference prices); inputs the target lacks
 * are dropped only when they are zeros, since such a policy plays only their defaults. Undefined
 * when they are not (it never plays such a run).
 */
export function inLayout(x: Float64Array, inputs: Inputs, part: FeaturePart): Float64Array | undefined {
  const from = layoutOfCount(x.length, part);
  if (from === undefined || from === inputs) return x;
  const t = TASK_FEATURES.length;
  const had = EXTRA[from].length;
  const want = EXTRA[inputs].length;
  // The extra parts nest: the preference's come first in both layouts that have them.
  for (let i = t + want; i < t + had; i++) if (x[i] !== 0) return undefined;
  const out = new Float64Array(x.length - had + want);
  out.set(x.subarray(0, t + Math.min(had, want)), 0);
  out.set(x.subarray(t + had), t + want);
  return out;
}
