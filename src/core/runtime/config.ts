/**
 * Everything that shapes one run, as plain data. Defaults follow the Kimi K2.5 report where it
 * gives a number (100 subagents, 1,500 tool calls, 100 steps per subagent, 2–3 retries).
 */

import { noCostInReward, type ProfilePrice, type RewardWeights } from '../trace/metrics';
import type { Preference } from '../trace/preference';
import { pow } from '../util/math';

/** When the orchestrator wakes: whenever an attempt ends, or when a whole stage has. */
export const JOIN_MODES = ['async', 'barrier'] as const;
export type JoinMode = (typeof JOIN_MODES)[number];
/** What the run does when a task fails for good. */
export const FAILURE_POLICIES = ['fail-fast', 'skip-dependents', 'continue'] as const;
export type FailurePolicy = (typeof FAILURE_POLICIES)[number];
/** What a tripped budget does to work already running. */
export type OnBudgetExhausted = 'cancel' | 'drain';

export interface Budgets {
  /** Subagents alive at once; also the most tasks that can run at once. */
  readonly maxConcurrentSubagents: number;
  readonly maxOrchestratorSteps: number;
  /** Steps one subagent may spend on one attempt before it is stopped. */
  readonly maxStepsPerSubagent: number;
  readonly maxToolCalls: number;
  readonly maxTokens: number;
  readonly maxCost: number;
  /** Wall-clock milliseconds: the one budget a replay cannot reproduce exactly. */
  readonly maxWallMs: number;
  /** Critical steps (= step-time makespan, docs/architecture.md, time model) the run may take. */
  readonly maxCriticalSteps: number;
}

export interface RetryPolicy {
  /** Attempts per task, the first included. */
  readonly maxAttempts: number;
  /** Backoff before attempt k+1, in step-time: min(max, initial · factor^(k−1)). */
  readonly backoffInitial: number;
  readonly backoffFactor: number;
  readonly backoffMax: number;
  /**
   * A task off the critical path (static slack > 0) that declares a `default` takes it at once on
   * failure instead of being retried: its delay cannot lengthen the run, its retries still cost.
   */
  readonly degradeOffCriticalPath: boolean;
}

export interface RunConfig {
  readonly seed: number;
  readonly join: JoinMode;
  /** S_main: step-time one orchestrator decision costs (docs/architecture.md, time model). */
  readonly mainStepCost: number;
  readonly failurePolicy: FailurePolicy;
  readonly onBudgetExhausted: OnBudgetExhausted;
  readonly budgets: Budgets;
  readonly retry: RetryPolicy;
  /** The profile a spawn uses when the policy names none. */
  readonly defaultProfile: string;
  readonly prices: Readonly<Record<string, ProfilePrice>>;
  /** What the reward charges for cost and critical steps (docs/metrics.md). */
  readonly reward: RewardWeights;
  /**
   * Model engines the agents share (docs/simulator.md, "Engines"): an attempt launched while R
   * attempts run takes ⌈R / engines⌉ step-time per turn. Infinity: every agent has its own.
   */
  readonly engines: number;
  /** Step-time one turn takes, per profile (larger models are slower per turn); 1 when absent. */
  readonly turnSteps: Readonly<Record<string, number>>;
  /** What the orchestrator pays to brief a subagent and to merge its answer; absent: nothing. */
  readonly orchestrator?: OrchestratorModel;
  /** Units of work of the task (rows, questions, functions); the graph's task count when absent. */
  readonly units?: number;
  /** How hard the task looks on reading it (PlanView.difficultyCue); 0 when absent. */
  readonly difficultyCue?: number;
  /**
   * The user's cost and time preference, when it is not the default (`reward` is already scaled
   * by it): what a preference-conditioned policy sees (PlanView.preference), and the trace records.
   */
  readonly preference?: Preference;
}

/**
 * The orchestrator's own work (docs/simulator.md, "Briefs" and "Merging"): every assignment is a
 * brief it writes, and every answer it takes in fills its context, which holds `window` tokens.
 */
export interface OrchestratorModel {
  /** Step-time one brief adds to the decision that writes it (rounded up per decision). */
  readonly briefSteps: number;
  /** Output tokens of one brief, paid at the orchestrator's profile's price. */
  readonly briefTokens: number;
  /** The orchestrator's context window, in tokens (its profile's). */
  readonly window: number;
  /** Tokens it holds before any answer: its prompt and the task statement. */
  readonly startTokens: number;
  /** Tokens of each answer's envelope (who, which units), besides the answer itself. */
  readonly headerTokens: number;
  /** P(a final answer is lost in the merge) = mergeError · the context's fill when it is merged. */
  readonly mergeError: number;
  /** Output tokens of each subagent's system prompt, paid at spawn whether it works or not. @default 0 */
  readonly spawnTokens?: number;
}

export const defaultBudgets: Budgets = {
  maxConcurrentSubagents: 100,
  maxOrchestratorSteps: Number.POSITIVE_INFINITY,
  maxStepsPerSubagent: 100,
  maxToolCalls: 1500,
  maxTokens: Number.POSITIVE_INFINITY,
  maxCost: Number.POSITIVE_INFINITY,
  maxWallMs: Number.POSITIVE_INFINITY,
  maxCriticalSteps: Number.POSITIVE_INFINITY,
};

export const defaultRetry: RetryPolicy = {
  maxAttempts: 3,
  backoffInitial: 1,
  backoffFactor: 2,
  backoffMax: 8,
  degradeOffCriticalPath: true,
};

/** Illustrative per-token prices for the three frozen profiles; scenario profiles override them. */
export const defaultPrices: Record<string, ProfilePrice> = {
  small: { input: 0.0000001, output: 0.0000004 },
  medium: { input: 0.0000005, output: 0.000002 },
  large: { input: 0.000003, output: 0.000012 },
};

export interface RunConfigInput {
  readonly seed?: number;
  readonly join?: JoinMode;
  readonly mainStepCost?: number;
  readonly failurePolicy?: FailurePolicy;
  readonly onBudgetExhausted?: OnBudgetExhausted;
  readonly budgets?: Partial<Budgets>;
  readonly retry?: Partial<RetryPolicy>;
  readonly defaultProfile?: string;
  readonly prices?: Readonly<Record<string, ProfilePrice>>;
  readonly reward?: RewardWeights;
  readonly engines?: number;
  readonly turnSteps?: Readonly<Record<string, number>>;
  readonly orchestrator?: OrchestratorModel;
  readonly units?: number;
  readonly difficultyCue?: number;
  readonly preference?: Preference;
}

export function makeConfig(input: RunConfigInput = {}): RunConfig {
  return {
    seed: input.seed ?? 0,
    join: input.join ?? 'async',
    mainStepCost: input.mainStepCost ?? 1,
    failurePolicy: input.failurePolicy ?? 'skip-dependents',
    onBudgetExhausted: input.onBudgetExhausted ?? 'cancel',
    budgets: { ...defaultBudgets, ...input.budgets },
    retry: { ...defaultRetry, ...input.retry },
    defaultProfile: input.defaultProfile ?? 'medium',
    prices: input.prices ?? defaultPrices,
    reward: input.reward ?? noCostInReward,
    engines: input.engines ?? Number.POSITIVE_INFINITY,
    turnSteps: input.turnSteps ?? {},
    ...(input.orchestrator ? { orchestrator: input.orchestrator } : {}),
    ...(input.units !== undefined ? { units: input.units } : {}),
    ...(input.difficultyCue ? { difficultyCue: input.difficultyCue } : {}),
    ...(input.preference ? { preference: input.preference } : {}),
  };
}

/**
 * Step-time per turn of an attempt on `profile` launched while `running` attempts run (itself
 * included): the profile's turn time, times the queue at the shared engines.
 */
export function turnTime(config: RunConfig, profile: string, running: number): number {
  const queue = Number.isFinite(config.engines) ? Math.max(1, Math.ceil(running / config.engines)) : 1;
  return (config.turnSteps[profile] ?? 1) * queue;
}

/** Step-time to wait before attempt `attempt + 1`, after `attempt` attempts have failed. */
export function backoffDelay(retry: RetryPolicy, attempt: number): number {
  return Math.min(retry.backoffMax, Math.round(retry.backoffInitial * pow(retry.backoffFactor, attempt - 1)));
}

/** Infinity does not survive JSON; budgets are written with null for "no limit". */
export function budgetsToJson(b: Budgets): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [k, v] of Object.entries(b)) out[k] = Number.isFinite(v) ? v : null;
  return out;
}
