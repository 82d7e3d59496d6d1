/**
 * The plans tried on each request and how each did: what the plan rows (sft.ts) and the preference
 * pairs (dpo.ts) are chosen from.
 *
 * Runs are grouped by request (case and spacing aside); within a request, by plan — its formation,
 * manager and workers as canonical JSON, the thought left out (two runs of one team are one plan,
 * whatever each said about it). Each plan gets the mean reward of its runs.
 *
 * **The pair rule** ("as simple as still solves it"): of two plans, the one whose mean reward is
 * higher by at least `margin` is preferred. Below the margin, when both plans succeeded on every
 * run, the simpler one (`planComplexity`: fewer agents, then single < peers < swarm)
 * is preferred; otherwise neither is.
 */
import { planComplexity, type TeamPlan } from '../router/plan';
import type { DatasetRun } from './runs';

/**
 * Mean rewards closer than this are a tie (docs/datasets.md). It keeps out gaps that are only the
 * cost term — on compare-options two formations that give the same answer differ by 0.002
 * (λ·cost) — and lets the tie rule decide those. It is not a significance test: one instance's
 * write-story quality difference between two formations has a standard deviation of about 0.07
 * (the ±0.013 interval over 100 seeds in docs/benchmarks.md), so a pair from one run per plan can
 * still be one draw's luck. Raise it, or run each request more than once, for cleaner pairs.
 */
export const defaultMargin = 0.05;

export interface PlanArm {
  /** The plan's identity: formation, manager and workers as canonical JSON. */
  readonly key: string;
  /** The plan as its first run had it (with that run's thought). */
  readonly plan: TeamPlan;
  readonly runs: readonly DatasetRun[];
  readonly meanReward: number;
  /** Every run of it succeeded. */
  readonly succeeded: boolean;
  readonly complexity: number;
}

export interface RequestGroup {
  /** The request as its first run asked it. */
  readonly request: string;
  /** Plans by key order. */
  readonly arms: readonly PlanArm[];
}

/** The request as grouping and the split see it: case and spacing aside. */
export const requestKey = (request: string): string => request.trim().replace(/\s+/g, ' ').toLowerCase();

export const planKey = (plan: TeamPlan): string =>
  JSON.stringify({ topology: plan.topology, manager_role: plan.manager_role, workers: plan.workers });

/** Runs grouped by request, then by plan; requests in key order. */
export function groupByRequest(runs: readonly DatasetRun[]): RequestGroup[] {
  const groups = new Map<string, { request: string; plans: Map<string, DatasetRun[]> }>();
  for (const run of runs) {
    const key = requestKey(run.request);
    const group = groups.get(key) ?? { request: run.request, plans: new Map<string, DatasetRun[]>() };
    const plan = planKey(run.plan);
    group.plans.set(plan, [...(group.plans.get(plan) ?? []), run]);
    groups.set(key, group);
  }
  return [...groups.keys()].sort().map((key) => {
    const group = groups.get(key) as { request: string; plans: Map<string, DatasetRun[]> };
    const arms = [...group.plans.keys()].sort().map((planKeyText): PlanArm => {
      const armRuns = group.plans.get(planKeyText) as DatasetRun[];
      const first = armRuns[0] as DatasetRun;
      return {
        key: planKeyText,
        plan: first.plan,
        runs: armRuns,
        meanReward: armRuns.reduce((s, r) => s + r.reward, 0) / armRuns.length,
        succeeded: armRuns.every((r) => r.success),
        complexity: planComplexity(first.plan),
      };
    });
    return { request: group.request, arms };
  });
}

// A gap computed as 0.92 − 0.87 may come out a hair under 0.05: round before comparing.
const atLeast = (gap: number, margin: number) => gap >= margin - 1e-9;

export type Preference =
  | { readonly chosen: PlanArm; readonly rejected: PlanArm; readonly by: 'reward' | 'simplicity' }
  | { readonly chosen?: undefined; readonly why: 'small-gap' };

/** Which of two plans the pair rule prefers, and by what; or that the gap is too small to say. */
export function prefer(a: PlanArm, b: PlanArm, margin: number): Preference {
  const gap = a.meanReward - b.meanReward;
  if (atLeast(Math.abs(gap), margin)) {
    return gap > 0 ? { chosen: a, rejected: b, by: 'reward' } : { chosen: b, rejected: a, by: 'reward' };
  }
  if (a.succeeded && b.succeeded && a.complexity !== b.complexity) {
    return a.complexity < b.complexity
      ? { chosen: a, rejected: b, by: 'simplicity' }
      : { chosen: b, rejected: a, by: 'simplicity' };
  }
  return { why: 'small-gap' };
}

/**
 * The plan to imitate among successful plans of one request: the highest mean reward, unless a
 * simpler plan is within `margin` of it — then the simplest of those (higher reward among equals).
 */
export function bestArm(arms: readonly PlanArm[], margin: number): PlanArm | undefined {
  const top = Math.max(...arms.map((a) => a.meanReward));
  const close = arms.filter((a) => !atLeast(top - a.meanReward, margin));
  return [...close].sort((a, b) => a.complexity - b.complexity || b.meanReward - a.meanReward)[0];
}
