/**
 * The metric cards of the run view, as data: what each card says and whether it warns. Pure, so
 * the wording and the 1.5× warning are tested without a browser.
 */

import type { Metrics } from '../../core/trace/metrics';
import { formatDuration, formatNumber } from './format';

export interface MetricCard {
  /** `metric-<id>` is the card's test hook. */
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly detail: string;
  readonly warn?: string;
}

export interface CardInput {
  readonly metrics: Metrics;
  /**
   * From the run's own durations (core/trace/realized-bound): the longest chain of what ran, or its
   * work over P — never above the critical steps.
   */
  readonly lowerBound: number;
  /** max(critical path, ⌈total / P⌉) of the plan's estimates (docs/architecture.md), when known. */
  readonly plannedBound?: number;
  readonly maxToolCalls: number;
  readonly maxTokens: number;
  /** Real ms spent starting workers before the run, when it had any. */
  readonly startupMs?: number;
  /** Attempts running now (live runs). */
  readonly running: number;
  readonly graded: boolean;
  /**
   * Step-time on the realized critical path spent in the orchestrator's own steps, when known: a
   * run that is slow because its orchestrator takes long steps (the orchestration environment,
   * where assigning and merging grow with calls and answers) is not leaving parallelism unused.
   */
  readonly orchestratorSteps?: number;
}

/** Critical steps past this multiple of the lower bound get a warning. */
export const SLOW_RATIO = 1.5;

const fmt = (x: number, digits = 0) => formatNumber(x, digits);

function slowWarning(critical: number, orchestrator: number): string {
  const past = `More than ${SLOW_RATIO}× the lower bound`;
  return orchestrator > critical / 2
    ? `${past}, and most of the critical steps (${fmt(orchestrator)} of ${fmt(critical)}) are the orchestrator's own steps: it writes and reads more than its subagents work.`
    : `${past}: the schedule leaves parallelism unused.`;
}

/** Dollars-sized costs keep four decimals; the orchestration environment's price units run to hundreds. */
const costText = (cost: number) => cost.toFixed(cost >= 100 ? 1 : cost >= 1 ? 2 : 4);

export function metricCards(input: CardInput): MetricCard[] {
  const m = input.metrics;
  const ratio = input.lowerBound > 0 ? m.criticalSteps / input.lowerBound : 1;
  const cards: MetricCard[] = [
    {
      id: 'critical-steps',
      label: 'Critical steps',
      value: fmt(m.criticalSteps),
      detail: `lower bound ${fmt(input.lowerBound)} (${fmt(ratio, 2)}×)`,
      ...(ratio > SLOW_RATIO ? { warn: slowWarning(m.criticalSteps, input.orchestratorSteps ?? 0) } : {}),
    },
    {
      id: 'lower-bound',
      label: 'Lower bound',
      value: fmt(input.lowerBound),
      detail: `no schedule of this work is shorter: its longest chain, or its work over P${input.plannedBound !== undefined ? ` · planned estimate ${fmt(input.plannedBound)}` : ''}`,
    },
    {
      id: 'wall-clock',
      label: 'Wall clock',
      value: formatDuration(m.wallClockMs),
      detail: `real time, at the pace set for simulated models${input.startupMs ? ` · ${formatDuration(input.startupMs)} before it to start the subagent workers` : ''}`,
    },
    {
      id: 'tokens',
      label: 'Tokens',
      value: fmt(m.tokensIn + m.tokensOut),
      detail: `${fmt(m.tokensIn)} in · ${fmt(m.tokensOut)} out${Number.isFinite(input.maxTokens) ? ` of ${fmt(input.maxTokens)}` : ''} · cost ${costText(m.estimatedCost)}`,
    },
    {
      id: 'tool-calls',
      label: 'Tool calls',
      value: fmt(m.toolCalls),
      detail: Number.isFinite(input.maxToolCalls) ? `of a budget of ${fmt(input.maxToolCalls)}` : 'no budget',
      ...(Number.isFinite(input.maxToolCalls) && m.toolCalls >= input.maxToolCalls
        ? { warn: 'The tool-call budget is spent.' }
        : {}),
    },
    {
      id: 'parallelism',
      label: 'Parallelism',
      value: fmt(m.avgParallelism, 2),
      detail: `average · ${fmt(input.running)} running now · ${fmt(m.spawnCount)} subagents spawned`,
    },
    {
      id: 'retries',
      label: 'Retries',
      value: fmt(m.retryCount),
      // Retries that succeeded leave no failed task: "3 · failure rate 0%" read as a contradiction.
      detail: `tasks that ended failed ${fmt(m.failureRate * 100, 1)}% · skipped ${fmt(m.skipRate * 100, 1)}%`,
    },
  ];
  if (input.graded) {
    cards.push({
      id: 'quality',
      label: 'Quality',
      value: fmt(m.itemF1, 3),
      detail: `item-F1 · pass@1 ${fmt(m['pass@1'], 2)} · reward ${fmt(m.reward, 3)}`,
    });
  }
  return cards;
}
