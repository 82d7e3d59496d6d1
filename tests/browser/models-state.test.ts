import type { AppConfig, ChatCompletionRequestNonStreaming, ModelRecord } from '@mlc-ai/web-llm';
import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { apiKeyStore, type KeyStorage } from '../../src/adapters/browser/api-key-store';
import type { GpuProbe } from '../../src/adapters/browser/webgpu-probe';
import type { CacheApi, LoadEngineOptions } from '../../src/adapters/browser/webllm-load';
import type { ChatCompletionLike, EngineLike } from '../../src/adapters/browser/webllm-provider';
import { profiles } from '../../src/ui/catalog';
import { sayEnglish } from '../../src/ui/i18n/words';
import { createModels, type ModelDeps } from '../../src/ui/run/models';
import { type AppState, defaultState } from '../../src/ui/url-state';

// The page's model state (src/ui/run/models.ts) with real Solid signals in real Chromium, and
// fakes only where no machine here reaches: the GPU, WebLLM's weights and its cache.

const records: ModelRecord[] = [
  {
    model: 'https://huggingface.co/mlc-ai/Small-q4f32_1-MLC',
    model_id: 'Small-q4f32_1-MLC',
    model_lib: 'x.wasm',
    vram_required_MB: 600,
  },
  {
    model: 'https://huggingface.co/mlc-ai/Small-q4f16_1-MLC',
    model_id: 'Small-q4f16_1-MLC',
    model_lib: 'x.wasm',
    vram_required_MB: 400,
  },
  {
    model: 'https://huggingface.co/mlc-ai/Other-q4f32_1-MLC',
    model_id: 'Other-q4f32_1-MLC',
    model_lib: 'x.wasm',
    vram_required_MB: 900,
  },
];
const okProbe: GpuProbe = {
  ok: true,
  shaderF16: false,
  maxStorageBufferBindingSize: 2 ** 30,
  maxBufferSize: 2 ** 30,
  vendor: 'test',
  architecture: 'fake',
  isFallbackAdapter: false,
};

class FakeEngine implements EngineLike {
  readonly requests: ChatCompletionRequestNonStreaming[] = [];
  unloaded = false;
  readonly worker = {
    terminated: false,
    terminate() {
      this.terminated = true;
    },
  };
  readonly chat = {
    completions: {
      create: async (request: ChatCompletionRequestNonStreaming): Promise<ChatCompletionLike> => {
        this.requests.push(request);
        return {
          id: 'c',
          model: request.model ?? '',
          choices: [{ finish_reason: 'stop', message: { content: '{"answer": "done"}' } }],
          usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 },
        };
      },
    },
  };
  interruptGenerate() {}
  async unload() {
    this.unloaded = true;
  }
}

function memoryStorage(): KeyStorage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function setup(overrides: Partial<ModelDeps> = {}) {
  const engines: FakeEngine[] = [];
  const cached = new Set(['Other-q4f32_1-MLC']);
  const loads: string[] = [];
  /** The backend of every appConfig WebLLM was given. */
  const backends: (string | undefined)[] = [];
  const cache: CacheApi = {
    hasModelInCache: async (id, config) => {
      backends.push(config?.cacheBackend);
      // The IndexedDB cache starts empty.
      return config?.cacheBackend === 'indexeddb' ? false : cached.has(id);
    },
    deleteModelAllInfoInCache: async (id) => void cached.delete(id),
  };
  const settings = memoryStorage();
  const deps: ModelDeps = {
    probe: async () => okProbe,
    importWebllm: async () => ({ prebuiltAppConfig: { model_list: records } as AppConfig }),
    async loadEngine(options: LoadEngineOptions<EngineLike>) {
      loads.push(options.modelId);
      backends.push(options.appConfig?.cacheBackend);
      options.onProgress?.({
        fraction: 0.5,
        elapsedS: 2,
        etaS: 2,
        text: 'half',
        loadedMB: 300,
        totalMB: 600,
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (options.signal?.aborted) throw new Error(`Loading ${options.modelId} was cancelled.`);
      cached.add(options.modelId);
      const engine = new FakeEngine();
      engines.push(engine);
      return engine;
    },
    cache,
    keys: apiKeyStore(memoryStorage()),
    settings,
    storageEstimate: async () => ({ usage: 700 * 2 ** 20, quota: 10 * 2 ** 30 }),
    ...overrides,
  };
  const models = createRoot(() => createModels(deps));
  return { models, engines, cached, loads, backends, settings, deps };
}

const settings = (patch: Partial<AppState>): AppState => ({ ...defaultState, ...patch });

describe('the page model state', () => {
  it('lists only the models this GPU supports, marks the cached one, and says why the others are out', async () => {
    const { models } = setup();
    expect(models.webllm().probe).toBe('unchecked');
    const checking = models.checkWebGpu();
    expect(models.webllm().probe).toBe('checking');
    await checking;
    const w = models.webllm();
    expect(w.listed).toBe(true);
    expect(w.supported.map((m) => m.id)).toEqual(['Small-q4f32_1-MLC', 'Other-q4f32_1-MLC']);
    expect(w.rejected.map((r) => [r.entry.id, r.reason])).toEqual([
      ['Small-q4f16_1-MLC', expect.stringMatching(/shader-f16/)],
    ]);
    expect(w.cached).toEqual(['Other-q4f32_1-MLC']);
  });

  it('loads engines with progress, then gives runs a pooled provider with tools as JSON and a meter', async () => {
    const { models, engines } = setup();
    await models.checkWebGpu();
    const loading = models.load('Small-q4f32_1-MLC', 2);
    expect(models.webllm().status).toBe('loading');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(models.webllm().progress).toMatchObject({ fraction: 0.5, totalMB: 600 });
    await loading;
    expect(models.webllm()).toMatchObject({ status: 'ready', modelId: 'Small-q4f32_1-MLC', engines: 2 });
    expect(models.webllm().cached).toContain('Small-q4f32_1-MLC');

    const run = models.providerFor(settings({ provider: 'webllm' }), profiles);
    expect(run.provider.name).toBe('webllm');
    expect(run.meter?.engines).toBe(2);
    for (const p of Object.values(run.profiles)) expect(p.models.webllm).toBe('Small-q4f32_1-MLC');
    const reply = await run.provider.complete({
      model: 'Small-q4f32_1-MLC',
      messages: [
        { role: 'system', content: 'You are a subagent.' },
        { role: 'user', content: 'Go.' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'search', description: 'Searches.', parameters: { type: 'object' } },
        },
      ],
    });
    expect(reply.choices[0].message.content).toBe('done');
    const sent = engines.flatMap((e) => e.requests);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.tools).toBeUndefined();
    expect(JSON.stringify(sent[0]?.messages)).toContain('search');
    expect(sent[0]?.response_format?.type).toBe('json_object');
    expect(run.meter?.meter.summary().peakNominal).toBe(1);
  });

  it('frees the old engines, workers included, when another model is loaded', async () => {
    const { models, engines } = setup();
    await models.checkWebGpu();
    await models.load('Small-q4f32_1-MLC', 2);
    await models.load('Other-q4f32_1-MLC', 1);
    expect(engines.slice(0, 2).map((e) => [e.unloaded, e.worker.terminated])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(models.webllm()).toMatchObject({ status: 'ready', modelId: 'Other-q4f32_1-MLC', engines: 1 });
  });

  it('cancels a load in words, and a run asked of it then says to load a model first', async () => {
    const { models, engines } = setup();
    await models.checkWebGpu();
    const loading = models.load('Small-q4f32_1-MLC', 3);
    models.cancelLoad();
    await loading;
    expect(models.webllm()).toMatchObject({
      status: 'failed',
      error: 'Loading Small-q4f32_1-MLC was cancelled.',
    });
    expect(engines).toHaveLength(0);
    expect(() => models.providerFor(settings({ provider: 'webllm' }), profiles)).toThrow(
      'Load a WebLLM model first (provider settings, Load).',
    );
  });

  it('does not delete the weights a load is reading', async () => {
    const { models, cached } = setup();
    await models.checkWebGpu();
    const loading = models.load('Other-q4f32_1-MLC', 1);
    await models.deleteCached('Other-q4f32_1-MLC');
    expect(cached.has('Other-q4f32_1-MLC')).toBe(true);
    await loading;
    expect(models.webllm()).toMatchObject({ status: 'ready', modelId: 'Other-q4f32_1-MLC' });
  });

  it('deletes a cached model, unloading it when it is the one loaded', async () => {
    const { models, engines, cached } = setup();
    await models.checkWebGpu();
    await models.load('Small-q4f32_1-MLC', 1);
    await models.deleteCached('Small-q4f32_1-MLC');
    expect(cached.has('Small-q4f32_1-MLC')).toBe(false);
    expect(models.webllm().cached).toEqual(['Other-q4f32_1-MLC']);
    expect(models.webllm().status).toBe('idle');
    expect(engines[0]?.worker.terminated).toBe(true);
  });

  it('keeps the weights where the user chose, remembered in this browser, and says what the site stores', async () => {
    const { models, backends, settings, deps } = setup();
    await models.checkWebGpu();
    expect(models.webllm().cacheBackend).toBe('cache');
    expect(models.webllm().storage).toEqual({ usage: 700 * 2 ** 20, quota: 10 * 2 ** 30 });
    expect(new Set(backends)).toEqual(new Set(['cache']));
    const before = backends.length;
    await models.setCacheBackend('indexeddb');
    expect(models.webllm().cached).toEqual([]);
    await models.load('Small-q4f32_1-MLC', 1);
    // The load and every cache check after the choice went to IndexedDB.
    expect(backends.length).toBeGreaterThan(before + 2);
    expect(new Set(backends.slice(before))).toEqual(new Set(['indexeddb']));
    // The next visit starts with the same choice.
    expect(settings.getItem('swarmflight.webllmCache')).toBe('indexeddb');
    const again = createRoot(() => createModels(deps));
    expect(again.webllm().cacheBackend).toBe('indexeddb');
  });

  it('without WebGPU, refuses a run with the probe’s reason and fix', async () => {
    const { models, loads } = setup({
      probe: async () => ({
        ok: false,
        reason: 'no-adapter',
        message: 'No adapter.',
        fix: 'Open chrome://gpu.',
      }),
    });
    await models.checkWebGpu();
    expect(models.webllm().listed).toBe(false);
    expect(() => models.providerFor(settings({ provider: 'webllm' }), profiles)).toThrow(
      'WebLLM cannot run here: No adapter. Open chrome://gpu.',
    );
    expect(loads).toEqual([]);
  });

  it('lets a failed import of WebLLM be retried', async () => {
    let fail = true;
    const { models } = setup({
      importWebllm: async () => {
        if (fail) throw new Error('network');
        return { prebuiltAppConfig: { model_list: records } as AppConfig };
      },
    });
    await models.checkWebGpu();
    expect(models.webllm()).toMatchObject({ status: 'failed', listed: false });
    expect(sayEnglish(models.webllm().error ?? '')).toMatch(
      /could not be loaded \(network\).*Check WebGPU again/,
    );
    fail = false;
    // Picking WebLLM again tries the import again, and the failure is forgotten.
    await models.checkWebGpu();
    expect(models.webllm()).toMatchObject({ listed: true, status: 'idle', error: undefined });
    expect(models.webllm().supported).toHaveLength(2);
  });

  it('builds the endpoint provider with the key from storage, and each profile on the chosen model', () => {
    const { models } = setup();
    expect(() => models.providerFor(settings({ provider: 'openai' }), profiles)).toThrow(/base URL/);
    models.keys.save('http://localhost:8080/v1', 'sk-stored');
    expect(models.keys.load('http://localhost:8080')).toBe('sk-stored');
    const run = models.providerFor(
      settings({ provider: 'openai', endpoint: 'http://localhost:8080/v1', model: 'qwen2.5:1.5b' }),
      profiles,
    );
    expect(run.provider.name).toBe('openai');
    expect(run.meter).toBeUndefined();
    for (const p of Object.values(run.profiles)) expect(p.models.openai).toBe('qwen2.5:1.5b');
    expect(JSON.stringify(run)).not.toContain('sk-stored');
    models.keys.forget('http://localhost:8080/v1');
    expect(models.keys.secrets()).toEqual([]);
  });
});
