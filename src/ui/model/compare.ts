/**
 * The compare table as data: chosen metrics of several runs, each with its ratio to the first run
 * (the baseline), and which way is better, so the view only draws.
 */
import { type MessageId, t } from '../i18n/t';
import { qualityMeasure } from './quality';

export interface CompareRow {
  readonly metric: string;
  readonly label: string;
  readonly values: readonly (number | undefined)[];
  /** value / baseline for every run after the first; undefined where either is missing or 0. */
  readonly ratios: readonly (number | undefined)[];
  /** Which way is better; absent where neither is (how many subagents a run made describes it). */
  readonly better?: 'lower' | 'higher';
  /** One line under the label, where two rows would otherwise seem to disagree. */
  readonly note?: string;
}

export const COMPARED: readonly {
  metric: string;
  label: MessageId;
  better?: 'lower' | 'higher';
  note?: MessageId;
}[] = [
  { metric: 'criticalSteps', label: 'row.criticalSteps', better: 'lower' },
  // A single agent's run read "64 critical steps, 63 total steps": the one decision that handed it
  // the task is on its critical path but is no subagent's work (docs/metrics.md).
  {
    metric: 'totalSteps',
    label: 'row.totalSteps',
    better: 'lower',
    // Total steps count turns; step-time counts a turn of a slower profile as more (large: 1.5), and
    // briefs lengthen the orchestrator's steps (docs/simulator.md, Trade-offs).
    note: 'row.totalStepsNote',
  },
  // Every grader writes its score here, in its own measure (docs/metrics.md): item-F1, exact match,
  // pass@1 or a rubric's mean; the label names it (qualityLabel). No separate pass@1 row: for coding
  // it repeats this one, and elsewhere the field holds 'all criteria met', which pass@1 misnames.
  { metric: 'itemF1', label: 'row.quality', better: 'higher' },
  { metric: 'reward', label: 'row.reward', better: 'higher' },
  // More parallelism or more subagents is neither better nor worse in itself: what it buys shows
  // in critical steps, quality and cost.
  { metric: 'avgParallelism', label: 'row.avgParallelism' },
  { metric: 'spawnCount', label: 'row.spawnCount' },
  { metric: 'tokensIn', label: 'row.tokensIn', better: 'lower' },
  { metric: 'tokensOut', label: 'row.tokensOut', better: 'lower' },
  { metric: 'cost', label: 'row.cost', better: 'lower' },
  { metric: 'toolCalls', label: 'row.toolCalls', better: 'lower' },
  { metric: 'retryCount', label: 'row.retryCount', better: 'lower' },
  { metric: 'wallClockMs', label: 'row.wallClockMs', better: 'lower' },
];

/** "Quality (item-F1)" when every run is graded by one measure, else says each has its own. */
export function qualityLabel(kinds: readonly string[]): string {
  const names = new Set(kinds.map((kind) => qualityMeasure(kind).name));
  const [only] = names;
  return only !== undefined && names.size === 1 ? t('row.qualityOf', { name: only }) : t('row.qualityEach');
}

/** `kinds`: each run's scenario kind, which says what its quality number measures. */
export function compareRows(
  runs: readonly (Readonly<Record<string, number>> | undefined)[],
  kinds: readonly string[] = [],
): CompareRow[] {
  return COMPARED.map(({ metric, better, note, ...row }) => {
    const label = metric === 'itemF1' ? qualityLabel(kinds) : t(row.label);
    const values = runs.map((m) => m?.[metric]);
    const base = values[0];
    const ratios = values
      .slice(1)
      .map((v) => (v === undefined || base === undefined || base === 0 ? undefined : v / base));
    return {
      metric,
      label,
      values,
      ratios,
      ...(better ? { better } : {}),
      ...(note ? { note: t(note) } : {}),
    };
  });
}
