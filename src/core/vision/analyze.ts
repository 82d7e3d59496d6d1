/**
 * Asking a model about a run: its trace, a question and pictures in; an `Analysis` record out.
 * Everything that can be refused is refused before the call, in words: an empty or overlong
 * question, an image that is not a PNG or JPEG or is too large, too many images, a model that
 * cannot see. What is sent: the run's summary (run-facts.ts), the question and the images — no
 * key (a provider holds it in its Authorization header), no file path, nothing else of the user's.
 * Pure: the provider, the time and the images' bytes are passed in.
 */

import type { ProviderDescriptor } from '../providers/descriptor';
import type { ChatRequest, ContentPart, Provider } from '../providers/types';
import type { TraceEvent } from '../trace/events';
import type { TraceHeader } from '../trace/header';
import { requireSight } from './can-see';
import { checkImages, type ImageType, type LabelledImage } from './image-limits';
import { runFacts, summaryText } from './run-facts';

/** The longest question accepted, in characters. */
export const MAX_QUESTION = 2000;

export interface AnalysisImage {
  readonly label: string;
  readonly type: ImageType;
  readonly bytes: number;
}

/** One question about one run and the model's answer: what the Library keeps with the run. */
export interface Analysis {
  readonly question: string;
  readonly answer: string;
  /** The provider's id and the model that answered (as the reply names it, else as asked). */
  readonly provider: string;
  readonly model: string;
  /** The images shown, by label, type and size: never their bytes. */
  readonly images: readonly AnalysisImage[];
  /** The run's summary the model read before the question. */
  readonly summary: string;
  /** When it was asked (ISO 8601), from the caller's clock. */
  readonly at: string;
}

export interface AnalyzeInput {
  readonly header: Pick<TraceHeader, 'scenario' | 'policy' | 'mainStepCost'>;
  readonly events: readonly TraceEvent[];
  readonly question: string;
  readonly images: readonly LabelledImage[];
  /** The model, and whether it can see by its provider's declaration (`stated`: the user's word). */
  readonly provider: Provider;
  readonly providerId: string;
  readonly model: string;
  readonly stated?: boolean;
  /** The providers' declarations (src/providers/registry.ts), to tell who can see. */
  readonly descriptors: readonly ProviderDescriptor[];
  /** When, as the record says it: the caller's clock, ISO 8601. */
  readonly at: string;
  /** A measured single-agent run's length in steps, when the caller has one (a bench). */
  readonly singleAgentSteps?: number;
  readonly signal?: AbortSignal;
}

/** A refused question: what is wrong with it and what is accepted. */
export class QuestionError extends Error {
  override readonly name = 'QuestionError';
}

export function checkQuestion(question: string): string {
  const q = question.trim();
  if (q === '')
    throw new QuestionError(
      'the question is empty: ask something about the run, e.g. "where is the bottleneck?"',
    );
  if (q.length > MAX_QUESTION)
    throw new QuestionError(
      `the question is ${q.length} characters long; at most ${MAX_QUESTION} are accepted`,
    );
  if (/[\p{Cc}]/u.test(q.replace(/[\n\t]/g, '')))
    throw new QuestionError(
      'the question holds control characters; plain text is accepted (new lines and tabs too)',
    );
  return q;
}

const SYSTEM = [
  'You analyse runs of a multi-agent orchestrator (an orchestrator and subagents working on a task graph).',
  'The picture is the run graph: rounded dark nodes are orchestrator steps, boxes are tasks, and the red nodes and edges are the realized critical path, the chain of work that made the run as long as it was.',
  'Answer the question in a few sentences, naming nodes by their labels and citing the numbers in the summary.',
].join(' ');

/** Everything checked, the model asked, the record made. */
export async function analyzeRun(input: AnalyzeInput): Promise<Analysis> {
  const question = checkQuestion(input.question);
  const images = checkImages(input.images);
  if (images.length > 0)
    requireSight(input.descriptors, {
      provider: input.providerId,
      model: input.model,
      ...(input.stated !== undefined ? { stated: input.stated } : {}),
    });
  const facts = runFacts(input.header, input.events, input.singleAgentSteps);
  const summary = summaryText(facts);
  const parts: ContentPart[] = [
    { type: 'text', text: `${summary}\n\nQuestion: ${question}` },
    ...images.map((i): ContentPart => ({ type: 'image_url', image_url: { url: i.dataUrl } })),
  ];
  const request: ChatRequest = {
    model: input.model,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: parts },
    ],
    max_tokens: 800,
    temperature: 0,
    // For the simulated model only (simulated-sight.ts); adapters never send metadata.
    metadata: { runFacts: facts, question },
    ...(input.signal ? { signal: input.signal } : {}),
  };
  const reply = await input.provider.complete(request);
  return {
    question,
    answer: reply.choices[0].message.content ?? '',
    provider: input.providerId,
    model: reply.model || input.model,
    images: images.map(({ label, type, bytes }) => ({ label, type, bytes })),
    summary,
    at: input.at,
  };
}
