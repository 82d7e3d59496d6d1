/**
 * A fork drawn beside the run it came from (views/fork-drawings.tsx): which nodes and bars the two
 * share (the events before the runs part), which make the first decision that differs, and why
 * the two rewards differ or do not, in words. Pure: the two traces and their metrics in.
 */

import type { TraceEvent } from '../../core/trace/events';
import { type Metrics, timeCharge } from '../../core/trace/metrics';
import { type Preference, preferredWeights } from '../../core/trace/preference';
import { t } from '../i18n/t';
import { formatFixed } from './format';
import type { Realized } from './replay';

/**
 * The decision behind a run graph node or a timeline bar, where "Fork from here" forks: an
 * orchestrator step's own (`main:K`, `step K`), or the one that launched a task's attempt (a task
 * id: its last attempt; `task#n`: that attempt). None for the end node, a round, or an attempt the
 * trace does not say the launch of.
 */
export function decisionBehind(realized: Realized | undefined, key: string): number | undefined {
  if (!realized) return undefined;
  const own = /^(?:main:|step )(\d+)$/.exec(key);
  if (own) return Number(own[1]);
  const [task, attempt] = key.split('#');
  const a = realized.attempts
    .filter((x) => x.task === task && (attempt === undefined || String(x.attempt) === attempt))
    .at(-1);
  return a && a.stage >= 0 ? realized.stages[a.stage]?.step : undefined;
}

/** What one side of a fork marks on its drawings. */
export interface ForkMarks {
  /** Run-graph node ids (`main:K`, task ids) wholly made in the shared prefix. */
  readonly sharedNodes: ReadonlySet<string>;
  /** Timeline bar keys (`step K`, `task#attempt`) made in the shared prefix. */
  readonly sharedBars: ReadonlySet<string>;
  /** The first decision that differs: its node and bar, and what it launched. */
  readonly differNodes: ReadonlySet<string>;
  readonly differBars: ReadonlySet<string>;
}

/**
 * Marks for one side: `prefix` events are the same on both (ForkResult.prefixEvents), and
 * `decision` is the first decision whose actions differ (none when the two decide alike).
 */
export function forkMarks(events: readonly TraceEvent[], prefix: number, decision?: number): ForkMarks {
  const sharedBars = new Set<string>();
  const sharedNodes = new Set<string>();
  const later = new Set<string>();
  events.forEach((e, i) => {
    if (e.type === 'orchestrator.step' && i < prefix) {
      sharedNodes.add(`main:${e.step}`);
      sharedBars.add(`step ${e.step}`);
    }
    if (e.type !== 'task.assigned') return;
    if (i < prefix) {
      sharedNodes.add(e.task);
      sharedBars.add(`${e.task}#${e.attempt}`);
    } else later.add(e.task);
  });
  // A task tried again after the runs part is drawn by its last attempt: not the original's.
  for (const task of later) sharedNodes.delete(task);
  const differNodes = new Set<string>();
  const differBars = new Set<string>();
  if (decision !== undefined) {
    const at = events.findIndex((e) => e.type === 'orchestrator.step' && e.step === decision);
    if (at >= 0) {
      differNodes.add(`main:${decision}`);
      differBars.add(`step ${decision}`);
      for (const e of events.slice(at + 1)) {
        if (e.type === 'orchestrator.step') break;
        if (e.type === 'task.assigned') {
          differNodes.add(e.task);
          differBars.add(`${e.task}#${e.attempt}`);
        }
      }
    }
  }
  return { sharedNodes, sharedBars, differNodes, differBars };
}

/** The decisions made before the runs part, and the step-time they part at. */
export function sharedPrefix(
  events: readonly TraceEvent[],
  prefix: number,
): { readonly decisions: number; readonly until: number } {
  const before = events.slice(0, prefix);
  return {
    decisions: before.filter((e) => e.type === 'orchestrator.step').length,
    until: events[prefix]?.t ?? events.at(-1)?.t ?? 0,
  };
}

/** How the reward charges for time, from the run's scenario and budgets. */
export interface RewardTerms {
  /** The critical-steps budget; null when the run had none. */
  readonly stepsBudget: number | null;
  /** η, the scenario's `reward.stepsWeight` under the run's preference (0 or absent: not charged). */
  readonly stepsWeight?: number | undefined;
  /** κ, the deadline's soft cost (`reward.deadlineWeight`), and where it starts (`deadlineFrom`). */
  readonly deadlineWeight?: number | undefined;
  readonly deadlineFrom?: number | undefined;
}

/**
 * The time terms of a run's reward: its scenario's weights under the preference the run was asked
 * with (trace/preference.ts), and its critical-steps budget.
 */
export function rewardTermsOf(
  stepsBudget: number | null,
  reward:
    | {
        readonly costWeight: number;
        readonly stepsWeight?: number;
        readonly deadlineWeight?: number;
        readonly deadlineFrom?: number;
      }
    | undefined,
  preference: Preference | undefined,
): RewardTerms {
  if (!reward) return { stepsBudget };
  const w = preferredWeights(reward, preference);
  return {
    stepsBudget,
    stepsWeight: w.stepsWeight,
    deadlineWeight: w.deadlineWeight,
    deadlineFrom: w.deadlineFrom,
  };
}

type Side = Pick<Metrics, 'criticalSteps' | 'reward' | 'quality' | 'cost' | 'episodeSuccess'>;

// Shown in the page's decimal mark; compared as the same four decimals in any language.
const r4 = (x: number) => formatFixed(x, 4);
const same = (a: number, b: number) => a.toFixed(4) === b.toFixed(4);

/**
 * Why the fork's reward differs from the original's, or does not: the reward is
 * `quality − μ · cost / reference − η · criticalSteps / budget` when the run ends within its
 * budgets, else 0 (docs/metrics.md); without a critical-steps budget the time term is 0, so a
 * fork that does the same work more slowly earns the same reward.
 */
export function rewardWhy(
  names: { readonly original: string; readonly fork: string; readonly decision: number },
  a: Side,
  b: Side,
  terms: RewardTerms,
): string {
  const at = { fork: names.fork, decision: names.decision, original: names.original };
  const steps = same(a.criticalSteps, b.criticalSteps)
    ? t('why.sameSteps', { ...at, steps: String(a.criticalSteps) })
    : t('why.steps', { ...at, steps: String(b.criticalSteps), against: String(a.criticalSteps) });
  const failed =
    !a.episodeSuccess && !b.episodeSuccess
      ? 'both'
      : !a.episodeSuccess
        ? 'original'
        : !b.episodeSuccess
          ? 'fork'
          : '';
  if (failed !== '') {
    const reward = same(a.reward, b.reward)
      ? t('why.rewardSame', { reward: r4(a.reward) })
      : t('why.rewardAgainst', { reward: r4(b.reward), against: r4(a.reward) });
    return t('why.failed', { steps, reward, failed });
  }
  const timeCharged =
    terms.stepsBudget !== null &&
    terms.stepsBudget > 0 &&
    ((terms.stepsWeight ?? 0) > 0 || (terms.deadlineWeight ?? 0) > 0);
  // The reward's own time term (core/trace/metrics.ts): η × steps / budget, and κ growing with the
  // square of how far into the budget's last stretch the run ended.
  const weights = {
    costWeight: 0,
    costReference: 1,
    ...(terms.stepsWeight !== undefined ? { stepsWeight: terms.stepsWeight } : {}),
    ...(terms.deadlineWeight !== undefined ? { deadlineWeight: terms.deadlineWeight } : {}),
    ...(terms.deadlineFrom !== undefined ? { deadlineFrom: terms.deadlineFrom } : {}),
  };
  const timeOf = (s: Side) =>
    timeCharged ? timeCharge(weights, s.criticalSteps, terms.stepsBudget as number) : 0;
  const parts: string[] = [];
  parts.push(
    same(a.quality, b.quality)
      ? t('why.qualitySame', { quality: r4(a.quality) })
      : t('why.quality', { quality: r4(b.quality), against: r4(a.quality) }),
  );
  parts.push(
    same(a.cost, b.cost)
      ? t('why.costSame', { cost: r4(a.cost) })
      : t('why.cost', { cost: r4(b.cost), against: r4(a.cost) }),
  );
  const time = timeCharged
    ? same(timeOf(a), timeOf(b))
      ? t('why.timeSame', { time: r4(timeOf(a)) })
      : t('why.time', {
          time: r4(timeOf(b)),
          against: r4(timeOf(a)),
          weight: String(terms.stepsWeight ?? 0),
          deadline: String(terms.deadlineWeight ?? 0),
          budget: String(terms.stepsBudget),
        })
    : terms.stepsBudget === null
      ? t('why.noBudget', { weighted: (terms.stepsWeight ?? 0) > 0 ? 'yes' : 'no' })
      : t('why.noWeight');
  parts.push(time);
  if (same(a.reward, b.reward))
    return t('why.same', { steps, reward: r4(a.reward), parts: parts.join('; ') });
  return t('why.differs', { steps, reward: r4(b.reward), against: r4(a.reward), parts: parts.join('; ') });
}
