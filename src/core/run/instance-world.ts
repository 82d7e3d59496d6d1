/**
 * The world one task instance runs in, beyond its task (docs/simulator.md): how many model engines
 * its agents share and how hard it is, each drawn from the scenario file's range keyed by the
 * seed, so every policy on the instance meets the same world; and what a policy sees of it before
 * it plans the run (single or swarm).
 */
import type { PlanDecision, PlanView } from '../runtime/policy-port';
import type { CutRules } from '../scenarios/cut';
import { baseTaskId } from '../scenarios/cut';
import type { TaskScenarioSpec } from '../scenarios/registry';
import type { PlanMode, ScenarioInstance } from '../scenarios/types';
import { keyedRng } from '../util/rng';

/** A plan chosen per instance from what the orchestrator sees of it (Policy.planFor). */
export type PlanChooser = (view: PlanView) => PlanMode | PlanDecision;

/** The engines of one instance: the file's number, or a draw from its range keyed by the seed. */
export function instanceEngines(engines: number | readonly [number, number], seed: number): number {
  if (typeof engines === 'number') return engines;
  return keyedRng(seed, 'engines').int(engines[0], engines[1]);
}

/**
 * How hard one instance is (docs/simulator.md, Difficulty): a uniform draw from the file's range
 * keyed by the seed, so every policy on the instance meets the same task.
 */
export function instanceDifficulty(spec: TaskScenarioSpec, seed: number): number {
  const range = spec.difficulty;
  if (!range || range[1] <= 0) return 0;
  return range[0] + (range[1] - range[0]) * keyedRng(seed, 'difficulty').next();
}

/**
 * How hard one task of a split instance is: the instance's difficulty, moved by up to ± the file's
 * `taskSpread` (a uniform draw keyed by the seed and the task), within [0, 1]. A single run's one
 * task is the whole instance and keeps its difficulty. Some parts of a task are harder than
 * others, and a crash is how an orchestrator finds out which (docs/simulator.md, Difficulty).
 */
export function taskDifficulty(spec: TaskScenarioSpec, seed: number, task: string, single: boolean): number {
  const d = instanceDifficulty(spec, seed);
  const spread = spec.taskSpread ?? 0;
  if (single || spread <= 0 || d <= 0) return d;
  // A part's replicas do the same work: they meet the same difficulty.
  const shift = spread * (2 * keyedRng(seed, 'task-difficulty', baseTaskId(task)).next() - 1);
  return Math.min(1, Math.max(0, d + shift));
}

/**
 * What an orchestrator can tell of an instance's difficulty by reading it: the difficulty, off by
 * up to ±0.15 (a uniform draw keyed by the seed), within [0, 1]. 0 when the file draws none.
 */
export function difficultyCue(spec: TaskScenarioSpec, seed: number): number {
  const d = instanceDifficulty(spec, seed);
  if (!spec.difficulty || spec.difficulty[1] <= 0) return 0;
  const noise = CUE_NOISE * (2 * keyedRng(seed, 'difficulty-cue').next() - 1);
  return Math.min(1, Math.max(0, d + noise));
}

/** How far the difficulty an orchestrator reads may be off. */
export const CUE_NOISE = 0.15;

export function planView(spec: TaskScenarioSpec, instance: ScenarioInstance, cuts?: CutRules): PlanView {
  const shard = cuts?.shard;
  return {
    ...(cuts
      ? {
          cuts: {
            ...(shard ? { shard: { default: shard.default(spec), max: shard.max } } : {}),
            vote: cuts.vote !== undefined,
          },
        }
      : {}),
    kind: spec.kind,
    size: instance.size,
    difficultyCue: difficultyCue(spec, instance.seed),
    engines:
      spec.engines !== undefined ? instanceEngines(spec.engines, instance.seed) : Number.POSITIVE_INFINITY,
    maxCriticalSteps: spec.budgets?.maxCriticalSteps ?? Number.POSITIVE_INFINITY,
    seed: instance.seed,
  };
}
