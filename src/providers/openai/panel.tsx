import { createEffect, createSignal, Show } from 'solid-js';
import { app } from '../../ui/app-state';
import { models } from '../../ui/run/models';
import { running } from '../../ui/run/session';

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
      setUrlError(
        `"${value}" is not an http(s) URL: give the server's base URL, e.g. http://localhost:8080/v1.`,
      );
      return false;
    }
  };
  return (
    <>
      <label>
        Base URL
        <input
          data-testid="openai-endpoint"
          value={s().endpoint}
          placeholder="http://localhost:8080/v1"
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
        Model (empty: each profile's)
        <input
          data-testid="openai-model"
          value={s().model}
          placeholder="e.g. qwen2.5:1.5b"
          onChange={(e) => app.update({ model: text(e).trim() })}
        />
      </label>
      <label>
        API key (kept in this browser only, never in a link, trace or export)
        <input
          type="password"
          autocomplete="off"
          data-testid="openai-key"
          value={key()}
          disabled={!s().endpoint}
          placeholder={s().endpoint ? 'none needed for most local servers' : 'enter the base URL first'}
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
          Test connection
        </button>
        <button
          type="button"
          class="secondary"
          data-testid="openai-forget"
          disabled={!key()}
          onClick={() => models.keys.forget(s().endpoint)}
        >
          Forget key
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
    return 'Enter the base URL of an OpenAI-compatible server (llama.cpp, Ollama, vLLM or a hosted API).';
  }
  if (o.retry && running()) return o.retry;
  if (o.check && o.check.endpoint === s.endpoint) return o.check.text;
  const key = models.keys.load(s.endpoint) ? 'key saved in this browser' : 'no key';
  return `Ready to run against ${s.endpoint} (model: ${s.model || "each profile's"}; ${key}).`;
}
