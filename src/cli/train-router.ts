/**
 * `swarm train-router`: trains the meta-router's classifier from logged runs (traces), labelled
 * requests and arbitrated labels, and writes it as a router checkpoint (docs/router.md).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { arbitratedExamples } from '../core/router/arbitration';
import { ROUTER_SCHEMA, routerToCheckpoint } from '../core/router/checkpoint';
import { type LoggedRun, readLoggedRun, type SkipReason } from '../core/router/logged-runs';
import { examplesOf } from '../core/router/requests';
import { trainRouter as train } from '../core/router/train';
import { decodeTrace } from '../core/trace/jsonl';
import { readQueueFile } from './arbitration-file';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { readInputFile } from './input-file';
import { readRequestsFile } from './requests-file';
import { checkOutputs, writeFile } from './safe-write';

type Print = (text: string) => void;

export const trainRouterTable = defineCommand({
  name: 'train-router',
  usage: [
    'train-router [--traces DIR] [--requests FILE] [--arbitrated QUEUE.json] --out ROUTER.json [--json]',
  ],
  about:
    'Trains the router (docs/router.md) from the run traces in DIR (every *.jsonl, e.g. written by bench --trace-dir): each query is labelled with the choice (topology, workflow) that did best on it — the highest mean reward, then item-F1, then the fewest critical steps — a naive Bayes classifier learns the labels and a bandit learns a value per task type and choice from the rewards. Graph runs and traces without a query are skipped and counted. Hand-labelled requests (FILE, e.g. scenarios/router/requests.jsonl) teach the classifier too: their train split only. At least one of --traces, --requests and --arbitrated is needed.',
  flags: [
    { name: 'traces', type: 'string', value: 'DIR', help: 'directory of JSONL traces' },
    {
      name: 'requests',
      type: 'string',
      value: 'FILE',
      help: 'labelled requests, one {query, label, split} a line',
    },
    {
      name: 'arbitrated',
      type: 'string',
      value: 'FILE',
      help: 'an arbitration queue (swarm arbitrate): its labelled requests',
    },
    {
      name: 'out',
      type: 'string',
      value: 'FILE',
      required: true,
      help: `where to write the checkpoint (${ROUTER_SCHEMA})`,
    },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const trainRouterHelp = helpText(trainRouterTable);

function listTraces(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.jsonl'))
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such directory' : code === 'ENOTDIR' ? 'not a directory' : code;
    throw new UsageError(`${dir}: cannot read the trace directory (${why})`);
  }
}

function readRuns(dir: string) {
  const files = listTraces(dir);
  if (files.length === 0) throw new UsageError(`${dir}: no *.jsonl traces to train on`);
  const runs: LoggedRun[] = [];
  const skipped: Partial<Record<SkipReason, number>> = {};
  for (const name of files) {
    const file = join(dir, name);
    const decoded = decodeTrace(readInputFile(file, 'trace', undefined, true));
    if (!decoded.ok) {
      const [first, ...more] = decoded.problems;
      const also = more.length > 0 ? ` (and ${more.length} more problem${more.length > 1 ? 's' : ''})` : '';
      throw new UsageError(`${file}:${first?.line}: ${first?.message}${also}`);
    }
    const reading = readLoggedRun(decoded.header, decoded.events);
    if (reading.ok) runs.push(reading.run);
    else skipped[reading.skip] = (skipped[reading.skip] ?? 0) + 1;
  }
  return { files, runs, skipped };
}

const skipText = (skipped: Partial<Record<SkipReason, number>>) =>
  Object.entries(skipped)
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ') || 'none';

export function trainRouter(argv: string[], out: Print): void {
  const flags = parseFlags(trainRouterTable, argv);
  const values = {
    traces: flags.traces,
    requests: flags.requests,
    arbitrated: flags.arbitrated,
    out: flags.out,
    json: flags.json === true,
  };
  if (values.traces === undefined && values.requests === undefined && values.arbitrated === undefined) {
    throw new UsageError('--traces DIR, --requests FILE or --arbitrated QUEUE (or several) is required');
  }
  checkOutputs(
    [{ path: values.out, flag: '--out' }],
    [values.requests, values.arbitrated].filter((f): f is string => f !== undefined),
  );
  const { files, runs, skipped } =
    values.traces === undefined ? { files: [], runs: [], skipped: {} } : readRuns(values.traces);
  if (values.traces !== undefined && runs.length === 0) {
    throw new UsageError(
      `${values.traces}: no trace holds a task query to learn from (skipped: ${skipText(skipped)})`,
    );
  }
  // The test split stays out of training: it is what `route --eval` scores.
  const requests =
    values.requests === undefined ? [] : examplesOf(readRequestsFile(values.requests), 'train');
  if (values.requests !== undefined && requests.length === 0) {
    throw new UsageError(`${values.requests}: no request has "split": "train" to learn from`);
  }
  // Requests an arbiter labelled (swarm arbitrate) teach the classifier as hand-labelled ones do.
  const arbitrated =
    values.arbitrated === undefined ? [] : arbitratedExamples(readQueueFile(values.arbitrated));
  if (values.arbitrated !== undefined && arbitrated.length === 0) {
    throw new UsageError(`${values.arbitrated}: no labelled request in the queue yet (swarm arbitrate)`);
  }
  const { model, summary } = train(runs, { requests: [...requests, ...arbitrated] });
  writeFile(values.out, `${JSON.stringify(routerToCheckpoint(model))}\n`);
  const report = { out: values.out, traces: files.length, skipped, ...summary };
  if (values.json) {
    out(JSON.stringify(report));
    return;
  }
  out(
    [
      `trained ${values.out} on ${summary.runs} runs of ${summary.queries} queries ` +
        `(${files.length} traces; skipped: ${skipText(skipped)})` +
        (values.requests === undefined ? '' : ` and ${requests.length} labelled requests (train split)`) +
        (arbitrated.length === 0 ? '' : ` and ${arbitrated.length} arbitrated requests`),
      values.requests === undefined && arbitrated.length === 0
        ? 'labels (queries whose best choice it was):'
        : 'labels (queries whose best choice it was, and labelled requests):',
      ...Object.entries(summary.labels).map(([label, n]) => `  ${label.padEnd(26)}${n}`),
      `training accuracy ${(summary.trainingAccuracy * 100).toFixed(1)}%`,
    ].join('\n'),
  );
}
