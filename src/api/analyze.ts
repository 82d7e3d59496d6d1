/**
 * `analyze`: a model asked about one run, for the API (Node and page) and `swarm analyze` alike.
 * The run's trace, a question, and the pictures — the caller's PNG or JPEG bytes, or the run's DAG
 * drawn by the page's own drawing (src/ui/dag/run-picture.ts) and rasterised by the host — go to
 * core's analyzeRun (src/core/vision/analyze.ts). Every refusal (the question, an image, a model
 * that cannot see, a run that is not there) is a SwarmApiError('invalid-analysis') naming its
 * field, thrown before anything is sent.
 */

import type { ProviderFactories } from '../core/providers/factories';
import type { Provider } from '../core/providers/types';
import { RequestError } from '../core/request/run-input';
import type { TraceEvent } from '../core/trace/events';
import type { TraceHeader } from '../core/trace/header';
import { SIMULATED } from '../core/trace/simulated-id';
import { type Analysis, analyzeRun, checkQuestion, QuestionError } from '../core/vision/analyze';
import { BlindModelError, requireSight } from '../core/vision/can-see';
import { checkImages, ImageError, type LabelledImage } from '../core/vision/image-limits';
import { SIMULATED_SIGHT_MODEL, simulatedSight } from '../core/vision/simulated-sight';
import { PROVIDERS } from '../providers/registry';
import { readProviderRequest } from '../providers/run-request';
import { runPicture } from '../ui/dag/run-picture';
import { SwarmApiError } from './errors';

export type { Analysis, AnalysisImage } from '../core/vision/analyze';

/** Who answers: a run request's `provider` object, and `vision: true` for a model you say sees. */
export type AnalysisProvider = { readonly kind: string; readonly vision?: boolean } & Readonly<
  Record<string, unknown>
>;

export interface AnalyzeOptions {
  /** What to ask ("where is the bottleneck?"); at most 2,000 characters. */
  readonly question: string;
  /**
   * PNG or JPEG bytes to show (up to 4, 4 MB each), told by their bytes, not a name. Default: the
   * run's DAG with its realized critical path, drawn as the page draws it.
   */
  readonly image?: Uint8Array | readonly Uint8Array[];
  /** Which run of the swarm, by its index. @default 0 */
  readonly run?: number;
  /**
   * The model that looks: `{kind: 'openai', endpoint, model, vision: true}`, or the simulated
   * model, which answers from the run's numbers offline. @default {kind: 'simulated'}
   */
  readonly provider?: AnalysisProvider;
  /** A measured single-agent run's length in steps, when you have one (else it is estimated). */
  readonly singleAgentSteps?: number;
}

export interface AnalysisHost {
  /** The real models this host runs, by kind (SwarmApiHost.providers). */
  readonly providers?: ProviderFactories;
  /** An SVG document to PNG bytes: how this host draws the default picture. */
  readonly rasterize?: (svg: string) => Promise<Uint8Array>;
  /** Milliseconds since the epoch, for the record's `at`. */
  readonly now: () => number;
}

const refuse = (message: string, field: string) => new SwarmApiError('invalid-analysis', message, field);

/** The run's analysis: everything checked first, then one call to the model. */
export async function analyzeTrace(
  trace: { readonly header: TraceHeader; readonly events: readonly TraceEvent[] },
  options: AnalyzeOptions,
  host: AnalysisHost,
): Promise<Analysis> {
  if (typeof options !== 'object' || options === null)
    throw refuse('analyze takes options: {question, image?, run?, provider?}', 'options');
  if (typeof options.question !== 'string') throw refuse('question must be text', 'question');
  try {
    checkQuestion(options.question);
  } catch (error) {
    if (error instanceof QuestionError) throw refuse(error.message, 'question');
    throw error;
  }
  const asked = options.provider ?? { kind: SIMULATED };
  const { vision, ...spec } = asked;
  if (vision !== undefined && typeof vision !== 'boolean')
    throw refuse('provider.vision must be true or false', 'provider.vision');
  const given = imagesOf(options.image);
  if (given) {
    try {
      checkImages(given);
    } catch (error) {
      if (error instanceof ImageError) throw refuse(error.message, 'image');
      throw error;
    }
  }
  const { provider, model } = await modelOf(spec, vision === true, host.providers ?? {});
  const images = given ?? [{ label: 'dag.png', bytes: await defaultPicture(trace, host) }];
  try {
    return await analyzeRun({
      header: trace.header,
      events: trace.events,
      question: options.question,
      images,
      provider,
      providerId: spec.kind,
      model,
      stated: vision === true,
      descriptors: PROVIDERS,
      at: new Date(host.now()).toISOString(),
      ...(options.singleAgentSteps !== undefined ? { singleAgentSteps: options.singleAgentSteps } : {}),
    });
  } catch (error) {
    if (error instanceof ImageError) throw refuse(error.message, 'image');
    if (error instanceof BlindModelError) throw refuse(error.message, 'provider');
    throw error;
  }
}

function imagesOf(image: AnalyzeOptions['image']): LabelledImage[] | undefined {
  if (image === undefined) return undefined;
  const list = image instanceof Uint8Array ? [image] : Array.isArray(image) ? image : undefined;
  if (list === undefined || !list.every((b) => b instanceof Uint8Array))
    throw refuse('image must be PNG or JPEG bytes (a Uint8Array), or a list of them', 'image');
  return list.map((bytes, i) => ({ label: `image ${i + 1}`, bytes }));
}

/** The model asked for, checked to see before it is made: a blind one is refused by name. */
async function modelOf(
  spec: { readonly kind: string } & Readonly<Record<string, unknown>>,
  stated: boolean,
  factories: ProviderFactories,
): Promise<{ provider: Provider; model: string }> {
  if (spec.kind === SIMULATED) return { provider: simulatedSight(SIMULATED), model: SIMULATED_SIGHT_MODEL };
  const read = readProviderRequest(spec);
  if (!read.ok) throw refuse(read.message, read.field);
  const model = read.provider.model;
  if (model === undefined)
    throw refuse(
      `provider.model is required: the ${spec.kind} model that looks at the picture`,
      'provider.model',
    );
  try {
    requireSight(PROVIDERS, { provider: read.provider.kind, model, stated });
  } catch (error) {
    if (error instanceof BlindModelError) throw refuse(error.message, 'provider');
    throw error;
  }
  const make = factories[read.provider.kind];
  if (!make) throw refuse(`this host runs no ${read.provider.kind} model`, 'provider.kind');
  try {
    return { provider: await make(read.provider), model };
  } catch (error) {
    if (error instanceof RequestError) throw refuse(error.message, error.field);
    throw error;
  }
}

async function defaultPicture(
  trace: { readonly header: TraceHeader; readonly events: readonly TraceEvent[] },
  host: AnalysisHost,
): Promise<Uint8Array> {
  if (!host.rasterize) throw refuse('this host draws no pictures: give image (PNG or JPEG bytes)', 'image');
  if (!trace.events.some((e) => e.type === 'run.started'))
    throw refuse('the run has not started: there is no graph to draw yet', 'run');
  return host.rasterize(runPicture(trace.header, trace.events).svg);
}
