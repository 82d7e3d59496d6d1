/**
 * The bench's report as text (what `swarm bench` prints) and as Markdown (`--out PATH.md`): a row
 * per metric with each policy's mean and 95% interval and its ratio to the single agent, then the
 * paired differences against the baseline. The JSON report is the bench's own (core/bench).
 */

import type { BenchMetrics } from '../core/bench/bench-types';
import type { BenchReport } from '../core/bench/run-bench';
import type { Summary } from '../core/stats/summary';
import { DEPRECATED_METRICS } from '../core/trace/cost-alias';

const fmt = (x: number): string => {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && (a < 0.001 || a >= 1e6)) return x.toExponential(2);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(3);
};
const cell = (s: Summary | undefined): string => (s ? `${fmt(s.mean)} ± ${fmt(s.ci95)}` : '');
const ratioCell = (r: number | null | undefined): string =>
  r === null || r === undefined ? '—' : `${fmt(r)}×`;

function rows(report: BenchReport): string[][] {
  const names = Object.keys(report.policies);
  const swarms = Object.keys(report.ratios);
  const header = ['metric', ...names, ...swarms.map((s) => `${s} / ${report.single}`)];
  // Every metric the runs reported, in the order the metrics module lists them (docs/metrics.md),
  // less the old name of `cost` the JSON report keeps for its old readers (core/trace/cost-alias).
  const metrics = (Object.keys(report.policies[names[0] as string] ?? {}) as (keyof BenchMetrics)[]).filter(
    (metric) => !DEPRECATED_METRICS.includes(metric),
  );
  const body = metrics.map((metric) => [
    metric,
    ...names.map((n) => cell(report.policies[n]?.[metric])),
    ...swarms.map((s) => ratioCell(report.ratios[s]?.[metric])),
  ]);
  return [header, ...body];
}

function title(report: BenchReport): string {
  const size = report.size === null ? '' : `, size ${report.size}`;
  const split = report.split ? ` of the ${report.split} split` : '';
  return `${report.scenario} (${report.kind}${size}), ${report.seeds} seed${report.seeds === 1 ? '' : 's'}${split}: mean ± 95% interval`;
}

/** The metrics a paired comparison is printed for: quality, reward, time and cost. */
const PAIRED_SHOWN = ['reward', 'itemF1', 'criticalSteps', 'modelWallMs', 'cost'];

function pairedRows(report: BenchReport): string[][] {
  const others = Object.keys(report.paired);
  if (others.length === 0) return [];
  const header = ['metric', ...others.map((o) => `${o} − ${report.baseline} [95% paired]`)];
  const body = PAIRED_SHOWN.map((metric) => [
    metric,
    ...others.map((o) => {
      const d = report.paired[o]?.[metric];
      return d ? `${fmt(d.mean)} [${fmt(d.low)}, ${fmt(d.high)}]` : '';
    }),
  ]);
  return [header, ...body];
}

function aligned(table: string[][]): string[] {
  const widths = (table[0] as string[]).map((_, c) => Math.max(...table.map((r) => (r[c] ?? '').length)));
  return table.map((r) =>
    r.map((x, c) => (c === 0 ? x.padEnd(widths[c] as number) : x.padStart(widths[c] as number))).join('  '),
  );
}

export function textReport(report: BenchReport): string {
  const paired = pairedRows(report);
  return [
    title(report),
    '',
    ...aligned(rows(report)),
    ...(paired.length > 0
      ? ['', `paired with ${report.baseline}, instance by instance:`, ...aligned(paired)]
      : []),
  ].join('\n');
}

export function markdownReport(report: BenchReport, argv: readonly string[]): string {
  const table = rows(report);
  const md = (r: string[]) => `| ${r.join(' | ')} |`;
  return [
    `# ${title(report)}`,
    '',
    `Command: \`npm run --silent swarm -- bench ${argv.join(' ')}\``,
    '',
    md(table[0] as string[]),
    `|${(table[0] as string[]).map((_, i) => (i === 0 ? ':---' : '---:')).join('|')}|`,
    ...table.slice(1).map(md),
    '',
  ].join('\n');
}
