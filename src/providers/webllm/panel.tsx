import { createEffect, createSignal, For, Show, untrack } from 'solid-js';
import { app } from '../../ui/app-state';
import { profiles } from '../../ui/catalog';
import { saidOf } from '../../ui/i18n/page-error';
import { type MessageId, t } from '../../ui/i18n/t';
import { type Said, say } from '../../ui/i18n/words';
import { formatBytes, formatNumber } from '../../ui/model/format';
import { CACHE_BACKENDS, type ModelCache, memoryEstimate, models } from '../../ui/run/models';
import { running } from '../../ui/run/session';

const text = (event: Event) => (event.currentTarget as HTMLInputElement).value;

const cacheLabels: Record<ModelCache, MessageId> = {
  cache: 'webllmPanel.cacheApi',
  indexeddb: 'webllmPanel.indexeddb',
  opfs: 'webllmPanel.opfs',
};

/** Examples of self-hosted weights' addresses: URLs, not words of a language. */
const URL_EXAMPLE = 'https://example.com/models/MyModel-q4f32_1-MLC';
const LIB_EXAMPLE = 'https://example.com/libs/MyModel-webgpu.wasm';

/** A size given in MB (a model record's), as the page writes sizes. */
const mb = (n: number) => formatBytes(n * 2 ** 20);

/** "about 1.2 GB of GPU memory (2 engines × 580 MB)" in the page's language. */
function memoryWords(entry: Parameters<typeof memoryEstimate>[0], engines: number): string {
  const total = memoryEstimate(entry, engines);
  if (total === undefined) return t('webllmPanel.memoryUnknown');
  return t('webllmPanel.memory', { total: mb(total), engines, each: mb(entry.vramMB ?? 0) });
}

/**
 * WebLLM's panel, once WebGPU is there: the models this GPU supports with their memory, the
 * engines, Load with progress, where the weights are kept, the cached models, self-hosted weights.
 */
function WebllmPanel() {
  const w = models.webllm;
  const s = () => app.state();
  const [customError, setCustomError] = createSignal<Said>('');
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
  return (
    <Show when={typeof w().probe === 'object' && (w().probe as { ok: boolean }).ok}>
      <label>
        {t('webllmPanel.model')}
        <select
          data-testid="webllm-model"
          value={selected()}
          disabled={w().status === 'loading'}
          onChange={(e) => app.update({ wmodel: text(e) })}
        >
          <For each={w().supported}>
            {(m) => (
              <option value={m.id}>
                {[
                  m.id,
                  ...(m.vramMB ? [mb(m.vramMB)] : []),
                  ...(m.vision ? [t('webllmPanel.sees')] : []),
                  ...(w().cached.includes(m.id) ? [t('webllmPanel.cached')] : []),
                ].join(' · ')}
              </option>
            )}
          </For>
        </select>
      </label>
      <Show when={w().rejected.length > 0}>
        <details data-testid="webllm-rejected">
          <summary>{t('webllmPanel.rejected', { n: w().rejected.length })}</summary>
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
        {t('webllmPanel.engines')}
        <select
          data-testid="webllm-engines"
          value={s().engines}
          disabled={w().status === 'loading'}
          onChange={(e) => app.update({ engines: Number(text(e)) })}
        >
          <For each={[1, 2, 3, 4, 6, 8]}>
            {(n) => (
              <option value={n}>
                {n === 1 ? t('webllmPanel.oneEngine') : t('webllmPanel.manyEngines', { n })}
              </option>
            )}
          </For>
        </select>
      </label>
      <Show when={entry()}>
        {(e) => (
          <p class="note" data-testid="webllm-memory">
            {t('webllmPanel.needs', { memory: memoryWords(e(), s().engines) })}
          </p>
        )}
      </Show>
      <div class="actions">
        <button
          type="button"
          class="secondary"
          data-testid="webllm-load"
          disabled={w().status === 'loading' || !selected() || running()}
          title={running() ? t('webllmPanel.busy') : ''}
          onClick={() => void models.load(selected(), s().engines)}
        >
          {w().status === 'ready' && w().modelId === selected() && w().engines === s().engines
            ? t('webllmPanel.reload')
            : t('webllmPanel.load')}
        </button>
        <Show when={w().status === 'loading'}>
          <button
            type="button"
            class="secondary"
            data-testid="webllm-cancel"
            onClick={() => models.cancelLoad()}
          >
            {t('webllmPanel.cancel')}
          </button>
        </Show>
      </div>
      <Show when={w().status === 'loading' && w().progress}>
        {(p) => (
          <div data-testid="webllm-progress">
            <progress value={p().fraction} max="1" />
            <span class="note">
              {[
                p().loadedMB === undefined
                  ? t('webllmPanel.percent', { percent: formatNumber(Math.round(p().fraction * 100)) })
                  : p().totalMB
                    ? t('webllmPanel.loadedOf', {
                        loaded: formatNumber(Math.round(p().loadedMB as number)),
                        total: formatNumber(Math.round(p().totalMB as number)),
                      })
                    : t('webllmPanel.loaded', { loaded: formatNumber(Math.round(p().loadedMB as number)) }),
                ...(p().etaS === undefined
                  ? []
                  : [t('webllmPanel.eta', { seconds: formatNumber(Math.ceil(p().etaS as number)) })]),
                t('webllmPanel.elapsed', { seconds: formatNumber(Math.round(p().elapsedS)) }),
              ].join(' · ')}
            </span>
          </div>
        )}
      </Show>
      <Show when={w().error}>
        <div class="error" role="alert" data-testid="webllm-error">
          {say(w().error ?? '')}
        </div>
      </Show>
      <label>
        {t('webllmPanel.keepIn')}
        <select
          data-testid="webllm-cache"
          value={w().cacheBackend}
          disabled={w().status === 'loading' || running()}
          onChange={(e) => void models.setCacheBackend(text(e) as ModelCache)}
        >
          <For each={CACHE_BACKENDS}>{(b) => <option value={b}>{t(cacheLabels[b])}</option>}</For>
        </select>
      </label>
      <Show when={w().storage}>
        {(st) => (
          <p class="note" data-testid="webllm-storage">
            {t('webllmPanel.storage', { usage: formatBytes(st().usage), quota: formatBytes(st().quota) })}
          </p>
        )}
      </Show>
      <Show when={w().cached.length > 0}>
        <div data-testid="webllm-cached">
          {t('webllmPanel.cachedHere')}
          <ul class="note">
            <For each={w().cached}>
              {(id) => (
                <li>
                  <code>{id}</code>{' '}
                  <button
                    type="button"
                    class="secondary"
                    disabled={running() || w().status === 'loading'}
                    aria-label={t('webllmPanel.deleteOne', { model: id })}
                    onClick={() => void models.deleteCached(id)}
                  >
                    {t('webllmPanel.delete')}
                  </button>
                </li>
              )}
            </For>
          </ul>
        </div>
      </Show>
      <details>
        <summary>{t('webllmPanel.selfHosted')}</summary>
        <label>
          {t('webllmPanel.url')}
          <input ref={customUrl} data-testid="webllm-custom-url" placeholder={URL_EXAMPLE} />
        </label>
        <label>
          {t('webllmPanel.lib')}
          <input ref={customLib} data-testid="webllm-custom-lib" placeholder={LIB_EXAMPLE} />
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
              setCustomError(saidOf(error));
            }
          }}
        >
          {t('webllmPanel.add')}
        </button>
        <Show when={customError()}>
          <div class="error" role="alert" data-testid="webllm-custom-error">
            {say(customError())}
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
          {t('webllmPanel.recheck')}
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
      return w.error === undefined ? t('webllm.failed') : say(w.error);
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
