import { createEffect, createSignal, For, Show, untrack } from 'solid-js';
import { app } from '../../ui/app-state';
import { profiles } from '../../ui/catalog';
import { t } from '../../ui/i18n/t';
import { CACHE_BACKENDS, describeMemory, type ModelCache, models } from '../../ui/run/models';
import { running } from '../../ui/run/session';

const text = (event: Event) => (event.currentTarget as HTMLInputElement).value;

const cacheLabels: Record<ModelCache, string> = {
  cache: 'the Cache API (WebLLM’s best tested)',
  indexeddb: 'IndexedDB',
  opfs: 'the origin private file system',
};

const gb = (bytes: number) =>
  bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GB` : `${Math.round(bytes / 2 ** 20)} MB`;

/**
 * WebLLM's panel, once WebGPU is there: the models this GPU supports with their memory, the
 * engines, Load with progress, where the weights are kept, the cached models, self-hosted weights.
 */
function WebllmPanel() {
  const w = models.webllm;
  const s = () => app.state();
  const [customError, setCustomError] = createSignal('');
  let customUrl!: HTMLInputElement;
  let customLib!: HTMLInputElement;
  const preferred = () => profiles[s().profile || 'medium']?.models.webllm;
  const selected = () => {
    const ids = w().supported.map((m) => m.id);
    if (s().wmodel && ids.includes(s().wmodel)) return s().wmodel;
    const own = preferred();
    return own && ids.includes(own) ? own : (ids[0] ?? '');
  };
  const entry = () => w().supported.find((m) => m.id === selected());
  const mb = (n: number) => (n >= 1024 ? `${(n / 1024).toFixed(1)} GB` : `${Math.round(n)} MB`);
  return (
    <Show when={typeof w().probe === 'object' && (w().probe as { ok: boolean }).ok}>
      <label>
        WebLLM model (only those this GPU supports)
        <select
          data-testid="webllm-model"
          value={selected()}
          disabled={w().status === 'loading'}
          onChange={(e) => app.update({ wmodel: text(e) })}
        >
          <For each={w().supported}>
            {(m) => (
              <option value={m.id}>
                {`${m.id}${m.vramMB ? ` · ${mb(m.vramMB)}` : ''}${w().cached.includes(m.id) ? ' · cached' : ''}`}
              </option>
            )}
          </For>
        </select>
      </label>
      <Show when={w().rejected.length > 0}>
        <details data-testid="webllm-rejected">
          <summary>{w().rejected.length} models this GPU cannot run</summary>
          <ul class="note">
            <For each={w().rejected.slice(0, 40)}>
              {(r) => (
                <li>
                  <code>{r.entry.id}</code>: {r.reason}
                </li>
              )}
            </For>
          </ul>
        </details>
      </Show>
      <label>
        Engines
        <select
          data-testid="webllm-engines"
          value={s().engines}
          disabled={w().status === 'loading'}
          onChange={(e) => app.update({ engines: Number(text(e)) })}
        >
          <For each={[1, 2, 3, 4, 6, 8]}>
            {(n) => (
              <option value={n}>
                {n === 1
                  ? 'One engine shared by every subagent (they take turns)'
                  : `${n} engines, one per subagent worker (up to ${n} answer at once)`}
              </option>
            )}
          </For>
        </select>
      </label>
      <Show when={entry()}>
        {(e) => (
          <p class="note" data-testid="webllm-memory">
            Needs {describeMemory(e(), s().engines)}. One engine generates for one request at a time: with
            fewer engines than busy subagents, the rest wait (the run view shows effective against nominal
            parallelism).
          </p>
        )}
      </Show>
      <div class="actions">
        <button
          type="button"
          class="secondary"
          data-testid="webllm-load"
          disabled={w().status === 'loading' || !selected() || running()}
          title={running() ? 'A run is using the loaded engines: stop it first.' : ''}
          onClick={() => void models.load(selected(), s().engines)}
        >
          {w().status === 'ready' && w().modelId === selected() && w().engines === s().engines
            ? 'Reload'
            : 'Load'}
        </button>
        <Show when={w().status === 'loading'}>
          <button
            type="button"
            class="secondary"
            data-testid="webllm-cancel"
            onClick={() => models.cancelLoad()}
          >
            Cancel
          </button>
        </Show>
      </div>
      <Show when={w().status === 'loading' && w().progress}>
        {(p) => (
          <div data-testid="webllm-progress">
            <progress value={p().fraction} max="1" />
            <span class="note">
              {p().loadedMB !== undefined
                ? `${Math.round(p().loadedMB as number)}${p().totalMB ? ` of ${Math.round(p().totalMB as number)}` : ''} MB`
                : `${Math.round(p().fraction * 100)}%`}
              {p().etaS !== undefined ? ` · about ${Math.ceil(p().etaS as number)} s left` : ''}
              {` · ${Math.round(p().elapsedS)} s so far`}
            </span>
          </div>
        )}
      </Show>
      <Show when={w().error}>
        <div class="error" role="alert" data-testid="webllm-error">
          {w().error}
        </div>
      </Show>
      <label>
        Keep the weights in
        <select
          data-testid="webllm-cache"
          value={w().cacheBackend}
          disabled={w().status === 'loading' || running()}
          onChange={(e) => void models.setCacheBackend(text(e) as ModelCache)}
        >
          <For each={CACHE_BACKENDS}>{(b) => <option value={b}>{cacheLabels[b]}</option>}</For>
        </select>
      </label>
      <Show when={w().storage}>
        {(st) => (
          <p class="note" data-testid="webllm-storage">
            This site stores {gb(st().usage)} of the {gb(st().quota)} the browser allows it: a model that does
            not fit fails to load with a message saying so.
          </p>
        )}
      </Show>
      <Show when={w().cached.length > 0}>
        <div data-testid="webllm-cached">
          Cached in this browser:
          <ul class="note">
            <For each={w().cached}>
              {(id) => (
                <li>
                  <code>{id}</code>{' '}
                  <button
                    type="button"
                    class="secondary"
                    disabled={running() || w().status === 'loading'}
                    onClick={() => void models.deleteCached(id)}
                  >
                    Delete
                  </button>
                </li>
              )}
            </For>
          </ul>
        </div>
      </Show>
      <details>
        <summary>Self-hosted weights</summary>
        <label>
          Model URL (absolute: the folder with mlc-chat-config.json)
          <input
            ref={customUrl}
            data-testid="webllm-custom-url"
            placeholder="https://example.com/models/MyModel-q4f32_1-MLC"
          />
        </label>
        <label>
          Model library URL (the .wasm)
          <input
            ref={customLib}
            data-testid="webllm-custom-lib"
            placeholder="https://example.com/libs/MyModel-webgpu.wasm"
          />
        </label>
        <button
          type="button"
          class="secondary"
          data-testid="webllm-custom-add"
          onClick={() => {
            try {
              const id = models.addCustomModel(customUrl.value, customLib.value);
              setCustomError('');
              app.update({ wmodel: id });
            } catch (error) {
              setCustomError((error as Error).message);
            }
          }}
        >
          Add to the list
        </button>
        <Show when={customError()}>
          <div class="error" role="alert" data-testid="webllm-custom-error">
            {customError()}
          </div>
        </Show>
      </details>
    </Show>
  );
}

/**
 * WebLLM's panel: WebGPU is checked when it is picked (nothing is downloaded before), then the
 * model list, the load and the cache.
 */
export function Panel() {
  createEffect(() => {
    if (app.state().provider === 'webllm') untrack(() => void models.checkWebGpu());
  });
  return (
    <>
      <Show
        when={
          typeof models.webllm().probe === 'object' &&
          (!(models.webllm().probe as { ok: boolean }).ok ||
            (models.webllm().status === 'failed' && !models.webllm().listed))
        }
      >
        <button
          type="button"
          class="secondary"
          data-testid="webgpu-recheck"
          onClick={() => void models.checkWebGpu(true)}
        >
          Check WebGPU again
        </button>
      </Show>
      <WebllmPanel />
    </>
  );
}

/** The picker's status line for WebLLM: the GPU check, the model list, the load. */
export function status(): string {
  const w = models.webllm();
  if (w.probe === 'unchecked' || w.probe === 'checking') return t('webllm.checking');
  if (!w.probe.ok) return t('webllm.cannotRun', { message: w.probe.message, fix: w.probe.fix });
  const gpu = [w.probe.vendor, w.probe.architecture].filter(Boolean).join(' ') || t('webllm.unnamedAdapter');
  const slow = w.probe.isFallbackAdapter ? t('webllm.slow') : '';
  switch (w.status) {
    case 'loading':
      return t('webllm.loading', {
        model: w.modelId ?? '',
        at: String(w.engineAt),
        engines: String(w.engines),
        percent: String(Math.round((w.progress?.fraction ?? 0) * 100)),
      });
    case 'ready':
      return t('webllm.ready', { model: w.modelId ?? '', engines: w.engines ?? 1, slow });
    case 'failed':
      return w.error ?? t('webllm.failed');
    default:
      if (!w.listed) return t('webllm.listing', { gpu });
      return t('webllm.listed', {
        gpu,
        f16: w.probe.shaderF16 ? 'yes' : 'no',
        fit: String(w.supported.length),
        all: String(w.supported.length + w.rejected.length),
        slow,
      });
  }
}
