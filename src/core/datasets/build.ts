/**
 * A dataset built from logged runs, end to end, the same for the CLI (`swarm export-dataset`) and
 * the page: traces → runs (runs.ts) → examples (sft.ts or dpo.ts) → keys scrubbed (redact.ts) →
 * identical rows once (filters.ts) → train and validation by request (split.ts) → every row held
 * to the TRL formats (trl-check.ts; a row that fails is a bug here, so the build throws). The
 * files and their card are files.ts's.
 *
 * What cannot make a dataset is refused with why, and nothing is written: no trace, traces of
 * another schema version only, no run, no row, no preference pair.
 */

import type { ArbitrationItem } from '../router/arbitration';
import type { HistoryStrategy } from '../router/next-speaker';
import { TRACE_SCHEMA } from '../trace/events';
import { detectLanguage, type Language } from '../util/words';
import { arbitratedPlanExamples } from './arbitrated';
import { type DpoStats, dpoExamples, whyNoPairs } from './dpo';
import { dedupe } from './filters';
import { defaultMargin, requestKey } from './plan-arms';
import { redactValue } from './redact';
import {
  canonicalJson,
  type DatasetFormat,
  type Example,
  type ExampleKind,
  type SftKind,
  sftKinds,
} from './rows';
import { type LoadedTrace, readDatasetRuns, type Skipped } from './runs';
import { sftExamples } from './sft';
import { defaultValFraction, splitByRequest } from './split';
import type { TrajectoryDrop } from './trajectories';
import { checkRows } from './trl-check';

export interface DatasetOptions {
  readonly format: DatasetFormat;
  /** SFT: the least reward a run needs to be imitated; DPO: that its pair's chosen plan needs. */
  readonly minReward: number;
  /** Mean rewards closer than this are a tie (plan-arms.ts). */
  readonly margin: number;
  readonly valFraction: number;
  /** SFT: the kinds of row. */
  readonly kinds: readonly SftKind[];
  readonly history: HistoryStrategy;
  /** Turns `last-k` shows. */
  readonly k: number;
  /** Seeds `random-truncation`. */
  readonly seed: number;
}

export const defaultDatasetOptions: Omit<DatasetOptions, 'format'> = {
  minReward: 0,
  margin: defaultMargin,
  valFraction: defaultValFraction,
  kinds: sftKinds,
  // The history the next-speaker router does best with (docs/router.md: 83.6% against 74.1%).
  history: 'last-k',
  k: 3,
  seed: 0,
};

export interface DatasetSources {
  readonly traces: number;
  /** Traces that gave a run. */
  readonly runs: number;
  /** SFT: runs successful and rewarded enough to imitate. */
  readonly qualifying?: number;
  /** Traces that gave none, by reason; `schema` counts those of another schema version. */
  readonly skipped: Skipped;
}

export interface DatasetBuild {
  readonly ok: true;
  readonly options: DatasetOptions;
  readonly sources: DatasetSources;
  readonly train: readonly unknown[];
  readonly validation: readonly unknown[];
  /** Rows of each kind on each side, after deduplication. */
  readonly kinds: Readonly<Partial<Record<ExampleKind, { train: number; validation: number }>>>;
  readonly requests: { readonly train: number; readonly validation: number };
  /** Distinct requests by language, detected from their script (util/words.ts). */
  readonly languages: Readonly<Partial<Record<Language, number>>>;
  /** Identical rows dropped. */
  readonly duplicates: number;
  /** Rows with a key-like string scrubbed. */
  readonly redacted: number;
  readonly trajectoryDrops?: Readonly<Partial<Record<TrajectoryDrop, number>>>;
  readonly dpo?: DpoStats;
  /** SFT plan rows from arbitrated requests, and those left out because runs already teach them. */
  readonly arbitrated?: { readonly rows: number; readonly superseded: number };
}

export type DatasetResult = DatasetBuild | { readonly ok: false; readonly reason: string };

export interface DatasetInput {
  readonly traces: readonly LoadedTrace[];
  /** Traces set apart for another schema version (runs.ts `decodeTraceFiles`). */
  readonly otherSchema?: readonly { readonly name: string; readonly schema: string }[];
  /** Arbitrated requests (SFT plans only): labelled ones become plan rows (arbitrated.ts). */
  readonly arbitrated?: readonly ArbitrationItem[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const skippedText = (skipped: Skipped): string =>
  Object.entries(skipped)
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ') || 'none';

export function buildDataset(input: DatasetInput, options: DatasetOptions): DatasetResult {
  const other = input.otherSchema ?? [];
  // Arbitrated labels alone can make an SFT plans dataset: they need no run.
  const arbitrating =
    options.format === 'sft' &&
    options.kinds.includes('plans') &&
    (input.arbitrated ?? []).some((i) => i.status === 'labelled');
  if (input.traces.length === 0 && !arbitrating) {
    if (other.length === 0) return { ok: false, reason: 'no traces to read' };
    const versions = [...new Set(other.map((o) => o.schema))].sort().join(', ');
    return {
      ok: false,
      reason: `${plural(other.length, 'trace')} of another schema version (${versions}); this version reads ${TRACE_SCHEMA}`,
    };
  }
  const { runs, skipped: bySkip } = readDatasetRuns(input.traces);
  const skipped: Skipped =
    other.length > 0 ? { ...bySkip, schema: (bySkip.schema ?? 0) + other.length } : bySkip;
  const traces = input.traces.length + other.length;
  if (runs.length === 0 && !arbitrating) {
    return {
      ok: false,
      reason: `no trace holds a finished task run with a request (${plural(traces, 'trace')}; skipped: ${skippedText(skipped)})`,
    };
  }
  let examples: Example[];
  let extra: Pick<DatasetBuild, 'trajectoryDrops' | 'dpo' | 'arbitrated'>;
  let qualifying: number | undefined;
  if (options.format === 'sft') {
    const sft = sftExamples(runs, {
      kinds: options.kinds,
      minReward: options.minReward,
      margin: options.margin,
      history: { strategy: options.history, k: options.k, seed: options.seed },
    });
    const fromRuns = new Set(sft.examples.filter((e) => e.kind === 'plans').map((e) => e.request));
    const byArbiter = options.kinds.includes('plans')
      ? arbitratedPlanExamples(input.arbitrated ?? [], fromRuns)
      : { examples: [], superseded: 0 };
    if (sft.qualifying === 0 && byArbiter.examples.length === 0) {
      return {
        ok: false,
        reason: `no successful run with a reward of at least ${options.minReward} among ${plural(runs.length, 'run')}: an SFT row is cut only from a run that worked`,
      };
    }
    if (sft.examples.length + byArbiter.examples.length === 0) {
      return {
        ok: false,
        reason: `no row of the kinds asked (${options.kinds.join(', ')}) in ${plural(sft.qualifying, 'successful run')}`,
      };
    }
    examples = [...sft.examples, ...byArbiter.examples];
    qualifying = sft.qualifying;
    extra = {
      trajectoryDrops: sft.trajectoryDrops,
      ...(input.arbitrated
        ? { arbitrated: { rows: byArbiter.examples.length, superseded: byArbiter.superseded } }
        : {}),
    };
  } else {
    const dpo = dpoExamples(runs, { margin: options.margin, minReward: options.minReward });
    if (dpo.examples.length === 0)
      return { ok: false, reason: `no preference pair: ${whyNoPairs(dpo.stats)}` };
    examples = dpo.examples;
    extra = { dpo: dpo.stats };
  }
  let redacted = 0;
  const scrubbed = examples.map((e) => {
    const row = redactValue(e.row);
    if (canonicalJson(row) !== canonicalJson(e.row)) redacted++;
    return { ...e, row };
  });
  const { kept, dropped } = dedupe(scrubbed);
  const sides = splitByRequest(kept, options.valFraction);
  const train = sides.train.map((e) => e.row);
  const validation = sides.validation.map((e) => e.row);
  const problems = checkRows([...train, ...validation], options.format);
  if (problems.length > 0) {
    const first = problems[0] as (typeof problems)[number];
    throw new Error(
      `the dataset builder wrote a row TRL would refuse (a bug): row ${first.row}: ${first.problems.map((p) => `${p.code}: ${p.message}`).join('; ')}` +
        (problems.length > 1 ? ` (and ${plural(problems.length - 1, 'more row')})` : ''),
    );
  }
  const kinds: Partial<Record<ExampleKind, { train: number; validation: number }>> = {};
  for (const [side, list] of [
    ['train', sides.train],
    ['validation', sides.validation],
  ] as const) {
    for (const e of list) {
      const count = kinds[e.kind] ?? { train: 0, validation: 0 };
      count[side]++;
      kinds[e.kind] = count;
    }
  }
  const requests = (list: readonly Example[]) => new Set(list.map((e) => requestKey(e.request))).size;
  // The requests' languages, detected from their script, so a card says what a dataset teaches in.
  const languages: Partial<Record<Language, number>> = {};
  for (const request of new Set([...sides.train, ...sides.validation].map((e) => e.request))) {
    const language = detectLanguage(request);
    languages[language] = (languages[language] ?? 0) + 1;
  }
  return {
    ok: true,
    options,
    sources: { traces, runs: runs.length, ...(qualifying !== undefined ? { qualifying } : {}), skipped },
    train,
    validation,
    kinds,
    requests: { train: requests(sides.train), validation: requests(sides.validation) },
    languages,
    duplicates: dropped,
    redacted,
    ...extra,
  };
}
