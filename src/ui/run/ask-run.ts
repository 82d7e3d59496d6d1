/**
 * Asking a model about a run, in the page: the run's pictures drawn to PNG here (its DAG with the
 * realized critical path by src/ui/dag/run-picture.ts, the drawing `swarm analyze` and the API use;
 * the timeline as the Run view draws it, when it shows the run's end), then the API's own analyze
 * (src/api/analyze.ts → core's analyzeRun), so the page, the CLI and the API send the same request:
 * the run's summary, the question and the pictures, no key (the provider holds it in its header).
 * The answer is kept with the run in the Library (services.analyses). Loaded on the first Ask.
 */

import { svgToPng } from '../../adapters/browser/svg-to-png';
import type { Analysis } from '../../api/analyze';
import { analyzeTrace } from '../../api/analyze';
import type { ProviderFactories } from '../../core/providers/factories';
import type { Provider } from '../../core/providers/types';
import type { TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import { encodeBase64 } from '../../core/vision/base64';
import { openai } from '../../providers/openai/provider';
import { webllm } from '../../providers/webllm/provider';
import { app } from '../app-state';
import { runPicture } from '../dag/run-picture';
import { standaloneSvg } from '../export/picture';
import { services } from '../services';
import type { AskChoice } from './ask-models';
import { models } from './models';

export type AskPhase = 'drawing' | 'asking' | 'keeping';

export interface AskInput {
  readonly runId: string;
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
  readonly question: string;
  readonly choice: AskChoice;
  /** The Run view's timeline, when it shows the run at its end: shown to the model as well. */
  readonly timeline?: SVGSVGElement;
  readonly signal: AbortSignal;
  readonly onPhase: (phase: AskPhase) => void;
}

/** A picture as shown to the model, for the thumbnails beside the answer. */
export interface ShownPicture {
  readonly label: string;
  /** A data: URL of the very PNG sent. */
  readonly url: string;
}

export interface Asked {
  readonly analysis: Analysis;
  readonly pictures: readonly ShownPicture[];
}

/** The run's pictures, asked, answered, kept. Rejects with the abort's reason once cancelled. */
export async function askAboutRun(input: AskInput): Promise<Asked> {
  const { signal } = input;
  input.onPhase('drawing');
  const drawn: { label: string; bytes: Uint8Array }[] = [
    { label: 'dag.png', bytes: await svgToPng(runPicture(input.header, input.events).svg) },
  ];
  if (input.timeline) {
    const picture = standaloneSvg(input.timeline, { background: '#ffffff' });
    drawn.push({ label: 'timeline.png', bytes: await svgToPng(picture.text, 1) });
  }
  signal.throwIfAborted();
  input.onPhase('asking');
  const { choice } = input;
  const provider =
    choice.provider === openai.id
      ? { kind: openai.id, endpoint: choice.endpoint, model: choice.model, vision: choice.sees }
      : choice.provider === webllm.id
        ? { kind: webllm.id, model: choice.model }
        : { kind: choice.provider };
  const analysis = await analyzeTrace(
    { header: input.header, events: input.events },
    { question: input.question, image: drawn.map((d) => d.bytes), provider },
    { providers: pageModels(signal), now: () => Date.now() },
  );
  signal.throwIfAborted();
  // The API names a given image by its place; the page knows which picture each is.
  const named: Analysis = {
    ...analysis,
    images: analysis.images.map((image, i) => ({ ...image, label: drawn[i]?.label ?? image.label })),
  };
  input.onPhase('keeping');
  await (await services.analyses()).add(input.runId, named);
  return {
    analysis: named,
    pictures: drawn.map((d) => ({ label: d.label, url: `data:image/png;base64,${encodeBase64(d.bytes)}` })),
  };
}

/**
 * The real models the page's analyze may make, each the one its provider settings made for runs
 * (the endpoint with its key from this browser's store, the loaded WebLLM engines), every request
 * carrying the Cancel button's signal.
 */
function pageModels(signal: AbortSignal): ProviderFactories {
  const made = (kind: string, spec: Record<string, unknown>): Provider => {
    const settings = { ...app.state(), provider: kind };
    const own =
      kind === openai.id
        ? { ...settings, endpoint: String(spec.endpoint ?? ''), model: String(spec.model ?? '') }
        : settings;
    const { provider } = models.providerFor(own, {});
    return { name: provider.name, complete: (request) => provider.complete({ ...request, signal }) };
  };
  return {
    [openai.id]: (spec) => made(openai.id, spec),
    [webllm.id]: (spec) => made(webllm.id, spec),
  };
}
