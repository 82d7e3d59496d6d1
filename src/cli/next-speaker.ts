import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  bigramBaseline,
  type Decision,
  decisionsOf,
  historyStrategies,
  type NextSpeakerModel,
  nextSpeaker,
  speakerRun,
  trainNextSpeaker,
} from '../core/router/next-speaker';
import { decodeTrace } from '../core/trace/jsonl';
import { UsageError } from './errors';
import { defineCommand, type FlagValue, helpText, parseFlags } from './flags';
import { readInputFile } from './input-file';
import { checkOutputs, writeFile } from './safe-write';

type Print = (text: string) => void;

/** With --model the command asks a model already trained: the training flags would be ignored. */
const training = (values: Readonly<Record<string, FlagValue>>) =>
  values.model !== undefined
    ? `--model ${values.model} asks a model already trained; this flag is for training one (with --traces DIR, without --model)`
    : undefined;

/** Without --model the command trains: the question's flags would be ignored. */
const asking = (values: Readonly<Record<string, FlagValue>>) =>
  values.model === undefined
    ? 'it is for asking a trained model (--model FILE); --traces DIR trains one'
    : undefined;

export const nextSpeakerTable = defineCommand({
  name: 'next-speaker',
  usage: [
    'next-speaker --traces DIR [--test-traces DIR] [--history S] [--k K] [--min-reward R] [--out MODEL.json] [--json]',
    'next-speaker --model MODEL.json --request TEXT [--spoken A,B,…] [--json]',
  ],
  about:
    'The next-speaker router (docs/router.md): from the request and the agents that have spoken so far, which agent speaks next, or "terminate". Trained on the successful runs in DIR (every *.jsonl, e.g. from bench --trace-dir): each run is its agents in the order their turns started, then terminate. With --test-traces it is scored on other runs against a baseline that picks the last speaker\'s most frequent successor.',
  flags: [
    { name: 'traces', type: 'string', value: 'DIR', help: 'training traces', appliesUnless: training },
    {
      name: 'test-traces',
      type: 'string',
      value: 'DIR',
      help: 'held-out traces to score on',
      appliesUnless: training,
    },
    {
      name: 'history',
      type: 'choice',
      value: 'S',
      choices: historyStrategies,
      default: 'summary',
      help: 'how the history is shown',
      appliesUnless: training,
    },
    {
      name: 'k',
      type: 'whole',
      value: 'K',
      min: 1,
      max: 1000,
      default: 3,
      help: 'speakers last-k shows (with --history last-k or random-truncation)',
      appliesUnless: (values) =>
        training(values) ??
        (values.history === 'summary'
          ? '--history summary counts who has spoken (--k is for last-k and random-truncation)'
          : undefined),
    },
    {
      name: 'min-reward',
      type: 'string',
      value: 'R',
      help: 'learn only from runs with at least this reward (default 0)',
      appliesUnless: training,
    },
    { name: 'out', type: 'string', value: 'FILE', help: 'where to write the model', appliesUnless: training },
    { name: 'model', type: 'string', value: 'FILE', help: 'a model written by --out, to ask' },
    {
      name: 'request',
      type: 'string',
      value: 'TEXT',
      help: 'the request, with --model',
      appliesUnless: asking,
    },
    {
      name: 'spoken',
      type: 'string',
      value: 'A,B,…',
      help: 'the agents that have spoken, in order, with --model',
      appliesUnless: asking,
    },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const nextSpeakerHelp = helpText(nextSpeakerTable);

function decisionsIn(
  dir: string,
  minReward: number,
): { decisions: Decision[]; runs: number; skipped: number } {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .sort();
  } catch (error) {
    throw new UsageError(
      `${dir}: cannot read the trace directory (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  if (files.length === 0) throw new UsageError(`${dir}: no *.jsonl traces`);
  const decisions: Decision[] = [];
  let runs = 0;
  let skipped = 0;
  for (const name of files) {
    const decoded = decodeTrace(readInputFile(join(dir, name), 'trace', undefined, true));
    if (!decoded.ok)
      throw new UsageError(
        `${join(dir, name)}:${decoded.problems[0]?.line}: ${decoded.problems[0]?.message}`,
      );
    const run = speakerRun(decoded.header, decoded.events, minReward);
    if (!run) {
      skipped++;
      continue;
    }
    runs++;
    decisions.push(...decisionsOf(run));
  }
  if (runs === 0)
    throw new UsageError(`${dir}: no successful run with a request to learn from (${skipped} skipped)`);
  return { decisions, runs, skipped };
}

function score(
  model: NextSpeakerModel,
  decisions: readonly Decision[],
  baseline: (h: readonly string[]) => string,
) {
  let right = 0;
  let base = 0;
  for (const d of decisions) {
    if (nextSpeaker(model, d.request, d.history).next === d.next) right++;
    if (baseline(d.history) === d.next) base++;
  }
  return {
    decisions: decisions.length,
    accuracy: right / decisions.length,
    baseline: base / decisions.length,
  };
}

export function nextSpeakerCommand(argv: string[], out: Print): void {
  const flags = parseFlags(nextSpeakerTable, argv);
  const values = {
    traces: flags.traces,
    'test-traces': flags['test-traces'],
    'min-reward': flags['min-reward'],
    out: flags.out,
    model: flags.model,
    request: flags.request,
    spoken: flags.spoken,
    json: flags.json === true,
  };
  if (values.model !== undefined) {
    if (values.request === undefined) throw new UsageError('--model needs --request TEXT');
    let model: NextSpeakerModel;
    try {
      model = JSON.parse(readInputFile(values.model, 'model')) as NextSpeakerModel;
    } catch (error) {
      throw new UsageError(`${values.model}: cannot read the model (${(error as Error).message})`);
    }
    if (!model?.classifier?.classes) throw new UsageError(`${values.model}: not a next-speaker model`);
    const spoken = (values.spoken ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const answer = nextSpeaker(model, values.request, spoken);
    out(values.json ? JSON.stringify(answer) : `${answer.next} (confidence ${answer.confidence.toFixed(2)})`);
    return;
  }
  if (values.traces === undefined)
    throw new UsageError('--traces DIR (to train) or --model FILE (to ask) is required');
  const strategy = flags.history;
  const k = flags.k;
  if (values.out !== undefined) checkOutputs([{ path: values.out, flag: '--out' }], []);
  const minReward = values['min-reward'] === undefined ? 0 : Number(values['min-reward']);
  if (!Number.isFinite(minReward))
    throw new UsageError(`--min-reward must be a number, got "${values['min-reward']}"`);
  const train = decisionsIn(values.traces, minReward);
  const model = trainNextSpeaker(train.decisions, { strategy, k });
  const baseline = bigramBaseline(train.decisions);
  const test =
    values['test-traces'] === undefined ? undefined : decisionsIn(values['test-traces'], minReward);
  if (values.out !== undefined) {
    writeFile(values.out, `${JSON.stringify(model)}\n`);
  }
  const report = {
    strategy,
    k,
    train: { runs: train.runs, skipped: train.skipped, ...score(model, train.decisions, baseline) },
    ...(test
      ? { test: { runs: test.runs, skipped: test.skipped, ...score(model, test.decisions, baseline) } }
      : {}),
    out: values.out ?? null,
  };
  if (values.json) {
    out(JSON.stringify(report));
    return;
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  out(
    [
      `next-speaker router (${strategy}${strategy === 'summary' ? '' : `, k ${k}`}) trained on ${train.runs} runs, ${report.train.decisions} decisions`,
      `train accuracy ${pct(report.train.accuracy)} (last speaker's most frequent successor: ${pct(report.train.baseline)})`,
      ...(report.test
        ? [
            `test accuracy ${pct(report.test.accuracy)} on ${report.test.runs} runs, ${report.test.decisions} decisions (baseline ${pct(report.test.baseline)})`,
          ]
        : []),
      ...(values.out ? [`wrote ${values.out}`] : []),
    ].join('\n'),
  );
}
