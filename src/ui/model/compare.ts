/**
 * The compare table as data: chosen metrics of several runs, each with its ratio to the first run
 * (the baseline), and which way is better, so the view only draws.
 */

export interface CompareRow {
  readonly metric: string;
  readonly label: string;
  readonly values: readonly (number | undefined)[];
  /** value / baseline for every run after the first; undefined where either is missing or 0. */
  readonly ratios: readonly (number | undefined)[];
  readonly better: 'lower' | 'higher';
}

export const COMPARED: readonly { metric: string; label: string; better: 'lower' | 'higher' }[] = [
  { metric: 'criticalSteps', label: 'Critical steps', better: 'lower' },
  { metric: 'totalSteps', label: 'Total steps', better: 'lower' },
  { metric: 'itemF1', label: 'Item-F1', better: 'higher' },
  { metric: 'pass@1', label: 'pass@1', better: 'higher' },
  { metric: 'reward', label: 'Reward', better: 'higher' },
  { metric: 'avgParallelism', label: 'Average parallelism', better: 'higher' },
  { metric: 'spawnCount', label: 'Subagents spawned', better: 'lower' },
  { metric: 'tokensIn', label: 'Tokens in', better: 'lower' },
  { metric: 'tokensOut', label: 'Tokens out', better: 'lower' },
  { metric: 'estimatedCost', label: 'Estimated cost', better: 'lower' },
  { metric: 'toolCalls', label: 'Tool calls', better: 'lower' },
  { metric: 'retryCount', label: 'Retries', better: 'lower' },
  { metric: 'wallClockMs', label: 'Wall clock', better: 'lower' },
];

export function compareRows(runs: readonly (Readonly<Record<string, number>> | undefined)[]): CompareRow[] {
  return COMPARED.map(({ metric, label, better }) => {
    const values = runs.map((m) => m?.[metric]);
    const base = values[0];
    const ratios = values
      .slice(1)
      .map((v) => (v === undefined || base === undefined || base === 0 ? undefined : v / base));
    return { metric, label, values, ratios, better };
  });
}
