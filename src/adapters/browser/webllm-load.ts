/**
 * Loading a WebLLM model into an engine in its own worker: progress in words and numbers, load
 * errors in words a user can act on, and the model cache. Only types come from `@mlc-ai/web-llm`
 * here; its code (6.8 MB, 2.3 MB gzipped) is imported on the first load.
 */

import type { AppConfig, InitProgressReport, WebWorkerMLCEngine } from '@mlc-ai/web-llm';
import { abortError } from './engine-concurrency';
import { gpuFixes } from './webgpu-probe';
import type { EngineLike } from './webllm-provider';

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
  const worker = new Worker(new URL('../../../workers/webllm.worker.ts', import.meta.url), {
    type: 'module',
  });
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
