/**
 * `swarm analyze`: asks a model about a stored run. The run's DAG with its realized critical path
 * is drawn in Node by the page's own drawing (src/ui/dag/run-picture.ts) and rasterised with resvg,
 * unless --image gives pictures; the run's summary, the question and the pictures go to the model
 * (src/api/analyze.ts over src/core/vision/analyze.ts). Every refusal — not a PNG or JPEG, too
 * large, too many, a model that cannot see, a file that is not a run's trace — exits 2 before
 * anything is sent. The key comes from SWARM_API_KEY and goes in the Authorization header only.
 */

import { readFileSync } from 'node:fs';
import { nodeProviders } from '../adapters/node/node-providers';
import { svgToPng } from '../adapters/node/svg-to-png';
import { type AnalyzeOptions, analyzeTrace } from '../api/analyze';
import { isSwarmApiError } from '../api/errors';
import type { ProviderFactories } from '../core/providers/factories';
import { TRACE_SCHEMA } from '../core/trace/events';
import { decodeTrace } from '../core/trace/jsonl';
import { MAX_QUESTION } from '../core/vision/analyze';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from '../core/vision/image-limits';
import { PROVIDERS } from '../providers/registry';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { checkInputFile, readInputFile } from './input-file';
import { flagOfField, providerFlags, providerOfFlags } from './provider-flags';

type Print = (text: string) => void;

/** The providers whose models see only when the user says so (`sight: stated`, their provider.ts). */
const stated = PROVIDERS.filter((p) => p.sight?.kind === 'stated').map((p) => p.id);

export const analyzeTable = defineCommand({
  name: 'analyze',
  usage: [
    `analyze --trace FILE.jsonl --question TEXT [--image PNG]… [--provider ${stated.join('|') || 'KIND'} --endpoint URL --model NAME --vision] [--json]`,
  ],
  about:
    "Asks a model about a stored run: the run's summary (its realized critical path, slowest attempts, length in steps, one agent's estimate), your question and a picture — the run's DAG with its critical path in red, drawn as the page draws it, or your own --image — go to the model, and its answer is printed. The simulated model answers offline from the run's numbers. Nothing is sent when an image is not a PNG or JPEG, is too large or too many, or the model cannot see (docs/models.md, \"Models that see\").",
  flags: [
    { name: 'trace', type: 'string', value: 'FILE.jsonl', required: true, help: "the run's trace" },
    {
      name: 'question',
      type: 'string',
      value: 'TEXT',
      required: true,
      help: `what to ask, e.g. "where is the bottleneck?" (at most ${MAX_QUESTION.toLocaleString('en')} characters)`,
    },
    {
      name: 'image',
      type: 'string',
      value: 'FILE',
      multiple: true,
      help: `a PNG or JPEG to show instead of the run's DAG (told by its bytes; at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB each, ${MAX_IMAGES} in all); give it once per picture`,
    },
    ...providerFlags(() => undefined, { who: 'the model that looks at the run' }),
    {
      name: 'vision',
      type: 'boolean',
      help: `with --provider ${stated.join(' or ')}: the model at the endpoint can see images (the server cannot be asked)`,
      appliesUnless: (values) =>
        stated.includes(String(values.provider))
          ? undefined
          : `only a ${stated.join(' or ')} model is told whether it sees; the others' providers say so themselves`,
    },
    {
      name: 'single-agent-steps',
      type: 'whole',
      value: 'N',
      min: 1,
      max: 1_000_000_000,
      help: "a measured single-agent run's length in steps (else estimated from the trace's steps)",
    },
    { name: 'json', type: 'boolean', help: 'print the analysis record as JSON' },
  ],
});

export const analyzeHelp = helpText(analyzeTable);

/** The hosts's parts, replaceable by a test (a provider made against a loopback server). */
export interface AnalyzeDeps {
  readonly providers?: ProviderFactories;
  readonly now?: () => number;
}

export async function analyze(
  argv: string[],
  out: Print,
  _err: Print,
  deps: AnalyzeDeps = {},
): Promise<void> {
  const flags = parseFlags(analyzeTable, argv);
  const images = (flags.image ?? []).map((file) => {
    // Read whole only when within the limit: a larger file is named by its size, unread.
    checkInputFile(file, 'image', MAX_IMAGE_BYTES);
    return new Uint8Array(readFileSync(file));
  });
  if (images.length > MAX_IMAGES)
    throw new UsageError(`--image is given ${images.length} times; at most ${MAX_IMAGES} pictures are sent`);
  const trace = readTrace(flags.trace);
  const asked = providerOfFlags(flags);
  const options: AnalyzeOptions = {
    question: flags.question,
    ...(images.length > 0 ? { image: images } : {}),
    ...(asked ? { provider: { ...asked, ...(flags.vision ? { vision: true } : {}) } } : {}),
    ...(flags['single-agent-steps'] !== undefined ? { singleAgentSteps: flags['single-agent-steps'] } : {}),
  };
  let analysis: Awaited<ReturnType<typeof analyzeTrace>>;
  try {
    analysis = await analyzeTrace(trace, options, {
      providers: deps.providers ?? nodeProviders,
      rasterize: async (svg) => svgToPng(svg),
      now: deps.now ?? (() => Date.now()),
    });
  } catch (error) {
    if (isSwarmApiError(error)) {
      const field = error.field ?? '';
      const flag =
        field === 'image'
          ? '--image'
          : field === 'question'
            ? '--question'
            : field === 'run'
              ? '--trace'
              : flagOfField(field, flags);
      throw new UsageError(`${flag}: ${error.message}`);
    }
    throw error;
  }
  if (flags.json) {
    out(JSON.stringify(analysis, null, 2));
    return;
  }
  out(analysis.answer);
  out('');
  out(
    `(${analysis.provider} ${analysis.model}; shown: ${analysis.images.map((i) => `${i.label} ${i.type} ${i.bytes} bytes`).join(', ')})`,
  );
}

function readTrace(file: string) {
  const text = readInputFile(file, 'trace', undefined, true);
  const schema = /"schema"\s*:\s*"([^"]*)"/.exec(text.slice(0, 2000))?.[1];
  if (schema !== undefined && schema !== TRACE_SCHEMA)
    throw new UsageError(`${file}: a trace of schema ${schema}; this version reads ${TRACE_SCHEMA}`);
  const decoded = decodeTrace(text);
  if (!decoded.ok) {
    const [first, ...more] = decoded.problems;
    throw new UsageError(
      `${file}:${first?.line}: ${first?.message}${more.length > 0 ? ` (and ${more.length} more)` : ''}: a run's trace (JSONL) is accepted`,
    );
  }
  if (!decoded.events.some((e) => e.type === 'run.started'))
    throw new UsageError(`${file}: the trace has no run.started event: there is no run to analyse`);
  return { header: decoded.header, events: decoded.events };
}
