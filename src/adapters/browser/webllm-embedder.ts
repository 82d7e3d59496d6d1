/**
 * Embeddings from a WebLLM embedding model (e.g. snowflake-arctic-embed-s-q0f32-MLC-b32, 384
 * dimensions) behind the core's Embedder port, and the choice between it and the offline hashing
 * embedder. The engine is passed in (an MLCEngine, or a WebWorkerMLCEngine with the model already
 * loaded), so tests drive a fake one and this file never imports WebLLM's code.
 */
import type { CreateEmbeddingResponse, EmbeddingCreateParams } from '@mlc-ai/web-llm';
import { hashingEmbedder } from '../../core/embeddings/hashing';
import { type Embedder, l2Normalize } from '../../core/embeddings/types';
import { interruptible } from './engine-concurrency';

/** The part of WebLLM's engine this adapter calls: the OpenAI-style embeddings API. */
export interface EmbeddingEngineLike {
  readonly embeddings: {
    create(request: Pick<EmbeddingCreateParams, 'input' | 'model'>): Promise<EmbeddingResponseLike>;
  };
}

/** The fields read from WebLLM's CreateEmbeddingResponse (OpenAI's embeddings response). */
export type EmbeddingResponseLike = {
  readonly data: readonly Pick<CreateEmbeddingResponse['data'][number], 'embedding' | 'index'>[];
};

export interface WebllmEmbedderOptions {
  readonly engine: EmbeddingEngineLike;
  /** The model_id the engine has loaded. */
  readonly model: string;
  /** Length of the model's vectors (384 for arctic-embed-s, 768 for -m); checked on every reply. */
  readonly dim: number;
  /** Inputs per request, 1 to 32. @default 32 (the largest batch WebLLM's prebuilt -b32 models run in one pass) */
  readonly batchSize?: number;
}

export const maxBatchSize = 32;

export function webllmEmbedder(options: WebllmEmbedderOptions): Embedder {
  const { engine, model, dim } = options;
  const batchSize = options.batchSize ?? maxBatchSize;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > maxBatchSize) {
    throw new Error(
      `WebLLM embedding batch size must be a whole number in [1, ${maxBatchSize}], got ${batchSize}`,
    );
  }
  if (!Number.isInteger(dim) || dim < 1)
    throw new Error(`embedding dim must be a positive whole number, got ${dim}`);
  return {
    name: `webllm:${model}`,
    dim,
    async embed(texts, signal) {
      const out = texts.map(() => new Float32Array(dim));
      // WebLLM rejects an empty input (EmbeddingInputEmptyError) and so would fail the whole
      // batch: such texts keep the zero vector the port promises for "nothing to embed".
      const pending = texts.flatMap((t, i) => (t.trim() === '' ? [] : [i]));
      for (let start = 0; start < pending.length; start += batchSize) {
        throwIfAborted(signal);
        const batch = pending.slice(start, start + batchSize);
        const input = batch.map((i) => texts[i] as string);
        // The engine cannot be interrupted mid-batch; an abort rejects at once and the batch's
        // result is dropped when it comes.
        const response = await interruptible(engine.embeddings.create({ input, model }), signal, () => {});
        if (response.data.length !== batch.length) {
          throw new Error(`${model} returned ${response.data.length} embeddings for ${batch.length} inputs`);
        }
        const seen = new Set<number>();
        for (const [k, item] of response.data.entries()) {
          // `index` is the input's position in the request; trust it over the reply's order.
          const position = Number.isInteger(item.index) ? item.index : k;
          const target = batch[position];
          if (target === undefined || seen.has(position)) {
            throw new Error(`${model} returned a stray embedding for input ${position}`);
          }
          seen.add(position);
          if (item.embedding.length !== dim) {
            throw new Error(`${model} returned a vector of length ${item.embedding.length}, expected ${dim}`);
          }
          out[target] = l2Normalize(Float32Array.from(item.embedding));
        }
      }
      throwIfAborted(signal);
      return out;
    },
  };
}

export interface ChooseEmbedderOptions {
  /** The WebGPU pre-check passed (an adapter with the features the model needs). */
  readonly gpuOk: boolean;
  /** Loads the model and returns its embedder; any rejection falls back to hashing. */
  readonly loadWebllm?: () => Promise<Embedder>;
  /** @default 384 */
  readonly fallbackDim?: number;
}

export interface ChosenEmbedder {
  readonly embedder: Embedder;
  /** Why the offline embedder was chosen, in words for the page; absent when WebLLM serves. */
  readonly fallbackReason?: string;
}

/** WebLLM when the GPU allows and the model loads; the hashing embedder otherwise, with the reason. */
export async function chooseEmbedder(options: ChooseEmbedderOptions): Promise<ChosenEmbedder> {
  const fallback = (reason: string): ChosenEmbedder => ({
    embedder: hashingEmbedder({ dim: options.fallbackDim ?? 384 }),
    fallbackReason: reason,
  });
  if (!options.gpuOk) {
    return fallback(
      'No usable WebGPU adapter: using the offline hashing embedder (word overlap, no meaning).',
    );
  }
  if (!options.loadWebllm)
    return fallback('No WebLLM embedding model was configured: using the hashing embedder.');
  try {
    return { embedder: await options.loadWebllm() };
  } catch (error) {
    return fallback(
      `The WebLLM embedding model did not load (${describe(error)}): using the hashing embedder.`,
    );
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
