/**
 * The real models a run can use, and their state on this page: WebLLM engines on this browser's
 * GPU (checked before anything is downloaded, loaded with progress, cached, deleted), and
 * OpenAI-compatible endpoints with their keys (endpoint.ts). The session asks
 * `providerFor` for a provider when a run starts; the provider picker shows and drives the rest.
 *
 * WebLLM's module (about 6 MB) is imported only when the user picks WebLLM and WebGPU is there.
 */

import type { AppConfig, ModelRecord } from '@mlc-ai/web-llm';
import { createRoot, createSignal, untrack } from 'solid-js';
import {
  type ApiKeyStore,
  apiKeyStore,
  browserStorage,
  type KeyStorage,
} from '../../adapters/browser/api-key-store';
import { concurrencyMeter } from '../../adapters/browser/engine-concurrency';
import { type GpuProbe, probeWebGpu } from '../../adapters/browser/webgpu-probe';
import {
  type CacheApi,
  cachedModels,
  deleteCachedModel,
  type LoadEngineOptions,
  type LoadProgress,
  loadEngine,
} from '../../adapters/browser/webllm-load';
import {
  type CatalogEntry,
  customModelRecord,
  memoryEstimate,
  type Rejected,
  supportedModels,
} from '../../adapters/browser/webllm-models';
import { type EngineLike, enginePool } from '../../adapters/browser/webllm-provider';
import { withJsonTools } from '../../core/providers/json-tools';
import { openai as openaiProvider } from '../../providers/openai/provider';
import { webllm as webllmProvider } from '../../providers/webllm/provider';

/** What a model needs in GPU memory, for the model panel to word (a view imports no adapter). */
export { memoryEstimate };

import { withModel } from '../../core/scenarios/profiles';
import type { ProfileSpec } from '../../core/scenarios/spec-types';
import { PageError, saidOf } from '../i18n/page-error';
import { type Said, words } from '../i18n/words';
import type { AppState } from '../url-state';
import { createEndpointState, message } from './endpoint';
import type { RunProvider } from './run-provider';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface WebllmView {
  /** 'unchecked' until the user picks WebLLM; the probe's answer after. */
  readonly probe: 'unchecked' | 'checking' | GpuProbe;
  /** The language models this GPU can run, and the others with the reason. */
  readonly supported: readonly CatalogEntry[];
  readonly rejected: readonly Rejected[];
  /** WebLLM's model list has been read (after the probe). */
  readonly listed: boolean;
  /** Where the weights are cached, and what this origin stores (bytes), when the browser says. */
  readonly cacheBackend: ModelCache;
  readonly storage?: { readonly usage: number; readonly quota: number };
  /** Ids of models whose weights are in this browser's cache. */
  readonly cached: readonly string[];
  readonly status: LoadStatus;
  /** The model loaded or being loaded, and on how many engines. */
  readonly modelId?: string;
  readonly engines?: number;
  readonly progress?: LoadProgress;
  /** Which engine is loading, from 1, while several are. */
  readonly engineAt?: number;
  readonly error?: Said;
}

const initialWebllm: WebllmView = {
  probe: 'unchecked',
  listed: false,
  cacheBackend: 'cache',
  supported: [],
  rejected: [],
  cached: [],
  status: 'idle',
};

/** What the page needs from WebLLM's module. */
export interface WebllmModule {
  readonly prebuiltAppConfig: AppConfig;
}

/** The world this module reaches: WebGPU, WebLLM's module, its loader and its cache. */
export interface ModelDeps {
  readonly probe: () => Promise<GpuProbe>;
  readonly importWebllm: () => Promise<WebllmModule>;
  readonly loadEngine: (options: LoadEngineOptions<EngineLike>) => Promise<EngineLike>;
  /** Undefined: WebLLM's own cache functions. */
  readonly cache?: CacheApi;
  /** Where keys are kept (default: this browser's localStorage). */
  readonly keys?: ApiKeyStore;
  /** Where the choice of cache backend is kept (default: this browser's localStorage). */
  readonly settings?: KeyStorage;
  /** Bytes used and available to this origin, when the browser says (navigator.storage.estimate). */
  readonly storageEstimate?: () => Promise<{ usage?: number; quota?: number } | undefined>;
}

/** Where WebLLM keeps the weights: the Cache API (its best tested), IndexedDB, or the private file system. */
export const CACHE_BACKENDS = ['cache', 'indexeddb', 'opfs'] as const satisfies readonly NonNullable<
  AppConfig['cacheBackend']
>[];
export type ModelCache = (typeof CACHE_BACKENDS)[number];
const CACHE_ITEM = 'swarmflight.webllmCache';

const browserDeps: ModelDeps = {
  probe: () => probeWebGpu(),
  importWebllm: () => import('@mlc-ai/web-llm'),
  loadEngine: (options) => loadEngine(options),
};

export function createModels(deps: ModelDeps = browserDeps) {
  const settings = deps.settings ?? browserStorage();
  const saved = safely(() => settings?.getItem(CACHE_ITEM));
  const [webllm, setWebllm] = createSignal<WebllmView>({
    ...initialWebllm,
    cacheBackend: (CACHE_BACKENDS as readonly string[]).includes(saved ?? '')
      ? (saved as ModelCache)
      : 'cache',
  });
  const endpoint = createEndpointState(deps.keys ?? apiKeyStore());
  let module: WebllmModule | undefined;
  let custom: ModelRecord[] = [];
  let engines: EngineLike[] = [];
  let loading: AbortController | undefined;

  const appConfig = (): AppConfig | undefined =>
    module
      ? {
          ...module.prebuiltAppConfig,
          model_list: [...module.prebuiltAppConfig.model_list, ...custom],
          cacheBackend: untrack(webllm).cacheBackend,
        }
      : undefined;

  /** Another place for the weights: the list of cached models is read again from there. */
  async function setCacheBackend(backend: ModelCache): Promise<void> {
    safely(() => settings?.setItem(CACHE_ITEM, backend));
    setWebllm((v) => ({ ...v, cacheBackend: backend }));
    await refreshCache();
  }

  /** Probes WebGPU once (again, when `again`, after a failure), then lists the models this GPU can run. */
  async function checkWebGpu(again = false): Promise<void> {
    const view = untrack(webllm);
    const state = view.probe;
    // Done once the list is read; a failed probe is asked again only when the user says so, while
    // a failed import of WebLLM (the probe passed) is tried again whenever WebLLM is picked.
    if (state === 'checking' || (typeof state === 'object' && (state.ok ? view.listed : !again))) return;
    let probe = state;
    if (typeof probe !== 'object' || !probe.ok) {
      setWebllm((v) => ({ ...v, probe: 'checking' }));
      probe = await deps.probe();
      setWebllm((v) => ({ ...v, probe }));
      if (!probe.ok) return;
    }
    try {
      module ??= await deps.importWebllm();
      setWebllm((v) => (v.status === 'failed' && !v.listed ? { ...v, status: 'idle', error: undefined } : v));
      refreshCatalog(probe);
      await refreshCache();
    } catch (error) {
      setWebllm((v) => ({
        ...v,
        status: 'failed',
        error: words('webllmError.codeNotLoaded', { message: message(error) }),
      }));
    }
  }

  function refreshCatalog(probe: GpuProbe): void {
    const config = appConfig();
    if (!config) return;
    const { supported, rejected } = supportedModels(config.model_list, probe);
    setWebllm((v) => ({
      ...v,
      listed: true,
      // Chat models, those that also see (WebLLM's VLM builds) among them; embedders are not chat.
      supported: supported.filter((m) => m.kind !== 'embedding'),
      rejected: rejected.filter((r) => r.entry.kind !== 'embedding'),
    }));
  }

  let refreshes = 0;
  async function refreshCache(): Promise<void> {
    const config = appConfig();
    if (!config) return;
    // Only the latest refresh is shown: an older one may have read the cache the user left.
    const generation = ++refreshes;
    const ids = webllm().supported.map((m) => m.id);
    const cached = await cachedModels(ids, deps.cache, config).catch(() => []);
    const estimate = await (deps.storageEstimate ?? browserEstimate)().catch(() => undefined);
    const storage =
      typeof estimate?.usage === 'number' && typeof estimate.quota === 'number'
        ? { usage: estimate.usage, quota: estimate.quota }
        : undefined;
    if (generation !== refreshes) return;
    setWebllm((v) => ({ ...v, cached, ...(storage ? { storage } : {}) }));
  }

  /** Adds self-hosted weights to the list; throws in words on a URL WebLLM would not take. */
  function addCustomModel(url: string, modelLib: string): string {
    const record = customModelRecord({ url, modelLib });
    custom = [...custom.filter((r) => r.model_id !== record.model_id), record];
    const probe = webllm().probe;
    if (typeof probe === 'object') refreshCatalog(probe);
    if (!webllm().supported.some((m) => m.id === record.model_id)) {
      const why = webllm().rejected.find((r) => r.entry.id === record.model_id)?.reason;
      throw new PageError(
        words('webllmError.notOnGpu', {
          model: record.model_id,
          why: why ?? words('webllmError.notSupported'),
        }),
      );
    }
    return record.model_id;
  }

  async function unload(): Promise<void> {
    const old = engines;
    engines = [];
    await Promise.all(old.map(dispose));
  }

  /** Loads `modelId` into `count` engines, one after the other (the later ones read the cache). */
  async function load(modelId: string, count: number): Promise<void> {
    if (loading) return;
    const config = appConfig();
    if (!config) throw new PageError(words('webllmError.notReady'));
    loading = new AbortController();
    const signal = loading.signal;
    setWebllm((v) => ({
      ...v,
      status: 'loading',
      modelId,
      engines: count,
      engineAt: 1,
      error: undefined,
      progress: undefined,
    }));
    try {
      // The engines loaded before free their GPU memory first.
      await unload();
      const loaded: EngineLike[] = [];
      try {
        for (let i = 0; i < count; i++) {
          setWebllm((v) => ({ ...v, engineAt: i + 1 }));
          loaded.push(
            await deps.loadEngine({
              modelId,
              appConfig: config,
              signal,
              onProgress: (progress) => setWebllm((v) => ({ ...v, progress })),
            }),
          );
        }
      } catch (error) {
        // A half-loaded set is no use: free the engines that did load.
        await Promise.all(loaded.map(dispose));
        throw error;
      }
      engines = loaded;
      setWebllm((v) => ({ ...v, status: 'ready' }));
    } catch (error) {
      setWebllm((v) => ({ ...v, status: 'failed', error: saidOf(error) }));
    } finally {
      loading = undefined;
      await refreshCache();
    }
  }

  async function deleteCached(id: string): Promise<void> {
    // The weights a load is reading stay until it ends.
    if (loading) return;
    const config = appConfig();
    if (webllm().modelId === id && webllm().status === 'ready') {
      await unload();
      setWebllm((v) => ({ ...v, status: 'idle', modelId: undefined }));
    }
    try {
      await deleteCachedModel(id, deps.cache, config);
    } catch (error) {
      setWebllm((v) => ({
        ...v,
        error: words('webllmError.deleteFailed', { model: id, message: message(error) }),
      }));
    }
    await refreshCache();
  }

  /**
   * The provider a run uses, with the profiles as it will record them (every profile's model for
   * this provider replaced by the one chosen here). Throws, in words, when it cannot run.
   */
  function providerFor(settings: AppState, profiles: Readonly<Record<string, ProfileSpec>>): RunProvider {
    if (settings.provider === openaiProvider.id) return endpoint.providerFor(settings, profiles);
    const state = webllm();
    if (typeof state.probe === 'object' && !state.probe.ok) {
      throw new PageError(
        words('webllmError.cannotRun', { message: state.probe.message, fix: state.probe.fix }),
      );
    }
    if (state.status !== 'ready' || engines.length === 0 || !state.modelId) {
      throw new PageError(
        words(state.status === 'loading' ? 'webllmError.stillLoading' : 'webllmError.loadFirst'),
      );
    }
    const meter = concurrencyMeter();
    const pool = enginePool({ engines, model: state.modelId, meter });
    return {
      // Tools as a JSON reply, for every model: WebLLM's native tools (Hermes models only) refuse
      // a request that also has a system prompt, and every agent here has one.
      provider: withJsonTools(pool),
      profiles: withModel(profiles, webllmProvider.id, state.modelId),
      meter: { meter, engines: engines.length },
    };
  }

  return {
    webllm,
    checkWebGpu,
    setCacheBackend,
    addCustomModel,
    load,
    cancelLoad: () => loading?.abort(new Error('cancelled by the user')),
    deleteCached,
    refreshCache,
    checkEndpoint: endpoint.checkEndpoint,
    openai: endpoint.openai,
    keys: endpoint.keys,
    providerFor,
  };
}

/**
 * Frees an engine: WebLLM's `unload()` only asks its worker to let the GPU memory go, and never
 * answers from a dead worker, so it gets a few seconds; then the worker itself is terminated.
 */
async function dispose(engine: EngineLike): Promise<void> {
  await Promise.race([
    engine.unload?.().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]);
  (engine as { worker?: { terminate?: () => void } }).worker?.terminate?.();
}

function browserEstimate(): Promise<{ usage?: number; quota?: number } | undefined> {
  const storage = (globalThis.navigator as Navigator | undefined)?.storage as StorageManager | undefined;
  return storage?.estimate ? storage.estimate() : Promise.resolve(undefined);
}

/** The value, or undefined where the browser refuses (blocked or full storage). */
function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

export const models = createRoot(() => createModels());
