/**
 * The metric cards of the run view, as data: what each card says and whether it warns. Pure, so
 * the wording and the 1.5× warning are tested without a browser.
 */

import type { TaskSpec } from '../../core/graph/types';
import { runEndOf } from '../../core/trace/end-reason';
import type { Metrics } from '../../core/trace/metrics';
import { SIMULATED } from '../../core/trace/simulated-id';
import { endText } from '../i18n/end-words';
import { t } from '../i18n/t';
import { formatDuration, formatFixed, formatNumber } from './format';
import type { LiveTally } from './live-attempts';
import { plannedText } from './planned-text';
import { qualityMeasure } from './quality';

export interface MetricCard {
  /** `metric-<id>` is the card's test hook. */
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly detail: string;
  readonly warn?: string;
}

export interface CardInput {
  /**
   * A stored trace's `run.finished` may carry only some metrics (the orchestration environment
   * writes what it models): a missing one is named as missing, never shown as 0.
   */
  readonly metrics: Partial<Metrics> & {
    /** The orchestration environment's cost over the instance's reference cost. */
    readonly relativeCost?: number;
  };
  /** The scenario's kind (the trace header's): which measure the quality is. */
  readonly kind?: string;
  /** A rubric grader's criteria, as the result panel lists them. */
  readonly criteria?: Readonly<Record<string, number>> | undefined;
  /**
   * From the run's own durations (core/trace/realized-bound): the longest chain of what ran, or its
   * work over P — never above the critical steps.
   */
  readonly lowerBound: number;
  /** The same bound on the plan's step estimates (graph/cpm lowerBound), known before the run. */
  readonly plannedBound?: number;
  readonly maxToolCalls: number;
  /**
   * The scenario's tasks call no tools (a graph whose tasks declare no `toolCalls`): "0 of a
   * budget of 1,500" on diamond read as a budget left unused rather than one that cannot apply.
   */
  readonly noTools?: boolean;
  readonly maxTokens: number;
  /** Real ms spent starting workers before the run, when it had any. */
  readonly startupMs?: number;
  /** Who answered the run's model calls (the trace header's provider): the wall clock's pace is theirs. */
  readonly provider?: string;
  /** Attempts running now (live runs). */
  readonly running: number;
  /** What the running attempts have done so far, before their ends are recorded (live runs). */
  readonly live?: LiveTally;
  /** The run has ended (its grade, if it has one, is in): what only a whole run can say is said. */
  readonly graded: boolean;
  /**
   * How a run that will not be graded ended: stopped ('cancelled'), 'failed', or 'interrupted' (its
   * tab closed mid-run). Its quality is then not "graded when the run ends": it never will be.
   */
  readonly endedEarly?: string;
  /**
   * Step-time on the realized critical path spent in the orchestrator's own steps, when known: a
   * run that is slow because its orchestrator takes long steps (the orchestration environment,
   * where assigning and merging grow with calls and answers) is not leaving parallelism unused.
   */
  readonly orchestratorSteps?: number;
}

/**
 * What set a run's wall clock: the pace chosen for the simulated model, or a real model's replies.
 * A graph scenario has no model (its tasks are abstract steps): its steps play at the pace
 * whichever provider the run names.
 */
const wallPace = (provider: string | undefined, kind: string | undefined): string =>
  kind === 'graph'
    ? t('card.wallGraph')
    : provider === undefined || provider === SIMULATED
      ? t('card.wallSimulated')
      : t('card.wallModel', { provider });

/** Critical steps past this multiple of the lower bound get a warning. */
export const SLOW_RATIO = 1.5;

const fmt = (x: number, digits = 0) => formatNumber(x, digits);
const fmtFixed = formatFixed;

function slowWarning(critical: number, orchestrator: number): string {
  return orchestrator > critical / 2
    ? t('card.slowOrchestrator', {
        ratio: fmt(SLOW_RATIO, 1),
        orchestrator: fmt(orchestrator),
        critical: fmt(critical),
      })
    : t('card.slow', { ratio: fmt(SLOW_RATIO, 1) });
}

/** Why a metric has no value: the environment does not simulate it, or the trace does not hold it. */
function missing(kind: string | undefined, what: string): string {
  return kind === 'orchestration'
    ? t('card.missingOrchestration', { what })
    : t('card.missingTrace', { what });
}

/**
 * Cost is in the profiles' price units (docs/metrics.md), not a currency: scenario costs are
 * hundredths, so they keep four decimals; the orchestration environment's prices run to hundreds,
 * which mean something only against the instance's reference cost, so that is given beside them.
 */
function costText(m: CardInput['metrics'], kind: string | undefined): string {
  if (m.cost === undefined) return '';
  const cost = m.cost;
  const units = t('card.cost', { cost: fmtFixed(cost, cost >= 100 ? 1 : cost >= 1 ? 2 : 4) });
  const relative = kind === 'orchestration' && m.relativeCost !== undefined;
  return ` · ${units}${relative ? `, ${t('card.relativeCost', { ratio: fmt(m.relativeCost ?? 0, 2) })}` : ''}`;
}

export function metricCards(card: CardInput): MetricCard[] {
  // Running attempts' turns count from the moment they happen (live-attempts.ts), not when the
  // attempt ends: the counters move while the swarm works.
  const live = card.live && card.live.attempts > 0 ? card.live : undefined;
  const input = live ? { ...card, metrics: withLive(card.metrics, live) } : card;
  const m = input.metrics;
  const running = live
    ? ` · ${t('card.running', { tokens: fmt(live.inputTokens + live.outputTokens), n: live.attempts })}`
    : '';
  const critical = m.criticalSteps ?? 0;
  const ratio = input.lowerBound > 0 ? critical / input.lowerBound : 1;
  const tokensIn = m.tokensIn ?? 0;
  const cost = costText(m, input.kind);
  const budget = Number.isFinite(input.maxTokens) ? t('card.ofBudget', { budget: fmt(input.maxTokens) }) : '';
  // The environment's subagents read: it counts input tokens only, so its 0 out is not a count.
  const outModelled = m.tokensOut !== undefined && !(input.kind === 'orchestration' && m.tokensOut === 0);
  const planned =
    input.plannedBound === undefined
      ? ''
      : ` · ${plannedText({
          planned: input.plannedBound,
          bound: input.lowerBound,
          metrics: m,
          ended: input.graded,
          ...(input.endedEarly ? { endedEarly: input.endedEarly } : {}),
        })}`;
  const cards: MetricCard[] = [
    {
      id: 'critical-steps',
      label: t('card.critical'),
      value: fmt(critical),
      // A run stopped early is no schedule of its task: its "1 (1×)" read as a perfect run.
      detail: input.endedEarly
        ? t('card.criticalEarly', { how: earlyWords(input.endedEarly), bound: fmt(input.lowerBound) })
        : t('card.criticalRatio', { bound: fmt(input.lowerBound), ratio: fmt(ratio, 2) }),
      // Only once the run has ended: mid-run (live or scrubbed back) the bound counts the attempts
      // that have ended, the critical steps the decisions made since, so early on it read "3× the
      // lower bound" for runs that end at it.
      ...(ratio > SLOW_RATIO && input.graded && !input.endedEarly
        ? { warn: slowWarning(critical, input.orchestratorSteps ?? 0) }
        : {}),
    },
    {
      id: 'lower-bound',
      label: t('card.bound'),
      value: fmt(input.lowerBound),
      detail: `${t('card.boundDetail')}${planned}`,
    },
    m.wallClockMs === undefined || input.kind === 'orchestration'
      ? {
          id: 'wall-clock',
          label: t('card.wall'),
          value: '—',
          detail: t('card.wallMissing', { missing: missing(input.kind, t('card.whatRealTime')) }),
        }
      : {
          id: 'wall-clock',
          label: t('card.wall'),
          value: formatDuration(m.wallClockMs),
          detail: `${wallPace(input.provider, input.kind)}${input.startupMs ? ` · ${t('card.startup', { duration: formatDuration(input.startupMs) })}` : ''}`,
        },
    {
      id: 'tokens',
      label: t('card.tokens'),
      value: fmt(tokensIn + (outModelled ? (m.tokensOut ?? 0) : 0)),
      detail: outModelled
        ? `${t('card.tokensInOut', { tokensIn: fmt(tokensIn), tokensOut: fmt(m.tokensOut ?? 0) })}${budget}${cost}${running}`
        : `${t('card.tokensIn', { tokensIn: fmt(tokensIn) })}${budget} · ${missing(input.kind, t('card.whatOutput'))}${cost}${running}`,
    },
    toolCard(input),
    {
      id: 'parallelism',
      label: t('card.parallelism'),
      value: fmt(m.avgParallelism ?? 0, 2),
      detail: t('card.parallelismDetail', { running: fmt(input.running), n: m.spawnCount ?? 0 }),
    },
    {
      id: 'retries',
      label: t('card.retries'),
      value: fmt(m.retryCount ?? 0),
      // Retries that succeeded leave no failed task: "3 · failure rate 0%" read as a contradiction.
      detail: t('card.retriesDetail', {
        failed: fmt((m.failureRate ?? 0) * 100, 1),
        skipped: fmt((m.skipRate ?? 0) * 100, 1),
      }),
    },
  ];
  cards.push(qualityCard(input));
  return cards;
}

/** The recorded figures with the running attempts' work so far added. */
function withLive(m: CardInput['metrics'], live: LiveTally): CardInput['metrics'] {
  return {
    ...m,
    ...(m.cost !== undefined ? { cost: m.cost + live.cost } : {}),
    ...(m.tokensIn !== undefined ? { tokensIn: m.tokensIn + live.inputTokens } : {}),
    ...(m.tokensOut !== undefined ? { tokensOut: m.tokensOut + live.outputTokens } : {}),
    ...(m.toolCalls !== undefined ? { toolCalls: m.toolCalls + live.toolCalls } : {}),
  };
}

/** A graph scenario none of whose tasks declares tool calls: its runs can make none. */
export function callsNoTools(
  kind: string | undefined,
  graph: { readonly tasks: readonly TaskSpec[] } | undefined,
) {
  return kind === 'graph' && graph !== undefined && !graph.tasks.some((t) => (t.toolCalls ?? 0) > 0);
}

/** Tool calls against their budget, or why there is none to count against. */
function toolCard(input: CardInput): MetricCard {
  const calls = input.metrics.toolCalls;
  const card = { id: 'tool-calls', label: t('card.tools') };
  if (calls === undefined) return { ...card, value: '—', detail: missing(input.kind, t('card.whatTools')) };
  if (input.noTools && calls === 0) return { ...card, value: '0', detail: t('card.toolsNone') };
  const budget = input.maxToolCalls;
  if (!Number.isFinite(budget)) return { ...card, value: fmt(calls), detail: t('card.toolsNoBudget') };
  return {
    ...card,
    value: fmt(calls),
    detail: t('card.toolsBudget', { budget: fmt(budget) }),
    ...(calls >= budget ? { warn: t('card.toolsSpent') } : {}),
  };
}

/** How a run that ended early ended, by its status ("was stopped"), in the one wording of an end. */
const earlyWords = (status: string) => endText(runEndOf(status, undefined) ?? status);

/**
 * The grader's score under the name of the measure it is. A rubric's score is its criteria's
 * mean (or compare-options' weighted pick and ranking), never one criterion, so the card lists
 * them as the result panel does.
 */
function qualityCard(input: CardInput): MetricCard {
  const m = input.metrics;
  const quality = m.quality ?? m.itemF1;
  if (!input.graded || quality === undefined)
    return {
      id: 'quality',
      label: t('card.quality'),
      value: '—',
      detail: input.endedEarly
        ? t('card.qualityEarly', { how: earlyWords(input.endedEarly) })
        : t('card.qualityLater'),
    };
  const measure = qualityMeasure(input.kind ?? '', input.criteria);
  const reward = m.reward === undefined ? '' : ` · ${t('card.reward', { reward: fmt(m.reward, 3) })}`;
  return {
    id: 'quality',
    label: t('card.quality'),
    value: fmt(quality, 3),
    detail: `${measure.name}: ${measure.how}${reward}`,
  };
}
