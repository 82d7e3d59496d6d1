import { createEffect, createSignal, Show } from 'solid-js';
import { app } from '../../ui/app-state';
import { t } from '../../ui/i18n/t';
import { say } from '../../ui/i18n/words';
import { EXAMPLE_ENDPOINT } from '../../ui/run/endpoint';
import { models } from '../../ui/run/models';
import { running } from '../../ui/run/session';

/** A model name as an example names one (Ollama's). */
const EXAMPLE_MODEL = 'qwen2.5:1.5b';

const text = (event: Event) => (event.currentTarget as HTMLInputElement).value;

/** An OpenAI-compatible endpoint: base URL, model, the key (this browser only), test and forget. */
export function Panel() {
  const s = () => app.state();
  const [urlError, setUrlError] = createSignal('');
  // The URL as typed, before the field loses focus: Test connection takes it as it stands.
  const [draft, setDraft] = createSignal(s().endpoint);
  createEffect(() => setDraft(s().endpoint));
  const key = () => (s().endpoint ? models.keys.load(s().endpoint) : '');
  /** Takes a typed URL into the settings when it is an http(s) URL; says why not otherwise. */
  const commit = (raw: string): boolean => {
    const value = raw.trim();
    try {
      if (value) {
        const url = new URL(value);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
      }
      setUrlError('');
      app.update({ endpoint: value });
      return true;
    } catch {
      setUrlError(t('openai.urlError', { value, example: EXAMPLE_ENDPOINT }));
      return false;
    }
  };
  return (
    <>
      <label>
        {t('openai.baseUrl')}
        <input
          data-testid="openai-endpoint"
          value={s().endpoint}
          placeholder={EXAMPLE_ENDPOINT}
          onInput={(e) => setDraft(text(e))}
          onChange={(e) => commit(text(e))}
        />
      </label>
      <Show when={urlError()}>
        <div class="error" role="alert" data-testid="openai-endpoint-error">
          {urlError()}
        </div>
      </Show>
      <label>
        {t('openai.model')}
        <input
          data-testid="openai-model"
          value={s().model}
          placeholder={t('openai.modelExample', { example: EXAMPLE_MODEL })}
          onChange={(e) => app.update({ model: text(e).trim() })}
        />
      </label>
      <label>
        {t('openai.key')}
        <input
          type="password"
          autocomplete="off"
          data-testid="openai-key"
          value={key()}
          disabled={!s().endpoint}
          placeholder={s().endpoint ? t('openai.keyNotNeeded') : t('openai.keyAfterUrl')}
          onChange={(e) => models.keys.save(s().endpoint, text(e))}
        />
      </label>
      <div class="actions">
        <button
          type="button"
          class="secondary"
          data-testid="openai-check"
          disabled={!draft().trim() || models.openai().checking}
          onClick={() => {
            if (commit(draft())) void models.checkEndpoint(draft().trim());
          }}
        >
          {t('openai.test')}
        </button>
        <button
          type="button"
          class="secondary"
          data-testid="openai-forget"
          disabled={!key()}
          onClick={() => models.keys.forget(s().endpoint)}
        >
          {t('openai.forget')}
        </button>
      </div>
    </>
  );
}

/** The picker's status line for an endpoint: what is missing, or what a run will ask. */
export function status(): string {
  const s = app.state();
  const o = models.openai();
  if (!s.endpoint) {
    return t('openai.enterUrl');
  }
  if (o.retry && running()) return say(o.retry);
  if (o.check && o.check.endpoint === s.endpoint) return say(o.check.text);
  return t('openai.ready', {
    endpoint: s.endpoint,
    model: s.model || t('openai.eachProfile'),
    key: models.keys.load(s.endpoint) ? 'saved' : 'none',
  });
}
