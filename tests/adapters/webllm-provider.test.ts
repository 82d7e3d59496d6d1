import type {
  ChatCompletionRequestNonStreaming,
  InitProgressReport,
  MLCEngineInterface,
  WebWorkerMLCEngine,
} from '@mlc-ai/web-llm';
import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { concurrencyMeter } from '../../src/adapters/browser/engine-concurrency';
import type { GpuProbe } from '../../src/adapters/browser/webgpu-probe';
import {
  type CacheApi,
  cachedModels,
  deleteCachedModel,
  loadEngine,
  type ModelLoadError,
} from '../../src/adapters/browser/webllm-load';
import {
  catalogEntry,
  customModelRecord,
  describeMemory,
  memoryEstimate,
  supportedModels,
} from '../../src/adapters/browser/webllm-models';
import {
  type ChatCompletionLike,
  type EngineLike,
  enginePool,
  webllmProvider,
} from '../../src/adapters/browser/webllm-provider';
import type { ChatRequest, Provider } from '../../src/core/providers/types';
import { webllm } from '../../src/providers/webllm/provider';

/**
 * Simulated time: `sleep` registers a timer, `run` fires them in time order, letting every promise
 * chain settle between two timers, until none is left.
 */
function fakeClock() {
  let t = 0;
  const timers: { at: number; fire: () => void }[] = [];
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    now: () => t,
    sleep: (ms: number) => new Promise<void>((fire) => timers.push({ at: t + ms, fire })),
    async run() {
      for (await settle(); timers.length > 0; await settle()) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift()!;
        t = next.at;
        next.fire();
      }
    },
  };
}

type Clock = ReturnType<typeof fakeClock>;

/** Counts `create` calls in progress across all fake engines sharing one tally. */
function tally() {
  return { active: 0, max: 0 };
}

/**
 * A fake WebLLM engine: `create` takes `ms` of the clock (or waits for `hold` to be released), then
 * answers with `reply`; `interruptGenerate` ends the request in hand with finish_reason 'abort',
 * as WebLLM does; `reload` reports progress the way WebLLM's fetch loop words it.
 */
class FakeEngine implements EngineLike {
  readonly requests: ChatCompletionRequestNonStreaming[] = [];
  readonly own = tally();
  interrupts = 0;
  progress?: (report: InitProgressReport) => void;
  private interrupt?: () => void;

  constructor(
    private readonly options: {
      clock?: Clock;
      ms?: number;
      shared?: ReturnType<typeof tally>;
      reply?: (request: ChatCompletionRequestNonStreaming) => Partial<ChatCompletionLike['choices'][number]>;
    } = {},
  ) {}

  readonly chat = {
    completions: {
      create: async (request: ChatCompletionRequestNonStreaming): Promise<ChatCompletionLike> => {
        this.requests.push(request);
        const counters = [this.own, ...(this.options.shared ? [this.options.shared] : [])];
        for (const c of counters) {
          c.active += 1;
          c.max = Math.max(c.max, c.active);
        }
        let finish = 'stop';
        try {
          const interrupted = new Promise<void>((resolve) => {
            this.interrupt = () => {
              finish = 'abort';
              resolve();
            };
          });
          await Promise.race([
            this.options.clock?.sleep(this.options.ms ?? 100) ?? new Promise(() => {}),
            interrupted,
          ]);
        } finally {
          for (const c of counters) c.active -= 1;
          this.interrupt = undefined;
        }
        const choice = this.options.reply?.(request) ?? {};
        return {
          id: `chatcmpl-${this.requests.length}`,
          model: request.model ?? 'fake',
          choices: [{ finish_reason: finish, message: { content: 'ok' }, ...choice }],
          usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
        };
      },
    },
  };

  interruptGenerate(): void {
    this.interrupts += 1;
    this.interrupt?.();
  }

  async reload(modelId: string): Promise<void> {
    const report = (progress: number, timeElapsed: number, text: string) =>
      this.progress?.({ progress, timeElapsed, text });
    report(0, 0, 'Start to fetch params');
    report(0.3, 6, `Fetching param cache[12/40]: 120MB fetched. 30% completed, 6 secs elapsed. (${modelId})`);
    report(1, 20, 'Finish loading on WebGPU - fake');
  }
}

const ask = (text: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'agent-model',
  messages: [{ role: 'user', content: text }],
  ...extra,
});

/** A subagent: `turns` model calls, one after the other. */
async function agent(provider: Provider, turns: number): Promise<void> {
  for (let i = 0; i < turns; i++) await provider.complete(ask(`turn ${i}`));
}

describe('EngineLike', () => {
  it("is a subset of WebLLM's engine interface", () => {
    expectTypeOf<MLCEngineInterface>().toExtend<EngineLike>();
    expectTypeOf<WebWorkerMLCEngine>().toExtend<EngineLike>();
  });
});

describe('webllmProvider', () => {
  it('sends a non-streaming request without metadata or signal, and maps tool calls and usage', async () => {
    const clock = fakeClock();
    const engine = new FakeEngine({
      clock,
      reply: () => ({
        finish_reason: 'tool_calls',
        message: {
          content: null,
          tool_calls: [{ id: '0', function: { name: 'search', arguments: '{"q":"bees"}' } }],
        },
      }),
    });
    const provider = webllmProvider({ engine, model: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC' });
    expect(provider.name).toBe('webllm');
    const done = provider.complete({
      model: 'agent-model',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'find bees' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'nothing' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'search', description: 'web search', parameters: { type: 'object' } },
        },
      ],
      tool_choice: 'required',
      response_format: { type: 'json_schema', json_schema: { name: 'r', schema: { type: 'object' } } },
      max_tokens: 64,
      seed: 7,
      metadata: { profile: 'x' },
      signal: new AbortController().signal,
    });
    await clock.run();
    const response = await done;

    const sent = engine.requests[0]!;
    expect(sent).not.toHaveProperty('metadata');
    expect(sent).not.toHaveProperty('signal');
    expect(sent).toMatchObject({
      model: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
      stream: false,
      tool_choice: 'auto',
      response_format: { type: 'json_object', schema: '{"type":"object"}' },
      max_tokens: 64,
      seed: 7,
    });
    expect(sent.messages).toHaveLength(4);
    expect(sent.messages[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{}' } }],
    });
    expect(sent.tools?.[0]?.function.name).toBe('search');

    expect(response.choices[0].finish_reason).toBe('tool_calls');
    expect(response.choices[0].message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: '0', type: 'function', function: { name: 'search', arguments: '{"q":"bees"}' } }],
    });
    expect(response.usage).toEqual({ prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 });
    expect(response.model).toBe('Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
  });

  it('interrupts the engine when the signal aborts mid-generation, and rejects with AbortError', async () => {
    const engine = new FakeEngine(); // no clock: generation lasts until interrupted
    const provider = webllmProvider({ engine, model: 'm' });
    const controller = new AbortController();
    const pending = provider.complete(ask('long story', { signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(engine.own.active).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(engine.interrupts).toBe(1);
  });

  it('drops a request aborted while queued without touching the engine', async () => {
    const clock = fakeClock();
    const engine = new FakeEngine({ clock });
    const provider = webllmProvider({ engine, model: 'm' });
    const controller = new AbortController();
    const first = provider.complete(ask('first'));
    const second = provider.complete(ask('second', { signal: controller.signal }));
    const third = provider.complete(ask('third'));
    controller.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    await clock.run();
    await Promise.all([first, third]);
    expect(engine.interrupts).toBe(0);
    expect(engine.requests.map((r) => r.messages[0]?.content)).toEqual(['first', 'third']);
  });

  it('serves two providers on one engine one at a time: nominal ≈ 2, effective ≈ 1', async () => {
    const clock = fakeClock();
    const engine = new FakeEngine({ clock, ms: 100 });
    const meter = concurrencyMeter({ now: clock.now });
    const a = webllmProvider({ engine, model: 'm', meter });
    const b = webllmProvider({ engine, model: 'm', meter });
    const both = Promise.all([agent(a, 5), agent(b, 5)]);
    await clock.run();
    await both;
    expect(engine.requests).toHaveLength(10);
    expect(engine.own.max).toBe(1);
    const summary = meter.summary(clock.now());
    expect(summary.elapsedMs).toBe(1000);
    // Both agents wait or are served until the last 100 ms, when only one is left: 1.9.
    expect(summary.nominal).toBeCloseTo(1.9, 6);
    expect(summary.effective).toBeCloseTo(1, 6);
    expect(summary).toMatchObject({ peakNominal: 2, peakEffective: 1 });
  });

  it('lets providers on separate engines overlap: effective ≈ 2', async () => {
    const clock = fakeClock();
    const shared = tally();
    const meter = concurrencyMeter({ now: clock.now });
    const providers = [1, 2].map(() =>
      webllmProvider({ engine: new FakeEngine({ clock, ms: 100, shared }), model: 'm', meter }),
    );
    const both = Promise.all(providers.map((p) => agent(p, 5)));
    await clock.run();
    await both;
    expect(shared.max).toBe(2);
    const summary = meter.summary(clock.now());
    expect(summary.elapsedMs).toBe(500);
    expect(summary.nominal).toBeCloseTo(2, 6);
    expect(summary.effective).toBeCloseTo(2, 6);
  });

  it('spreads four agents over two pooled engines: each engine serves one at a time, effective ≈ 2 of nominal 4', async () => {
    const clock = fakeClock();
    const shared = tally();
    const meter = concurrencyMeter({ now: clock.now });
    const engines = [1, 2].map(() => new FakeEngine({ clock, ms: 100, shared }));
    const pool = enginePool({ engines, model: 'm', meter });
    expect(pool.name).toBe('webllm');
    const all = Promise.all([1, 2, 3, 4].map(() => agent(pool, 3)));
    await clock.run();
    await all;
    expect(engines.map((e) => e.requests.length)).toEqual([6, 6]);
    expect(engines.map((e) => e.own.max)).toEqual([1, 1]);
    expect(shared.max).toBe(2);
    const summary = meter.summary(clock.now());
    expect(summary.elapsedMs).toBe(600);
    expect(summary.effective).toBeCloseTo(2, 6);
    expect(summary.peakNominal).toBe(4);
    expect(() => enginePool({ engines: [], model: 'm' })).toThrow(/at least one engine/);
  });

  it('keeps sending work to healthy engines when one fails at once', async () => {
    const clock = fakeClock();
    const broken: EngineLike = {
      chat: { completions: { create: async () => Promise.reject(new Error('device lost')) } },
      interruptGenerate() {},
    };
    const healthy = [1, 2].map(() => new FakeEngine({ clock, ms: 100 }));
    const pool = enginePool({ engines: [broken, ...healthy], model: 'm' });
    let failed = 0;
    // Six subagents of five turns each; a failed turn is answered and the subagent goes on.
    const subagent = async () => {
      for (let turn = 0; turn < 5; turn++)
        await pool.complete(ask(`turn ${turn}`)).catch(() => (failed += 1));
    };
    const all = Promise.all(Array.from({ length: 6 }, subagent));
    await clock.run();
    await all;
    // The first wave finds the engine broken (two of six requests); after that it gets none.
    expect(failed).toBe(2);
    expect(healthy.map((e) => e.requests.length)).toEqual([14, 14]);
  });

  it('takes an engine back after its cool-down: one bad request does not remove it for good', async () => {
    let t = 0;
    const engines = [1, 2].map(() => new FakeEngine({ reply: () => ({}) }));
    const quick = (engine: FakeEngine, fail: boolean): EngineLike => ({
      chat: {
        completions: {
          create: async (request) => {
            engine.requests.push(request);
            if (fail) throw new Error('context window exceeded');
            return {
              id: 'c',
              model: 'm',
              choices: [{ finish_reason: 'stop', message: { content: 'ok' } }],
            };
          },
        },
      },
      interruptGenerate() {},
    });
    let failFirst = true;
    const first = engines[0] as FakeEngine;
    const flaky: EngineLike = {
      chat: {
        completions: {
          create: (request) => {
            const once = failFirst;
            failFirst = false;
            return quick(first, once).chat.completions.create(request);
          },
        },
      },
      interruptGenerate() {},
    };
    const pool = enginePool({
      engines: [flaky, quick(engines[1] as FakeEngine, false)],
      model: 'm',
      coolDownMs: 1000,
      now: () => t,
    });
    await expect(pool.complete(ask('too long'))).rejects.toThrow(/context window/);
    for (let i = 0; i < 4; i++) await pool.complete(ask('x'));
    // Within the cool-down every request went to the other engine.
    expect(engines.map((e) => e.requests.length)).toEqual([1, 4]);
    t = 1500;
    for (let i = 0; i < 4; i++) await pool.complete(ask('x'));
    expect(engines.map((e) => e.requests.length)).toEqual([3, 6]);
  });
});

describe('concurrencyMeter', () => {
  it('averages over time, counting a queued request as nominal only', () => {
    let t = 0;
    const meter = concurrencyMeter({ now: () => t });
    const one = meter.begin();
    one.served();
    t = 10;
    const two = meter.begin(); // waits 10 ms
    t = 20;
    one.end();
    two.served();
    t = 40;
    two.end();
    two.end(); // idempotent
    // nominal: 1·10 + 2·10 + 1·20 = 50 over 40; effective: 1 throughout.
    expect(meter.summary(40)).toEqual({
      nominal: 1.25,
      effective: 1,
      peakNominal: 2,
      peakEffective: 1,
      elapsedMs: 40,
    });
    // Idle time after the last request lowers the averages.
    expect(meter.summary(50).effective).toBeCloseTo(0.8, 6);
  });
});

describe('loadEngine', () => {
  it('maps WebLLM progress to fraction, ETA and megabytes, and returns the engine', async () => {
    const seen: unknown[] = [];
    const engine = await loadEngine({
      modelId: 'SmolLM2-360M-Instruct-q4f32_1-MLC',
      onProgress: (p) => seen.push(p),
      create: async (modelId, config) => {
        const fake = new FakeEngine();
        fake.progress = config.initProgressCallback;
        await fake.reload(modelId);
        return fake;
      },
    });
    expect(engine).toBeInstanceOf(FakeEngine);
    expect(seen).toEqual([
      { fraction: 0, elapsedS: 0, text: 'Start to fetch params' },
      {
        fraction: 0.3,
        elapsedS: 6,
        etaS: expect.closeTo(14, 6),
        loadedMB: 120,
        totalMB: 400,
        text: expect.stringContaining('Fetching param cache[12/40]'),
      },
      { fraction: 1, elapsedS: 20, etaS: 0, text: 'Finish loading on WebGPU - fake' },
    ]);
  });

  const failWith = (error: unknown, appConfig?: Parameters<typeof loadEngine>[0]['appConfig']) =>
    loadEngine({
      modelId: 'MyModel-q4f32_1-MLC',
      ...(appConfig ? { appConfig } : {}),
      create: () => Promise.reject(error),
    }).then(
      () => expect.unreachable('the load should fail'),
      (e: ModelLoadError) => e,
    );

  it('puts load errors in words a user can act on', async () => {
    // Through the worker, WebLLM's errors arrive as strings.
    const noGpu = await failWith('Error: Unable to find a compatible GPU. This issue might be because …');
    expect(noGpu).toMatchObject({ name: 'ModelLoadError', kind: 'no-gpu' });
    expect(noGpu.message).toMatch(/chrome:\/\/gpu/);

    const oom = await failWith(new Error('The WebGPU device was lost while loading the model.'));
    expect(oom.kind).toBe('out-of-memory');
    expect(oom.message).toMatch(/out of memory.*smaller model/);

    const network = await failWith(
      "NetworkError: Failed to execute 'add' on 'Cache': Cache.add() encountered a network error",
    );
    expect(network.kind).toBe('network');
    expect(network.message).toMatch(
      /the download stopped \(network\): check the connection and press Load again — files already fetched stay cached/i,
    );

    const f16 = await failWith('ShaderF16SupportError: This model requires WebGPU extension shader-f16 …');
    expect(f16.kind).toBe('shader-f16');
  });

  it('names the URL when self-hosted files are not found', async () => {
    const record = customModelRecord({
      url: 'https://models.example.com/MyModel-q4f32_1-MLC',
      modelLib: 'https://models.example.com/libs/MyModel-q4f32_1-webgpu.wasm',
    });
    const error = await failWith("TypeError: Failed to execute 'add' on 'Cache': Request failed", {
      model_list: [record],
    });
    expect(error.kind).toBe('not-found');
    expect(error.message).toContain('https://models.example.com/MyModel-q4f32_1-MLC');
    expect(error.message).toMatch(/404/);
    expect(error.cause).toBe("TypeError: Failed to execute 'add' on 'Cache': Request failed");
  });
});

describe('the model cache', () => {
  it('lists cached ids (a failing check counts as absent) and deletes through the api', async () => {
    const deleted: string[] = [];
    const api: CacheApi = {
      hasModelInCache: async (id) => {
        if (id === 'broken') throw new Error('ModelNotFoundError');
        return id.startsWith('Smol');
      },
      deleteModelAllInfoInCache: async (id) => {
        deleted.push(id);
      },
    };
    expect(await cachedModels(['SmolLM2-135M', 'Qwen2.5-0.5B', 'broken', 'SmolLM2-360M'], api)).toEqual([
      'SmolLM2-135M',
      'SmolLM2-360M',
    ]);
    await deleteCachedModel('SmolLM2-135M', api);
    expect(deleted).toEqual(['SmolLM2-135M']);
  });
});

describe('the WebLLM model list', () => {
  const records = prebuiltAppConfig.model_list;
  const gpu = (shaderF16: boolean, bindingMB = 2048): GpuProbe => ({
    ok: true,
    shaderF16,
    maxStorageBufferBindingSize: bindingMB * 2 ** 20,
    maxBufferSize: 2 ** 31,
    vendor: 'fake',
    architecture: '',
    isFallbackAdapter: false,
  });
  const ids = (entries: { id: string }[]) => entries.map((e) => e.id);

  it('reads kind, memory, features and context from each record', () => {
    const byId = new Map(records.map((r) => [r.model_id, catalogEntry(r)]));
    expect(byId.get('SmolLM2-360M-Instruct-q4f32_1-MLC')).toEqual({
      id: 'SmolLM2-360M-Instruct-q4f32_1-MLC',
      kind: 'llm',
      vision: false,
      vramMB: 579.61,
      lowResource: true,
      needsF16: false,
      contextWindow: 4096,
    });
    // No required_features in the record, but an f16 build all the same.
    expect(byId.get('Llama-3.2-1B-Instruct-q4f16_1-MLC')?.needsF16).toBe(true);
    expect(byId.get('snowflake-arctic-embed-s-q0f32-MLC-b4')?.kind).toBe('embedding');
    expect(byId.get('Phi-3.5-vision-instruct-q4f16_1-MLC')?.kind).toBe('vlm');
    expect(byId.get('Phi-3.5-vision-instruct-q4f16_1-MLC')?.vision).toBe(true);
    expect(byId.get('gemma-2b-it-q4f32_1-MLC')?.bufferBytes).toBe(262144000);
  });

  it("names as seeing exactly WebLLM's vision builds, so a refusal lists the models that can", () => {
    const vlm = records
      .map(catalogEntry)
      .filter((e) => e.vision)
      .map((e) => e.id);
    const sight = webllm.sight;
    expect(sight?.kind).toBe('models');
    expect(sight?.kind === 'models' ? [...sight.seeing].sort() : []).toEqual(vlm.sort());
  });

  it('without shader-f16, offers only f32 builds, the small ones included', () => {
    const { supported, rejected } = supportedModels(records, gpu(false));
    expect(supported.some((e) => e.needsF16)).toBe(false);
    expect(ids(supported)).toEqual(
      expect.arrayContaining(['SmolLM2-360M-Instruct-q4f32_1-MLC', 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC']),
    );
    const llama16 = rejected.find((r) => r.entry.id === 'Llama-3.2-1B-Instruct-q4f16_1-MLC');
    expect(llama16?.reason).toMatch(/shader-f16/);
    expect(supported.length + rejected.length).toBe(records.length);
  });

  it('with shader-f16, offers the f16 builds too', () => {
    const { supported } = supportedModels(records, gpu(true));
    expect(ids(supported)).toEqual(
      expect.arrayContaining(['SmolLM2-360M-Instruct-q4f16_1-MLC', 'Llama-3.2-1B-Instruct-q4f16_1-MLC']),
    );
    expect(supported.length).toBeGreaterThan(supportedModels(records, gpu(false)).supported.length);
  });

  it('rejects models whose buffers or memory exceed the limits', () => {
    const small = supportedModels(records, gpu(true, 128), { maxVramMB: 1000 });
    const reason = (id: string) => small.rejected.find((r) => r.entry.id === id)?.reason;
    expect(reason('gemma-2b-it-q4f32_1-MLC')).toMatch(/250 MB storage buffers; this GPU allows 128 MB/);
    expect(reason('Llama-3.2-1B-Instruct-q4f32_1-MLC')).toMatch(/1129 MB of GPU memory, above the 1000 MB/);
    expect(ids(small.supported)).toContain('SmolLM2-360M-Instruct-q4f32_1-MLC');
  });

  it('offers nothing when the probe failed', () => {
    const probe: GpuProbe = {
      ok: false,
      reason: 'no-adapter',
      message: 'no adapter',
      fix: 'see chrome://gpu',
    };
    const { supported, rejected } = supportedModels(records, probe);
    expect(supported).toEqual([]);
    expect(rejected).toHaveLength(records.length);
    expect(rejected[0]?.reason).toBe('no adapter');
  });

  it('estimates memory for several engines', () => {
    const entry = catalogEntry(records.find((r) => r.model_id === 'SmolLM2-360M-Instruct-q4f32_1-MLC')!);
    expect(memoryEstimate(entry, 3)).toBeCloseTo(1738.83, 2);
    expect(describeMemory(entry, 3)).toBe('about 1.7 GB of GPU memory (3 engines × 580 MB)');
    expect(describeMemory(entry, 1)).toBe('about 580 MB of GPU memory (1 engine)');
    expect(
      describeMemory(
        catalogEntry(customModelRecord({ url: 'https://x.org/M', modelLib: 'https://x.org/m.wasm' })),
        2,
      ),
    ).toMatch(/unknown/);
  });
});

describe('customModelRecord', () => {
  it('needs absolute http(s) URLs, for the weights and for the wasm', () => {
    for (const url of ['./models/MyModel-MLC', '/models/MyModel-MLC', 'not a url', 'ftp://example.com/m']) {
      expect(() => customModelRecord({ url, modelLib: 'https://example.com/m.wasm' })).toThrow(
        /absolute http\(s\) URL \(WebLLM requires it\)/,
      );
    }
    expect(() => customModelRecord({ url: 'https://example.com/M', modelLib: 'libs/m.wasm' })).toThrow(
      /model library \(wasm\) URL must be an absolute/,
    );
    expect(() =>
      customModelRecord({ url: 'https://example.com/', modelLib: 'https://example.com/m.wasm' }),
    ).toThrow(/give it an id/);
  });

  it('names the model after the last path segment, before any /resolve/<branch>/', () => {
    expect(
      customModelRecord({
        url: 'https://cdn.example.com/models/MyModel-q4f32_1-MLC/',
        modelLib: 'https://cdn.example.com/libs/MyModel-q4f32_1-webgpu.wasm',
      }),
    ).toEqual({
      model: 'https://cdn.example.com/models/MyModel-q4f32_1-MLC/',
      model_id: 'MyModel-q4f32_1-MLC',
      model_lib: 'https://cdn.example.com/libs/MyModel-q4f32_1-webgpu.wasm',
    });
    const hf = customModelRecord({
      url: 'https://huggingface.co/me/Tiny-q4f16_1-MLC/resolve/main/',
      modelLib: 'https://example.com/tiny.wasm',
      vramMB: 700,
    });
    expect(hf).toMatchObject({
      model_id: 'Tiny-q4f16_1-MLC',
      required_features: ['shader-f16'],
      vram_required_MB: 700,
    });
    expect(
      customModelRecord({ url: 'https://x.org/a/b', modelLib: 'https://x.org/m.wasm', id: 'mine' }).model_id,
    ).toBe('mine');
  });
});
