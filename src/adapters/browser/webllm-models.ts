/**
 * WebLLM's model list, read: which models this GPU can run, what they cost in GPU memory, and a
 * record for self-hosted weights. Pure functions over `ModelRecord`s passed in (usually
 * `prebuiltAppConfig.model_list`, loaded lazily by the caller), so nothing here pulls WebLLM's
 * 6.8 MB module into the page.
 */
import type { ModelRecord } from '@mlc-ai/web-llm';
import type { GpuProbe } from './webgpu-probe';

export type ModelKind = 'llm' | 'embedding' | 'vlm';

export interface CatalogEntry {
  /** WebLLM's `model_id`, what `reload()` and `CreateWebWorkerMLCEngine` take. */
  readonly id: string;
  readonly kind: ModelKind;
  /**
   * Whether it takes image parts (WebLLM's VLM builds, e.g. Phi-3.5-vision-instruct): the picker
   * says so, and a request with images to any other model is refused before the call
   * (src/core/vision/can-see.ts).
   */
  readonly vision: boolean;
  /** GPU memory one loaded copy needs, as WebLLM measured it; absent for custom records without it. */
  readonly vramMB?: number;
  /** WebLLM's mark for models that fit phones and small integrated GPUs. */
  readonly lowResource: boolean;
  /** Needs the `shader-f16` WebGPU feature. */
  readonly needsF16: boolean;
  /** Largest storage buffer the model binds, when WebLLM records it (gemma: 250 MB). */
  readonly bufferBytes?: number;
  /** Tokens of context the build was compiled with (`overrides.context_window_size`). */
  readonly contextWindow?: number;
}

// `ModelType` is a numeric enum in WebLLM (LLM = 0, embedding = 1, VLM = 2); its values are
// spelled here so that only its type is imported.
const kinds: Readonly<Record<number, ModelKind>> = { 0: 'llm', 1: 'embedding', 2: 'vlm' };

// Many f16 builds (Llama-3.2-1B-q4f16_1, the Qwen ones) do not list `required_features`, and
// WebLLM then fails only at the first kernel: their quantisation code in the id gives them away.
const f16Build = /q\d+f16/;

export function catalogEntry(record: ModelRecord): CatalogEntry {
  const needsF16 = (record.required_features ?? []).includes('shader-f16') || f16Build.test(record.model_id);
  const contextWindow = record.overrides?.context_window_size;
  const kind = kinds[Number(record.model_type ?? 0)] ?? 'llm';
  return {
    id: record.model_id,
    kind,
    vision: kind === 'vlm',
    ...(typeof record.vram_required_MB === 'number' ? { vramMB: record.vram_required_MB } : {}),
    lowResource: record.low_resource_required === true,
    needsF16,
    ...(typeof record.buffer_size_required_bytes === 'number'
      ? { bufferBytes: record.buffer_size_required_bytes }
      : {}),
    ...(typeof contextWindow === 'number' && contextWindow > 0 ? { contextWindow } : {}),
  };
}

export interface SupportOptions {
  /** Models needing more GPU memory than this (per copy) are rejected. */
  readonly maxVramMB?: number;
}

export interface Rejected {
  readonly entry: CatalogEntry;
  /** Why, in words for the model picker. */
  readonly reason: string;
}

/** The records split into those this GPU can load and those it cannot, with the reason. */
export function supportedModels(
  records: readonly ModelRecord[],
  probe: GpuProbe,
  options: SupportOptions = {},
): { supported: CatalogEntry[]; rejected: Rejected[] } {
  const supported: CatalogEntry[] = [];
  const rejected: Rejected[] = [];
  for (const record of records) {
    const entry = catalogEntry(record);
    const reason = rejection(entry, probe, options);
    if (reason === undefined) supported.push(entry);
    else rejected.push({ entry, reason });
  }
  return { supported, rejected };
}

function rejection(entry: CatalogEntry, probe: GpuProbe, options: SupportOptions): string | undefined {
  if (!probe.ok) return probe.message;
  if (entry.needsF16 && !probe.shaderF16) {
    return 'needs the shader-f16 GPU feature, which this GPU or browser lacks: pick its q4f32 / q0f32 build';
  }
  if (entry.bufferBytes !== undefined && entry.bufferBytes > probe.maxStorageBufferBindingSize) {
    return `needs ${mb(entry.bufferBytes)} MB storage buffers; this GPU allows ${mb(probe.maxStorageBufferBindingSize)} MB`;
  }
  if (options.maxVramMB !== undefined && entry.vramMB !== undefined && entry.vramMB > options.maxVramMB) {
    return `needs about ${Math.round(entry.vramMB)} MB of GPU memory, above the ${Math.round(options.maxVramMB)} MB limit`;
  }
  return undefined;
}

/**
 * GPU memory for `engines` copies of the model, in MB: every engine loads its own weights and KV
 * cache, so memory grows linearly with the number of engines. Undefined when the record has no
 * estimate.
 */
export function memoryEstimate(entry: CatalogEntry, engines: number): number | undefined {
  if (entry.vramMB === undefined) return undefined;
  return entry.vramMB * Math.max(0, engines);
}

/** "about 1.2 GB of GPU memory (2 engines × 580 MB)", for the model picker. */
export function describeMemory(entry: CatalogEntry, engines: number): string {
  const total = memoryEstimate(entry, engines);
  if (total === undefined) return 'GPU memory unknown (the model record gives no estimate)';
  const count = engines === 1 ? '1 engine' : `${engines} engines × ${Math.round(entry.vramMB as number)} MB`;
  return `about ${formatMB(total)} of GPU memory (${count})`;
}

function formatMB(value: number): string {
  return value >= 1024 ? `${(value / 1024).toFixed(1)} GB` : `${Math.round(value)} MB`;
}

function mb(bytes: number): number {
  return Math.round(bytes / 2 ** 20);
}

export interface CustomModelOptions {
  /** Folder of the MLC weights (mlc-chat-config.json, tensor-cache.json, shards), absolute http(s). */
  readonly url: string;
  /** The compiled model library (.wasm), absolute http(s). */
  readonly modelLib: string;
  /** @default the URL's last path segment before any `/resolve/<branch>/` */
  readonly id?: string;
  readonly vramMB?: number;
}

/**
 * A `ModelRecord` for self-hosted weights. WebLLM resolves files under `<url>/resolve/main/` unless
 * the URL already holds `/resolve/<branch>/`, and its URL handling throws an opaque "Invalid URL"
 * on a relative one, so both URLs are checked here, with words.
 */
export function customModelRecord(options: CustomModelOptions): ModelRecord {
  const url = absoluteHttpUrl(options.url, 'model URL');
  const modelLib = absoluteHttpUrl(options.modelLib, 'model library (wasm) URL');
  const id = options.id?.trim() || defaultId(url);
  if (!id) {
    throw new Error(`Cannot name a model from ${options.url}: give it an id (the URL has no path).`);
  }
  return {
    model: url.href,
    model_id: id,
    model_lib: modelLib.href,
    ...(options.vramMB !== undefined ? { vram_required_MB: options.vramMB } : {}),
    // Tell WebLLM what the id says, so a missing feature fails at load with its own error.
    ...(f16Build.test(id) ? { required_features: ['shader-f16'] } : {}),
  };
}

function absoluteHttpUrl(value: string, what: string): URL {
  let parsed: URL | undefined;
  try {
    parsed = new URL(value.trim());
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new Error(
      `The ${what} must be an absolute http(s) URL (WebLLM requires it), such as https://example.com/models/MyModel-q4f32_1-MLC; got "${value}".`,
    );
  }
  return parsed;
}

function defaultId(url: URL): string {
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const resolve = segments.indexOf('resolve');
  const own = resolve >= 0 ? segments.slice(0, resolve) : segments;
  return decodeURIComponent(own.at(-1) ?? '');
}
