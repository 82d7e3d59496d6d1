/**
 * The Provider port over a WebLLM engine, and the loading around it: progress in words and numbers,
 * load errors in words a user can act on, and the model cache.
 *
 * One engine generates for one request at a time (its per-model lock would queue a second one
 * anyway, but out of our sight): requests for the same engine wait here in FIFO order, so an abort
 * can interrupt exactly the request being served, and the concurrency meter can tell the
 * concurrency a swarm asked for (nominal) from the one it got (effective).
 *
 * Only types come from `@mlc-ai/web-llm` here; its code (6.8 MB, 2.3 MB gzipped) is imported on the first load.
 */
import type {
  AppConfig,
  ChatCompletionMessageParam,
  ChatCompletionRequestNonStreaming,
  ChatOptions,
  InitProgressReport,
  WebWorkerMLCEngine,
} from '@mlc-ai/web-llm';
import type {
  ChatMessage,
  ChatRequest,
  ChatResponse,
  FinishReason,
  Provider,
  ToolCall,
} from '../core/providers/types';
import { gpuFixes } from './webgpu-probe';

// ---------------------------------------------------------------------------------------------
// The engine

/** The fields read from WebLLM's `ChatCompletion`. */
export interface ChatCompletionLike {
  readonly id: string;
  readonly model: string;
  readonly choices: readonly {
    readonly finish_reason: string;
    readonly message: {
      readonly content: string | null;
      readonly tool_calls?: readonly {
        readonly id: string;
        readonly function: { readonly name: string; readonly arguments: string };
      }[];
    };
  }[];
  readonly usage?: {
    readonly prompt_tokens: number;
    readonly completion_tokens: number;
    readonly total_tokens: number;
  };
}

/** The part of WebLLM's `MLCEngineInterface` used here; `MLCEngine` and `WebWorkerMLCEngine` fit it. */
export interface EngineLike {
  readonly chat: {
    readonly completions: {
      create(request: ChatCompletionRequestNonStreaming): Promise<ChatCompletionLike>;
    };
  };
  interruptGenerate(): void;
  reload?(modelId: string, chatOpts?: ChatOptions): Promise<void>;
  unload?(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// One engine, one request at a time

export interface EngineGate {
  /**
   * Resolves with `release` when it is the caller's turn (FIFO); rejects with an AbortError,
   * leaving the queue, if `signal` aborts first. `release` may be called more than once.
   */
  acquire(signal?: AbortSignal): Promise<() => void>;
  /** Requests waiting, not counting the one served. */
  readonly waiting: number;
  readonly busy: boolean;
}

export function engineGate(): EngineGate {
  const queue: { grant: () => void; reject: (error: unknown) => void }[] = [];
  let busy = false;
  const releaser = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next) next.grant();
      else busy = false;
    };
  };
  return {
    get waiting() {
      return queue.length;
    },
    get busy() {
      return busy;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(abortError(signal));
      if (!busy) {
        busy = true;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const onAbort = (): void => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(abortError(signal as AbortSignal));
        };
        const waiter = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(releaser());
          },
          reject,
        };
        queue.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

const gates = new WeakMap<EngineLike, EngineGate>();

/** The gate every provider over `engine` shares unless given another. */
export function gateFor(engine: EngineLike): EngineGate {
  let gate = gates.get(engine);
  if (!gate) {
    gate = engineGate();
    gates.set(engine, gate);
  }
  return gate;
}

// ---------------------------------------------------------------------------------------------
// Nominal and effective concurrency

export interface MeterTicket {
  /** The request reached the engine. */
  served(): void;
  /** The request is over (answered, failed, or aborted and the engine let go). Idempotent. */
  end(): void;
}

export interface ConcurrencySummary {
  /** Time-averaged requests in flight, queued ones included: ∫ n(t) dt / elapsed. */
  readonly nominal: number;
  /** Time-averaged requests an engine was generating for. */
  readonly effective: number;
  readonly peakNominal: number;
  readonly peakEffective: number;
  readonly elapsedMs: number;
}

export interface ConcurrencyMeter {
  begin(): MeterTicket;
  summary(nowMs?: number): ConcurrencySummary;
  readonly inFlight: number;
  readonly serving: number;
}

export interface MeterOptions {
  /** @default performance.now */
  readonly now?: () => number;
  /** Where the averages start. @default the first `begin()` */
  readonly startMs?: number;
}

export function concurrencyMeter(options: MeterOptions = {}): ConcurrencyMeter {
  const now = options.now ?? (() => performance.now());
  let start = options.startMs;
  let last = start ?? 0;
  let inFlight = 0;
  let serving = 0;
  let nominalArea = 0;
  let effectiveArea = 0;
  let peakNominal = 0;
  let peakEffective = 0;
  // Both counts are step functions: accumulate the area of the step that ends at `t`.
  const advance = (t: number): void => {
    start ??= t;
    const at = Math.max(t, last, start);
    nominalArea += inFlight * (at - Math.max(last, start));
    effectiveArea += serving * (at - Math.max(last, start));
    last = at;
  };
  return {
    get inFlight() {
      return inFlight;
    },
    get serving() {
      return serving;
    },
    begin() {
      advance(now());
      inFlight += 1;
      peakNominal = Math.max(peakNominal, inFlight);
      let state: 'queued' | 'served' | 'ended' = 'queued';
      return {
        served() {
          if (state !== 'queued') return;
          advance(now());
          state = 'served';
          serving += 1;
          peakEffective = Math.max(peakEffective, serving);
        },
        end() {
          if (state === 'ended') return;
          advance(now());
          if (state === 'served') serving -= 1;
          inFlight -= 1;
          state = 'ended';
        },
      };
    },
    summary(nowMs = now()) {
      if (start === undefined) {
        return { nominal: 0, effective: 0, peakNominal: 0, peakEffective: 0, elapsedMs: 0 };
      }
      const t = Math.max(nowMs, last);
      const elapsedMs = t - start;
      const tail = t - Math.max(last, start);
      const average = (area: number, open: number): number =>
        elapsedMs > 0 ? (area + open * tail) / elapsedMs : 0;
      return {
        nominal: average(nominalArea, inFlight),
        effective: average(effectiveArea, serving),
        peakNominal,
        peakEffective,
        elapsedMs,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The provider

export interface WebllmProviderOptions {
  readonly engine: EngineLike;
  /** The model_id the engine has loaded; sent with every request and reported as the model. */
  readonly model: string;
  /** @default 'webllm' */
  readonly name?: string;
  /** @default gateFor(engine): providers over one engine share its queue */
  readonly gate?: EngineGate;
  readonly meter?: ConcurrencyMeter;
}

export function webllmProvider(options: WebllmProviderOptions): Provider {
  const { engine, model, meter } = options;
  const gate = options.gate ?? gateFor(engine);
  return {
    name: options.name ?? 'webllm',
    async complete(request: ChatRequest): Promise<ChatResponse> {
      const { signal } = request;
      const body = toWebllmRequest(request, model);
      if (signal?.aborted) throw abortError(signal);
      const ticket = meter?.begin();
      let release: () => void;
      try {
        release = await gate.acquire(signal);
      } catch (error) {
        ticket?.end();
        throw error;
      }
      const done = (): void => {
        release();
        ticket?.end();
      };
      if (signal?.aborted) {
        done();
        throw abortError(signal);
      }
      ticket?.served();
      let pending: Promise<ChatCompletionLike>;
      try {
        pending = engine.chat.completions.create(body);
      } catch (error) {
        done();
        throw error;
      }
      // The turn ends when the engine lets go, not when the caller stops waiting: after an
      // interrupt the engine still finishes its step, and the next request must not overlap it.
      pending.then(done, done);
      const response = await interruptible(pending, signal, () => engine.interruptGenerate());
      return fromWebllmResponse(response, model);
    },
  };
}

function toWebllmRequest(request: ChatRequest, model: string): ChatCompletionRequestNonStreaming {
  const format = request.response_format;
  return {
    model,
    stream: false,
    messages: request.messages.map(toWebllmMessage),
    ...(request.tools && request.tools.length > 0
      ? {
          tools: request.tools.map((tool) => ({
            type: 'function' as const,
            function: {
              name: tool.function.name,
              description: tool.function.description,
              parameters: tool.function.parameters,
            },
          })),
        }
      : {}),
    // WebLLM knows no 'required'; it reads no tool_choice at all today.
    ...(request.tool_choice !== undefined
      ? { tool_choice: request.tool_choice === 'required' ? 'auto' : request.tool_choice }
      : {}),
    // WebLLM spells a JSON schema as a json_object with the schema as a string.
    ...(format?.type === 'json_schema'
      ? {
          response_format: {
            type: 'json_object' as const,
            schema: JSON.stringify(format.json_schema.schema),
          },
        }
      : format
        ? { response_format: { type: format.type } }
        : {}),
    ...(request.max_tokens !== undefined ? { max_tokens: request.max_tokens } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
  };
}

function toWebllmMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.tool_call_id, content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.tool_calls && message.tool_calls.length > 0
          ? {
              tool_calls: message.tool_calls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.function.name, arguments: call.function.arguments },
              })),
            }
          : {}),
      };
  }
}

const finishReasons: readonly string[] = ['stop', 'length', 'tool_calls', 'content_filter', 'abort'];

function fromWebllmResponse(response: ChatCompletionLike, model: string): ChatResponse {
  const choice = response.choices[0];
  if (!choice) throw new Error(`WebLLM returned no choice for ${model}`);
  const calls: ToolCall[] | undefined = choice.message.tool_calls?.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.function.name, arguments: call.function.arguments },
  }));
  const usage = response.usage;
  return {
    id: response.id,
    model: response.model || model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: choice.message.content,
          ...(calls && calls.length > 0 ? { tool_calls: calls } : {}),
        },
        finish_reason: finishReasons.includes(choice.finish_reason)
          ? (choice.finish_reason as FinishReason)
          : 'stop',
      },
    ],
    // WebLLM always reports usage on a non-streaming reply; without one, NaN makes the agent
    // loop fall back to its own estimate.
    usage: {
      prompt_tokens: usage?.prompt_tokens ?? Number.NaN,
      completion_tokens: usage?.completion_tokens ?? Number.NaN,
      total_tokens: usage?.total_tokens ?? Number.NaN,
    },
  };
}

/** The promise, or at the signal's abort: `onAbort()` and a rejection named AbortError. */
function interruptible<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => void,
): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort();
      reject(abortError(signal));
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

function abortError(signal: AbortSignal): Error {
  const reason = signal.reason;
  const detail = reason instanceof Error ? reason.message : reason === undefined ? '' : String(reason);
  const error = new Error(detail ? `aborted: ${detail}` : 'aborted', { cause: reason });
  error.name = 'AbortError';
  return error;
}

// ---------------------------------------------------------------------------------------------
// Loading

export interface LoadProgress {
  /** 0 to 1. */
  readonly fraction: number;
  readonly elapsedS: number;
  /** Seconds left at the pace so far: elapsed × (1 − f) / f; undefined before any progress. */
  readonly etaS?: number;
  /** WebLLM's own line, e.g. "Fetching param cache[12/40]: 120MB fetched. 30% completed, …". */
  readonly text: string;
  readonly loadedMB?: number;
  /** Given by the text, or else loadedMB / fraction (the fraction WebLLM reports is of bytes). */
  readonly totalMB?: number;
}

export function loadProgress(report: InitProgressReport): LoadProgress {
  const fraction = Math.min(1, Math.max(0, Number.isFinite(report.progress) ? report.progress : 0));
  const elapsedS = Math.max(0, report.timeElapsed || 0);
  const text = report.text ?? '';
  const both = /(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*MB/i.exec(text);
  const one = /(\d+(?:\.\d+)?)\s*MB\s+(?:fetched|loaded)/i.exec(text);
  const loadedMB = both ? Number(both[1]) : one ? Number(one[1]) : undefined;
  const totalMB = both
    ? Number(both[2])
    : loadedMB !== undefined && fraction > 0
      ? Math.round(loadedMB / fraction)
      : undefined;
  return {
    fraction,
    elapsedS,
    ...(fraction > 0 ? { etaS: (elapsedS * (1 - fraction)) / fraction } : {}),
    text,
    ...(loadedMB !== undefined ? { loadedMB } : {}),
    ...(totalMB !== undefined ? { totalMB } : {}),
  };
}

export type LoadErrorKind =
  | 'aborted'
  | 'no-gpu'
  | 'shader-f16'
  | 'out-of-memory'
  | 'storage'
  | 'not-found'
  | 'network'
  | 'other';

/** A failed load, with `message` in words for the page and WebLLM's error as `cause`. */
export class ModelLoadError extends Error {
  readonly kind: LoadErrorKind;
  constructor(kind: LoadErrorKind, message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'ModelLoadError';
    this.kind = kind;
  }
}

/**
 * WebLLM's load error in words. Through a worker it arrives as a string ("Error: …"), in-thread as
 * an Error; Chrome's Cache API says "Request failed" for a 404 and "network error" when the
 * connection drops.
 */
export function describeLoadError(
  error: unknown,
  context: { readonly modelId: string; readonly modelUrl?: string },
): ModelLoadError {
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const { modelId, modelUrl } = context;
  const fail = (kind: LoadErrorKind, message: string): ModelLoadError =>
    new ModelLoadError(kind, message, error);
  if (/AbortError|\baborted\b/i.test(raw)) return fail('aborted', `Loading ${modelId} was cancelled.`);
  if (/shader-f16/i.test(raw)) {
    return fail(
      'shader-f16',
      `${modelId} needs the shader-f16 GPU feature, which this GPU or browser lacks: choose its q4f32 build.`,
    );
  }
  if (/compatible GPU|WebGPU is not (?:supported|available)|no GPU adapter|requestAdapter/i.test(raw)) {
    return fail('no-gpu', `No GPU was found for WebGPU. ${gpuFixes.noAdapter}`);
  }
  if (/device (?:was )?lost|DeviceLostError|out of memory|\bOOM\b|allocat|exceeds limit/i.test(raw)) {
    return fail(
      'out-of-memory',
      `The GPU ran out of memory loading ${modelId}: choose a smaller model (fewer parameters, or a -1k build), run fewer engines, or close other tabs that use the GPU, then press Load again.`,
    );
  }
  if (/QuotaExceeded|quota/i.test(raw)) {
    return fail(
      'storage',
      "The browser's storage is full: delete cached models you no longer need (or free disk space), then press Load again.",
    );
  }
  if (/\b404\b|Not Found|Request failed|Network response was not ok|received status 4\d\d/i.test(raw)) {
    return fail(
      'not-found',
      modelUrl
        ? `No model files were found at ${modelUrl} (404): the URL must be the folder holding mlc-chat-config.json (WebLLM reads <url>/resolve/main/… unless the URL already has /resolve/<branch>/), and the model library URL must point at the .wasm.`
        : `The files of ${modelId} were not found on its host (404): choose another model.`,
    );
  }
  if (/network|Failed to fetch|Load failed|fetch failed|Cannot fetch|ERR_|ECONN|timed? ?out/i.test(raw)) {
    return fail(
      'network',
      `The download stopped (network): check the connection and press Load again — files already fetched stay cached.${
        modelUrl
          ? ' For self-hosted files, also check that the server allows cross-origin requests (CORS).'
          : ''
      }`,
    );
  }
  return fail('other', `Loading ${modelId} failed: ${raw}`);
}

export type CreateEngine<E> = (
  modelId: string,
  config: { appConfig?: AppConfig; initProgressCallback: (report: InitProgressReport) => void },
  signal?: AbortSignal,
) => Promise<E>;

export interface LoadEngineOptions<E> {
  readonly modelId: string;
  /** Needed for models outside WebLLM's prebuilt list (self-hosted weights). */
  readonly appConfig?: AppConfig;
  readonly onProgress?: (progress: LoadProgress) => void;
  /** Cancels the load (the default engine's worker is terminated). */
  readonly signal?: AbortSignal;
  /** @default a WebWorkerMLCEngine in workers/webllm.worker.ts, WebLLM imported on first use */
  readonly create?: CreateEngine<E>;
}

/** Loads `modelId` into a new engine; rejects with a ModelLoadError. */
export async function loadEngine<E extends EngineLike = WebWorkerMLCEngine>(
  options: LoadEngineOptions<E>,
): Promise<E> {
  const { modelId, appConfig, onProgress, signal } = options;
  const create = options.create ?? (createWorkerEngine as unknown as CreateEngine<E>);
  const record = appConfig?.model_list.find((r) => r.model_id === modelId);
  const modelUrl =
    record && !record.model.startsWith('https://huggingface.co/mlc-ai/') ? record.model : undefined;
  try {
    if (signal?.aborted) throw abortError(signal);
    return await create(
      modelId,
      {
        ...(appConfig ? { appConfig } : {}),
        initProgressCallback: (report) => onProgress?.(loadProgress(report)),
      },
      signal,
    );
  } catch (error) {
    throw describeLoadError(error, { modelId, ...(modelUrl ? { modelUrl } : {}) });
  }
}

const createWorkerEngine: CreateEngine<WebWorkerMLCEngine> = async (modelId, config, signal) => {
  const webllm = await import('@mlc-ai/web-llm');
  const worker = new Worker(new URL('../../workers/webllm.worker.ts', import.meta.url), { type: 'module' });
  let stop = (): void => {};
  // A worker that fails to start, or a cancel, would otherwise leave the load pending forever.
  const halted = new Promise<never>((_, reject) => {
    const onError = (event: ErrorEvent): void =>
      reject(new Error(`the WebLLM worker failed to start: ${event.message}`));
    const onAbort = (): void => reject(abortError(signal as AbortSignal));
    worker.addEventListener('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
    stop = () => {
      worker.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
    };
  });
  try {
    return await Promise.race([webllm.CreateWebWorkerMLCEngine(worker, modelId, config), halted]);
  } catch (error) {
    // Frees whatever GPU memory the half-loaded model holds and stops its downloads.
    worker.terminate();
    throw error;
  } finally {
    stop();
  }
};

// ---------------------------------------------------------------------------------------------
// The model cache

export interface CacheApi {
  hasModelInCache(modelId: string, appConfig?: AppConfig): Promise<boolean>;
  deleteModelAllInfoInCache(modelId: string, appConfig?: AppConfig): Promise<void>;
}

const webllmCacheApi = async (): Promise<CacheApi> => import('@mlc-ai/web-llm');

/** The ids among `ids` whose weights are in the browser's cache; a failed check counts as absent. */
export async function cachedModels(
  ids: readonly string[],
  api?: CacheApi,
  appConfig?: AppConfig,
): Promise<string[]> {
  const cache = api ?? (await webllmCacheApi());
  const present = await Promise.all(ids.map((id) => cache.hasModelInCache(id, appConfig).catch(() => false)));
  return ids.filter((_, i) => present[i]);
}

/** Deletes the model's weights, config and wasm from the cache. */
export async function deleteCachedModel(id: string, api?: CacheApi, appConfig?: AppConfig): Promise<void> {
  const cache = api ?? (await webllmCacheApi());
  await cache.deleteModelAllInfoInCache(id, appConfig);
}

// ---------------------------------------------------------------------------------------------
// Several engines

/**
 * One provider over several engines holding the same model (one per subagent worker): each request
 * goes to the engine with the shortest queue, so `n` engines serve up to `n` requests at once and
 * the rest wait in FIFO order at the engine they were given. Ties rotate, and an engine whose last
 * request failed (a lost device, a dead worker: it fails at once, so it is always idle) is given
 * work only when every engine is failing, so one broken engine does not draw the traffic.
 */
export function enginePool(
  options: Omit<WebllmProviderOptions, 'engine' | 'gate'> & { engines: readonly EngineLike[] },
): Provider {
  const { engines, ...rest } = options;
  if (engines.length === 0) throw new Error('enginePool needs at least one engine');
  const members = engines.map((engine) => ({
    gate: gateFor(engine),
    provider: webllmProvider({ ...rest, engine }),
    failing: false,
  }));
  let next = 0;
  const score = (m: (typeof members)[number]): number =>
    (m.failing ? 1e6 : 0) + (m.gate.busy ? 1 : 0) + m.gate.waiting;
  return {
    name: members[0]?.provider.name ?? 'webllm',
    async complete(request) {
      let best = members[next % members.length] as (typeof members)[number];
      for (let k = 1; k < members.length; k++) {
        const m = members[(next + k) % members.length] as (typeof members)[number];
        if (score(m) < score(best)) best = m;
      }
      next = (members.indexOf(best) + 1) % members.length;
      try {
        const response = await best.provider.complete(request);
        best.failing = false;
        return response;
      } catch (error) {
        if (!request.signal?.aborted) best.failing = true;
        throw error;
      }
    },
  };
}
