/**
 * Why a run ended: the one home of the runtime's `run.finished` reasons and of their words. The
 * runtime makes each reason (src/core/runtime: its machine, its breaker, its budgets); the page,
 * the API and the CLI read them here, and every place that shows one in words calls `endWords`.
 * Before, four places worded them four ways ("stopped: the cost budget ran out", "ended when its
 * maxCost budget ran out"…).
 *
 * A stored or imported trace may carry any string (an older run, another environment's episode):
 * readers take a `string` and word what they do not know as "ended (its reason)".
 */

/** The budgets whose running out ends a run, as `Budgets` names them (src/core/runtime/config.ts). */
export const BUDGET_NAMES = [
  'maxCriticalSteps',
  'maxToolCalls',
  'maxTokens',
  'maxCost',
  'maxWallMs',
  'maxOrchestratorSteps',
] as const;
export type BudgetName = (typeof BUDGET_NAMES)[number];

/** The breaker's reasons: the run stops before its tasks end (src/core/runtime/outcomes.ts, `trip`). */
export type BreakerReason =
  | 'aborted'
  | 'task-failed'
  | 'stalled'
  | 'context-overflow'
  /** The orchestrator's own `finish`: it submits what is done, graded as it stands. */
  | 'finished'
  | `budget:${BudgetName}`;

/** Every reason the runtime ends a run for: its tasks all ended, or the breaker tripped. */
export type EndReason = 'completed' | 'completed-with-failures' | BreakerReason;

/** How a page's run ended that has no `run.finished`: it threw, or its tab closed or reloaded. */
export type HostEnd = 'failed' | 'interrupted';

/** Any end a run is shown with. */
export type RunEnd = EndReason | HostEnd;

export const budgetReason = (budget: BudgetName): BreakerReason => `budget:${budget}`;

/** Every reason, listed: the union's values, for a reader that must tell them from other strings. */
export const END_REASONS: readonly EndReason[] = [
  'completed',
  'completed-with-failures',
  'aborted',
  'task-failed',
  'stalled',
  'context-overflow',
  'finished',
  ...BUDGET_NAMES.map(budgetReason),
];

/** A reason the runtime makes (a stored trace may carry another). */
export const isEndReason = (reason: string): reason is EndReason =>
  (END_REASONS as readonly string[]).includes(reason);

/** A run whose tasks all ended, failed ones or not: not cut short. */
export const ranItsCourse = (reason: string | undefined): boolean =>
  reason === 'completed' || reason === 'completed-with-failures';

/** A run whose tasks all ended and none failed. */
export const withoutFailures = (reason: string | undefined): boolean => reason === 'completed';

/** A run stopped from outside (the user's stop, a closed pool), not by its own work. */
export const wasAborted = (reason: string | undefined): boolean => reason === 'aborted';

/**
 * A run cut off before its tasks ended: its later tasks cancelled, not run. The orchestrator's
 * own `finish` is not: it chose to submit what it had.
 */
export const endedEarly = (reason: string | undefined): boolean =>
  reason !== undefined && !ranItsCourse(reason) && reason !== 'finished';

const BUDGET_WORDS: Readonly<Record<BudgetName, string>> = {
  maxCriticalSteps: 'critical-steps',
  maxToolCalls: 'tool-call',
  maxTokens: 'token',
  maxCost: 'cost',
  maxWallMs: 'wall-clock',
  maxOrchestratorSteps: 'orchestrator-step',
};

const WORDS: Readonly<Record<Exclude<RunEnd, `budget:${string}`>, string>> = {
  completed: 'completed',
  'completed-with-failures': 'ended with failed tasks',
  aborted: 'was stopped',
  'task-failed': 'stopped when a task failed (fail-fast)',
  stalled: 'stopped when its policy started nothing more',
  'context-overflow': "stopped when the orchestrator's context overflowed",
  finished: 'was submitted early by the orchestrator',
  failed: 'failed',
  interrupted: 'was interrupted (its tab closed or reloaded)',
};

/**
 * How a run ended, in words that follow "the run": "the run stopped when its cost budget ran out".
 * The one wording of an end: the run's status line, its critical-path summary and its metric cards
 * all say it so.
 */
export function endWords(end: RunEnd | (string & {})): string {
  if (end.startsWith('budget:')) {
    const budget = end.slice('budget:'.length);
    const name = Object.hasOwn(BUDGET_WORDS, budget) ? BUDGET_WORDS[budget as BudgetName] : budget;
    return `stopped when its ${name} budget ran out`;
  }
  return Object.hasOwn(WORDS, end) ? WORDS[end as keyof typeof WORDS] : `ended (${end})`;
}

/**
 * The end a run's stored status and reason stand for: 'cancelled' is the user's stop, 'failed'
 * and 'interrupted' ends with no `run.finished`, 'done' its reason; undefined while it runs.
 */
export function runEndOf(status: string, reason: string | undefined): string | undefined {
  if (status === 'cancelled') return 'aborted';
  if (status === 'failed' || status === 'interrupted') return status;
  return status === 'done' ? reason : undefined;
}
