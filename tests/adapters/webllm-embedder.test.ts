import { describe, expect, it } from 'vitest';
import {
  chooseEmbedder,
  type EmbeddingEngineLike,
  type EmbeddingResponseLike,
  webllmEmbedder,
} from '../../src/adapters/browser/webllm-embedder';
import type { Embedder } from '../../src/core/embeddings/types';

/**
 * A fake of WebLLM's engine.embeddings: each text becomes [length, 2·length, 2] (never unit
 * length, so normalisation shows), it records every request, and it can be held until released.
 */
function fakeEngine(options: { gate?: Promise<void>; reverse?: boolean; dim?: number } = {}) {
  const requests: { input: string[]; model: string | null | undefined }[] = [];
  const engine: EmbeddingEngineLike = {
    embeddings: {
      async create(request) {
        const input = request.input as string[];
        requests.push({ input, model: request.model });
        if (input.some((t) => t === '')) throw new Error('Embedding input cannot be empty string');
        await options.gate;
        const data = input.map((t, index) => ({
          index,
          embedding: [t.length, 2 * t.length, 2, 0].slice(0, options.dim ?? 3),
        }));
        const response: EmbeddingResponseLike = { data: options.reverse ? data.reverse() : data };
        return {
          ...response,
          model: request.model,
          object: 'list',
          usage: { prompt_tokens: 1, total_tokens: 1 },
        };
      },
    },
  };
  return { engine, requests };
}

const texts = (n: number) => Array.from({ length: n }, (_, i) => `text ${i}`);

describe('webllmEmbedder', () => {
  it('sends at most 32 inputs a request, in order, naming the model', async () => {
    const { engine, requests } = fakeEngine();
    const embedder = webllmEmbedder({ engine, model: 'arctic-s', dim: 3 });
    expect(embedder).toMatchObject({ name: 'webllm:arctic-s', dim: 3 });
    const vectors = await embedder.embed(texts(70));
    expect(vectors).toHaveLength(70);
    expect(requests.map((r) => r.input.length)).toEqual([32, 32, 6]);
    expect(requests.flatMap((r) => r.input)).toEqual(texts(70));
    expect(requests.every((r) => r.model === 'arctic-s')).toBe(true);
    await embedder.embed([]);
    expect(requests).toHaveLength(3);
  });

  it('honours a smaller batch size and refuses one above 32', async () => {
    const { engine, requests } = fakeEngine();
    await webllmEmbedder({ engine, model: 'm', dim: 3, batchSize: 4 }).embed(texts(9));
    expect(requests.map((r) => r.input.length)).toEqual([4, 4, 1]);
    expect(() => webllmEmbedder({ engine, model: 'm', dim: 3, batchSize: 33 })).toThrow(/batch size/);
  });

  it('returns L2-normalised Float32Arrays, placed by the reply’s index', async () => {
    const { engine } = fakeEngine({ reverse: true });
    const [short, long] = await webllmEmbedder({ engine, model: 'm', dim: 3 }).embed(['ab', 'abcdefgh']);
    expect(short).toBeInstanceOf(Float32Array);
    // [2, 4, 2] / √24 and [8, 16, 2] / √324: the reversed reply still lands on its own input.
    expect(Array.from(short as Float32Array)).toEqual([2, 4, 2].map((x) => Math.fround(x / Math.sqrt(24))));
    expect(Array.from(long as Float32Array)).toEqual([8, 16, 2].map((x) => Math.fround(x / 18)));
  });

  it('gives a blank text the zero vector without sending it (WebLLM rejects empty input)', async () => {
    const { engine, requests } = fakeEngine();
    const [a, blank, b] = await webllmEmbedder({ engine, model: 'm', dim: 3 }).embed(['a', '  ', 'b']);
    expect(requests.map((r) => r.input)).toEqual([['a', 'b']]);
    expect(Array.from(blank as Float32Array)).toEqual([0, 0, 0]);
    expect(a).toEqual(b);
  });

  it('rejects a reply whose vectors are not of the declared dim', async () => {
    const { engine } = fakeEngine({ dim: 4 });
    await expect(webllmEmbedder({ engine, model: 'm', dim: 3 }).embed(['a'])).rejects.toThrow(
      /length 4, expected 3/,
    );
  });

  it('rejects with the signal’s reason mid-batch, and sends no further batch', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { engine, requests } = fakeEngine({ gate });
    const controller = new AbortController();
    const pending = webllmEmbedder({ engine, model: 'm', dim: 3 }).embed(texts(40), controller.signal);
    await Promise.resolve();
    controller.abort(new Error('user stopped'));
    await expect(pending).rejects.toThrow('user stopped');
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toHaveLength(1);
  });

  it('sends nothing when the signal has already aborted', async () => {
    const { engine, requests } = fakeEngine();
    const signal = AbortSignal.abort(new Error('gone'));
    await expect(webllmEmbedder({ engine, model: 'm', dim: 3 }).embed(['a'], signal)).rejects.toThrow('gone');
    expect(requests).toHaveLength(0);
  });
});

describe('chooseEmbedder', () => {
  const loaded: Embedder = { name: 'webllm:m', dim: 3, embed: async (t) => t.map(() => new Float32Array(3)) };

  it('uses WebLLM when the GPU is fine and the model loads', async () => {
    const chosen = await chooseEmbedder({ gpuOk: true, loadWebllm: async () => loaded });
    expect(chosen).toEqual({ embedder: loaded });
  });

  it('falls back to hashing, without trying to load, when the GPU is not ok', async () => {
    let tried = false;
    const chosen = await chooseEmbedder({
      gpuOk: false,
      loadWebllm: async () => {
        tried = true;
        return loaded;
      },
    });
    expect(tried).toBe(false);
    expect(chosen.embedder.name).toBe('hashing-384');
    expect(chosen.fallbackReason).toMatch(/WebGPU/);
  });

  it('falls back to hashing with the load error in the reason', async () => {
    const chosen = await chooseEmbedder({
      gpuOk: true,
      fallbackDim: 128,
      loadWebllm: async () => {
        throw new Error('Unable to find a compatible GPU');
      },
    });
    expect(chosen.embedder.name).toBe('hashing-128');
    expect(chosen.fallbackReason).toMatch(/did not load \(Unable to find a compatible GPU\)/);
    const [v] = await chosen.embedder.embed(['still works offline']);
    expect(v).toHaveLength(128);
  });

  it('falls back when no loader is given', async () => {
    const chosen = await chooseEmbedder({ gpuOk: true });
    expect(chosen.embedder.name).toBe('hashing-384');
    expect(chosen.fallbackReason).toMatch(/configured/);
  });
});
