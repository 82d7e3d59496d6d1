/**
 * The deadline-aware cascade: the rule a person writes for a part that failed. Its first failure
 * is retried on the same profile, later ones escalate one profile up (the steps, in order; the
 * last repeats), and the part is given up as soon as the critical-step budget left cannot fit
 * another attempt of it and the work that waits on it. A fixed setting (`fixed:all/medium/cascade`)
 * and a bandit arm play it, so a baseline has the step-level answer to a failure that PARL's retry
 * head learns: it takes only the retry head's actions (retry, escalate, degrade — the runtime's
 * assign on the same profile, assign one profile up, give_up) and reads only what a decision sees
 * mid-run (the RunView, and what this policy itself launched and when). It decides per failed
 * task, where PARL's head makes one choice for a wave's failed tasks: a finer rule, not a weaker one.
 */
import { type Cpm, criticalPath } from '../graph/cpm';
import type { TaskGraph } from '../graph/types';
import type { RunView } from '../policy/types';
import { backoffDelay } from '../runtime/config';
import { RETRIES, type RetryChoice, retryProfile } from './actions';

/** What the k-th failure of a part does, k = 1, 2, …; the last step repeats. */
export type CascadeSteps = readonly RetryChoice[];

/** The cascade a person writes: retry once, then escalate. `fixed:…/cascade` names it. */
export const DEFAULT_CASCADE: CascadeSteps = ['retry', 'escalate'];

/** `cascade`, or `cascade+STEP+STEP…` with steps other than the default's. */
export const cascadeName = (steps: CascadeSteps): string =>
  sameSteps(steps, DEFAULT_CASCADE) ? 'cascade' : ['cascade', ...steps].join('+');

const sameSteps = (a: CascadeSteps, b: CascadeSteps) =>
  a.length === b.length && a.every((s, i) => s === b[i]);

/**
 * `cascade` → the default steps; `cascade+retry+retry+escalate` → those steps. Undefined for a
 * part that is not a cascade at all; a cascade naming an unknown step is refused, naming the steps
 * accepted.
 */
export function parseCascade(part: string): CascadeSteps | undefined {
  if (part !== 'cascade' && !part.startsWith('cascade+')) return undefined;
  if (part === 'cascade') return DEFAULT_CASCADE;
  const steps = part.slice('cascade+'.length).split('+');
  for (const step of steps) {
    if (!(RETRIES as readonly string[]).includes(step))
      throw new Error(
        `unknown cascade step "${step}" in "${part}" (accepted steps: ${RETRIES.join(', ')}; the form is cascade or cascade+STEP+STEP…, e.g. cascade+retry+escalate)`,
      );
  }
  return steps as RetryChoice[];
}

/** What the cascade remembers of one run: per task, the attempts it launched and when the last began. */
interface Launches {
  readonly count: Map<string, number>;
  readonly at: Map<string, number>;
}

// The planner's bounds per graph, with the main step as each task's overhead (the runtime's own).
const cpms = new WeakMap<TaskGraph, { readonly overhead: number; readonly cpm: Cpm }>();
function cpmOf(view: RunView): Cpm {
  const overhead = view.config.mainStepCost;
  const cached = cpms.get(view.graph);
  if (cached?.overhead === overhead) return cached.cpm;
  const cpm = criticalPath(view.graph, overhead);
  cpms.set(view.graph, { overhead, cpm });
  return cpm;
}

/**
 * Step-time another attempt of `task` on `profile` needs from now for the run to stay within its
 * budget, from what the run has shown. The attempt itself: as planned (the task's steps; the
 * runtime refuses to start one whose planned end passes the budget), or as long as the attempt
 * that just failed took between its launch and the decision that saw it failed (less the backoff
 * the runtime waited), scaled by the profiles' turn times — whichever is longer. Then, should it
 * succeed, the planned work that waits on it (giving the task up skips that too); should it fail
 * and another attempt be allowed, the backoff before it is ready again, which must end before the
 * deadline so the task can still be given up (work still open at the deadline ends the run and
 * earns nothing).
 */
export function attemptNeed(view: RunView, task: string, profile: string): number {
  const i = view.graph.index.get(task);
  if (i === undefined) return 0;
  const { config } = view;
  const steps = view.graph.steps[i] as number;
  const planned = Math.min(steps, config.budgets.maxStepsPerSubagent);
  const tail = Math.max(0, (cpmOf(view).bottomLevel[i] as number) - steps - config.mainStepCost);
  const launches = launchesOf(view);
  const attempts = launches.count.get(task) ?? 1;
  const launchedAt = launches.at.get(task);
  let seen = 0;
  const failed = view.failedProfile(task);
  if (launchedAt !== undefined && failed !== undefined) {
    const tried = Math.max(
      0,
      view.t - launchedAt - config.mainStepCost - backoffDelay(config.retry, attempts),
    );
    seen = (tried * (config.turnSteps[profile] ?? 1)) / (config.turnSteps[failed] ?? 1);
  }
  const attempt = config.mainStepCost + Math.max(planned, seen);
  const ifFails = attempts + 1 < config.retry.maxAttempts ? backoffDelay(config.retry, attempts + 1) + 1 : 0;
  return attempt + Math.max(tail, ifFails);
}

// What the cascade launched, per run (a run's view is one object for the whole run).
const launchesByRun = new WeakMap<RunView, Launches>();
function launchesOf(view: RunView): Launches {
  let l = launchesByRun.get(view);
  if (!l) {
    l = { count: new Map(), at: new Map() };
    launchesByRun.set(view, l);
  }
  return l;
}

/** The cascade as a policy plays it: a retry choice per failed task, and what it launched. */
export interface Cascade {
  /** What the next attempt of `task`, whose last attempt failed on `failed`, does now. */
  retryFor(view: RunView, task: string, failed: string): RetryChoice;
  /** Remembers the tasks these actions assign, at the decision's time. */
  launched(view: RunView, assigned: readonly string[]): void;
}

export function cascade(steps: CascadeSteps = DEFAULT_CASCADE): Cascade {
  return {
    retryFor(view, task, failed) {
      // A task this policy never launched failed once (another decision maker ran it first).
      const failures = launchesOf(view).count.get(task) ?? 1;
      const step = steps[Math.min(failures, steps.length) - 1] as RetryChoice;
      const next = retryProfile(failed, step);
      if (next === undefined) return 'degrade';
      const left = view.config.budgets.maxCriticalSteps - view.t;
      return attemptNeed(view, task, next) > left ? 'degrade' : step;
    },
    launched(view, assigned) {
      const l = launchesOf(view);
      for (const task of assigned) {
        l.count.set(task, (l.count.get(task) ?? 0) + 1);
        l.at.set(task, view.t);
      }
    },
  };
}
