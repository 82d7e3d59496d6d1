/**
 * What this browser's WebGPU can do, asked before any model is fetched: WebLLM's `reload()`
 * downloads the config and the wasm before it looks for a GPU (docs/development.md), so a page that skipped
 * this check would spend megabytes to learn there is no adapter. The answer is either the few
 * facts the model list is filtered by, or a reason in words with a fix the user can act on.
 */

/** The part of `navigator.gpu` read here; the real `GPU` is assignable to it. */
export interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: 'high-performance' | 'low-power';
  }): Promise<AdapterLike | null>;
}

export interface AdapterLike {
  readonly features: { has(feature: string): boolean };
  readonly limits: { readonly maxStorageBufferBindingSize: number; readonly maxBufferSize: number };
  /** Chrome ≥ 114; older builds only have `requestAdapterInfo()`. */
  readonly info?: AdapterInfoLike;
  requestAdapterInfo?(): Promise<AdapterInfoLike>;
  /** Where Chrome < 140 kept the flag before it moved to `info`. */
  readonly isFallbackAdapter?: boolean;
}

export interface AdapterInfoLike {
  readonly vendor?: string;
  readonly architecture?: string;
  readonly isFallbackAdapter?: boolean;
}

export type GpuProbe =
  | {
      readonly ok: true;
      readonly shaderF16: boolean;
      readonly maxStorageBufferBindingSize: number;
      readonly maxBufferSize: number;
      readonly vendor: string;
      readonly architecture: string;
      /** A software (CPU) adapter such as SwiftShader: it works, far too slowly for a language model. */
      readonly isFallbackAdapter: boolean;
    }
  | {
      readonly ok: false;
      readonly reason: 'no-api' | 'no-adapter' | 'error';
      readonly message: string;
      readonly fix: string;
    };

export interface ProbeOptions {
  /**
   * How long to wait for `requestAdapter()`; some drivers never answer.
   * @default 10000
   */
  readonly timeoutMs?: number;
}

/** What to do about a missing WebGPU, in words for the page; also used by model-load errors. */
export const gpuFixes = {
  noApi:
    'Use Chrome or Edge 113+ (or Safari 26 / Firefox 141+ on supported systems), over https or localhost; or choose the simulated or OpenAI-compatible provider.',
  noAdapter:
    'Your GPU may be blocklisted (open chrome://gpu to see why), or hardware acceleration is off (turn on "Use graphics acceleration when available" in the browser settings and restart it). On Linux, Chrome needs the --enable-unsafe-webgpu flag (and often --enable-features=Vulkan). Or choose the simulated or OpenAI-compatible provider.',
} as const;

/**
 * Asks for a high-performance adapter, the one WebLLM asks for. `gpu` defaults to
 * `navigator.gpu`; pass `null` to mean "no WebGPU API". Never throws.
 */
export async function probeWebGpu(
  gpu: GpuLike | null | undefined = (globalThis as { navigator?: { gpu?: GpuLike } }).navigator?.gpu,
  options: ProbeOptions = {},
): Promise<GpuProbe> {
  if (!gpu || typeof gpu.requestAdapter !== 'function') {
    return { ok: false, reason: 'no-api', message: 'This browser has no WebGPU.', fix: gpuFixes.noApi };
  }
  try {
    const adapter = await withTimeout(
      gpu.requestAdapter({ powerPreference: 'high-performance' }),
      options.timeoutMs ?? 10_000,
    );
    if (!adapter) {
      return {
        ok: false,
        reason: 'no-adapter',
        message: 'WebGPU is present but no GPU adapter was given.',
        fix: gpuFixes.noAdapter,
      };
    }
    const info = adapter.info ?? (await adapter.requestAdapterInfo?.().catch(() => undefined)) ?? {};
    return {
      ok: true,
      shaderF16: adapter.features.has('shader-f16'),
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
      vendor: info.vendor ?? '',
      architecture: info.architecture ?? '',
      isFallbackAdapter: info.isFallbackAdapter ?? adapter.isFallbackAdapter ?? false,
    };
  } catch (error) {
    return {
      ok: false,
      reason: 'error',
      message: `WebGPU failed while looking for a GPU: ${error instanceof Error ? error.message : String(error)}`,
      fix: 'Reload the page; if it persists, restart the browser or update its GPU driver, or choose the simulated or OpenAI-compatible provider.',
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
