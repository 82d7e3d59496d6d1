import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildDataset,
  type DatasetBuild,
  type DatasetOptions,
  defaultDatasetOptions,
  skippedText,
} from '../core/datasets/build';
import { type DatasetFile, datasetFiles } from '../core/datasets/files';
import { formats, type SftKind, sftKinds } from '../core/datasets/rows';
import { decodeTraceFiles } from '../core/datasets/runs';
import { historyStrategies } from '../core/router/next-speaker';
import { readQueueFile } from './arbitration-file';
import { oneOf, UsageError, wholeNumber } from './errors';
import { readInputFile } from './input-file';
import { MAX_SEED } from './limits';
import { checkOutputs, writeFiles } from './safe-write';

type Print = (text: string) => void;

export const exportDatasetHelp = `swarm export-dataset --traces DIR [--arbitrated QUEUE.json] --format sft|dpo --out FILE.jsonl [options] [--json]

Cuts a training dataset from the run traces in DIR (every *.jsonl, e.g. written by bench
--trace-dir or route --run --trace) in the conversational formats Hugging Face TRL reads
(docs/datasets.md), and writes FILE.jsonl (train), FILE.validation.jsonl and FILE.md (its dataset
card). Train and validation are split by request: no request is on both sides. Every row is
checked against the TRL formats before anything is written, and scrubbed of API-key-like text.

  sft   {"messages": [...]} rows from successful runs of three kinds: meta-router plans,
        next-speaker decisions, subagent trajectories (with tool calls and a "tools" list)
  dpo   {"prompt", "chosen", "rejected"} pairs of meta-router plans for the same request: the
        higher mean reward is chosen, or the simpler plan when both succeeded within the margin

  --traces DIR          directory of JSONL traces
  --arbitrated QUEUE    sft: also a plan row for each request an arbiter labelled (swarm
                        arbitrate), unless runs already teach that request
  --format F            sft | dpo
  --out FILE.jsonl      the train file; the validation file and the card go beside it
  --min-reward R        sft: imitate only successful runs with at least this reward; dpo: drop
                        pairs whose chosen plan's mean reward is under it (default 0)
  --margin M            mean rewards closer than this are a tie (default ${defaultDatasetOptions.margin})
  --val-fraction F      share of requests held out for validation, 0 ≤ F < 1 (default ${defaultDatasetOptions.valFraction})
  --kinds K,…           sft: ${sftKinds.join(',')} (default all)
  --history S           sft next-speaker history: ${historyStrategies.join(' | ')} (default ${defaultDatasetOptions.history})
  --k K                 turns last-k shows (default ${defaultDatasetOptions.k})
  --seed N              seed of random-truncation (default ${defaultDatasetOptions.seed})
  --json                print one JSON document`;

function number(
  flag: string,
  raw: string | undefined,
  fallback: number,
  ok: (x: number) => boolean,
  want: string,
) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || !ok(value)) {
    throw new UsageError(`--${flag} must be ${want}, got "${raw}"`);
  }
  return value;
}

function readTraceDir(dir: string) {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.jsonl'))
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such directory' : code === 'ENOTDIR' ? 'not a directory' : code;
    throw new UsageError(`${dir}: cannot read the trace directory (${why})`);
  }
  if (names.length === 0) throw new UsageError(`${dir}: no *.jsonl traces to read; nothing written`);
  const decoded = decodeTraceFiles(
    names.map((name) => ({ name, text: readInputFile(join(dir, name), 'trace', undefined, true) })),
  );
  const [bad, ...more] = decoded.unreadable;
  if (bad) {
    const also =
      more.length > 0 ? ` (and ${more.length} more unreadable file${more.length > 1 ? 's' : ''})` : '';
    throw new UsageError(`${join(dir, bad.name)}:${bad.line}: ${bad.message}${also}; nothing written`);
  }
  return decoded;
}

/** Every file whole, or none (safe-write.ts): no half-written dataset. */
function writeAtomically(files: readonly DatasetFile[]): void {
  writeFiles(files.map((f) => ({ path: f.name, text: f.text })));
}

export function exportDataset(argv: string[], out: Print): void {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      traces: { type: 'string' },
      arbitrated: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      'min-reward': { type: 'string' },
      margin: { type: 'string' },
      'val-fraction': { type: 'string' },
      kinds: { type: 'string' },
      history: { type: 'string' },
      k: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values.traces === undefined && values.arbitrated === undefined) {
    throw new UsageError('--traces DIR is required (or --arbitrated QUEUE for SFT plans)');
  }
  if (values.arbitrated !== undefined && values.format === 'dpo') {
    throw new UsageError('--arbitrated is for --format sft: a label has no rival plan to pair with');
  }
  if (values.format === undefined) throw new UsageError(`--format is required: ${formats.join(' or ')}`);
  const format = oneOf('format', values.format, formats, 'sft');
  if (values.out === undefined) throw new UsageError('--out FILE.jsonl is required');
  if (!values.out.endsWith('.jsonl') || values.out.endsWith('.validation.jsonl')) {
    throw new UsageError(`--out must name the train file, FILE.jsonl, got "${values.out}"`);
  }
  checkOutputs(
    [{ path: values.out, flag: '--out' }],
    values.arbitrated !== undefined ? [values.arbitrated] : [],
  );
  if (format === 'dpo') {
    for (const flag of ['kinds', 'history', 'k', 'seed'] as const) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag} is for --format sft`);
    }
  }
  const kinds = values.kinds === undefined ? sftKinds : values.kinds.split(',').map((k) => k.trim());
  for (const kind of kinds) {
    if (!(sftKinds as readonly string[]).includes(kind)) {
      throw new UsageError(`--kinds takes ${sftKinds.join(', ')}, got "${kind}"`);
    }
  }
  const options: DatasetOptions = {
    format,
    minReward: number(
      'min-reward',
      values['min-reward'],
      defaultDatasetOptions.minReward,
      () => true,
      'a number',
    ),
    margin: number('margin', values.margin, defaultDatasetOptions.margin, (x) => x >= 0, 'a number ≥ 0'),
    valFraction: number(
      'val-fraction',
      values['val-fraction'],
      defaultDatasetOptions.valFraction,
      (x) => x >= 0 && x < 1,
      'a number in [0, 1)',
    ),
    kinds: [...new Set(kinds)] as SftKind[],
    history: oneOf('history', values.history, historyStrategies, defaultDatasetOptions.history),
    k: wholeNumber('k', values.k, defaultDatasetOptions.k, 1),
    seed: wholeNumber('seed', values.seed, defaultDatasetOptions.seed, 0, MAX_SEED),
  };
  const decoded = values.traces === undefined ? { traces: [] } : readTraceDir(values.traces);
  const arbitrated = values.arbitrated === undefined ? undefined : readQueueFile(values.arbitrated);
  const result = buildDataset({ ...decoded, ...(arbitrated ? { arbitrated } : {}) }, options);
  if (!result.ok) {
    throw new UsageError(`${values.traces ?? values.arbitrated}: ${result.reason}; nothing written`);
  }
  const files = datasetFiles(result, values.out.slice(0, -'.jsonl'.length));
  checkOutputs(
    [files.train, files.validation, files.card].map((f) => ({ path: f.name, flag: '--out' })),
    values.arbitrated !== undefined ? [values.arbitrated] : [],
  );
  writeAtomically([files.train, files.validation, files.card]);
  out(values.json ? JSON.stringify(report(result, files)) : text(result, files));
}

function report(build: DatasetBuild, files: ReturnType<typeof datasetFiles>) {
  return {
    format: build.options.format,
    files: { train: files.train.name, validation: files.validation.name, card: files.card.name },
    rows: { train: build.train.length, validation: build.validation.length },
    kinds: build.kinds,
    requests: build.requests,
    sources: build.sources,
    duplicates: build.duplicates,
    redacted: build.redacted,
    options: build.options,
    ...(build.trajectoryDrops ? { trajectoryDrops: build.trajectoryDrops } : {}),
    ...(build.dpo ? { dpo: build.dpo } : {}),
    ...(build.arbitrated ? { arbitrated: build.arbitrated } : {}),
  };
}

function text(build: DatasetBuild, files: ReturnType<typeof datasetFiles>): string {
  const { sources, options } = build;
  const lines = [
    `wrote ${files.train.name} (${rows(build.train.length)}), ${files.validation.name} (${rows(build.validation.length)}), ${files.card.name}`,
    `${options.format} from ${sources.traces} traces: ${sources.runs} runs${sources.qualifying !== undefined ? `, ${sources.qualifying} successful with reward ≥ ${options.minReward}` : ''}; skipped: ${skippedText(sources.skipped)}`,
  ];
  for (const [kind, count] of Object.entries(build.kinds)) {
    if (count)
      lines.push(
        `  ${kind.padEnd(14)} ${String(count.train).padStart(6)} train ${String(count.validation).padStart(6)} validation`,
      );
  }
  if (build.arbitrated) {
    const a = build.arbitrated;
    lines.push(
      `arbitrated: ${a.rows} plan rows${a.superseded > 0 ? `, ${a.superseded} left to the runs that teach those requests` : ''}`,
    );
  }
  if (build.dpo) {
    const d = build.dpo;
    lines.push(
      `${d.requests} requests seen, ${d.contested} with two or more plans: ${d.pairs} pairs (${d.byReward} by reward, ${d.bySimplicity} by simplicity within the margin ${options.margin}); dropped ${d.droppedSmallGap} with a gap under the margin, ${d.droppedBelowMin} below --min-reward`,
    );
  }
  lines.push(
    `requests: ${build.requests.train} train, ${build.requests.validation} validation; identical rows dropped: ${build.duplicates}; rows with a key scrubbed: ${build.redacted}`,
  );
  return lines.join('\n');
}

const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;
