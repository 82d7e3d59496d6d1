/**
 * An OpenAI-compatible endpoint as the page keeps it: the API keys (in this browser's storage
 * only, per server origin), the last connection check, the last retry of a run, and the provider a
 * run gets.
 */

import { createSignal } from 'solid-js';
import type { ApiKeyStore } from '../../adapters/browser/api-key-store';
import { listModels, openaiProvider } from '../../adapters/common/openai-provider';
import { withModel } from '../../core/scenarios/profiles';
import type { ProfileSpec } from '../../core/scenarios/spec-types';
import { openai as openaiDescriptor } from '../../providers/openai/provider';
import { PageError } from '../i18n/page-error';
import { type Said, words } from '../i18n/words';
import type { AppState } from '../url-state';
import type { RunProvider } from './run-provider';

/** The base URL an example names: llama.cpp's server on its own port. */
export const EXAMPLE_ENDPOINT = 'http://localhost:8080/v1';

export interface OpenAiView {
  /** Bumped when a key is saved or forgotten, so views re-read the store. */
  readonly keys: number;
  readonly checking: boolean;
  /** The last connection check, in words, and the endpoint it was of. */
  readonly check?: { readonly endpoint: string; readonly ok: boolean; readonly text: Said };
  /** The last retry the provider made in a run ("rate limited, retrying in 2 s"). */
  readonly retry?: Said;
}

export function createEndpointState(keys: ApiKeyStore) {
  const [openai, setOpenai] = createSignal<OpenAiView>({ keys: 0, checking: false });

  async function checkEndpoint(endpoint: string): Promise<void> {
    setOpenai((v) => ({ ...v, checking: true }));
    try {
      const ids = await listModels({ baseUrl: endpoint, apiKey: keys.load(endpoint) });
      const first = ids.slice(0, 8).join(', ');
      const shown = ids.length > 8 ? words('openai.andMore', { shown: first, n: ids.length - 8 }) : first;
      setOpenai((v) => ({
        ...v,
        check: {
          endpoint,
          ok: true,
          text: words('openai.connected', { n: ids.length, shown }),
        },
      }));
    } catch (error) {
      setOpenai((v) => ({ ...v, check: { endpoint, ok: false, text: message(error) } }));
    } finally {
      setOpenai((v) => ({ ...v, checking: false }));
    }
  }

  /** The provider a run uses; throws, in words, without a base URL. */
  function providerFor(settings: AppState, profiles: Readonly<Record<string, ProfileSpec>>): RunProvider {
    if (!settings.endpoint) {
      throw new PageError(words('openai.noUrl', { example: EXAMPLE_ENDPOINT }));
    }
    const provider = openaiProvider({
      baseUrl: settings.endpoint,
      ...(settings.model ? { model: settings.model } : {}),
      apiKey: keys.load(settings.endpoint),
      onRetry: ({ attempt, error, delayMs }) =>
        setOpenai((v) => ({
          ...v,
          retry: words('openai.retrying', {
            message: error.message,
            seconds: String(Math.ceil(delayMs / 1000)),
            attempt: String(attempt),
          }),
        })),
    });
    setOpenai((v) => ({ ...v, retry: undefined }));
    return { provider, profiles: withModel(profiles, openaiDescriptor.id, settings.model) };
  }

  /** Changes the stored keys; a browser that refuses says so in the status line. */
  function keep(change: () => void, endpoint: string): void {
    try {
      change();
      setOpenai((v) => ({ ...v, keys: v.keys + 1, check: undefined }));
    } catch (error) {
      setOpenai((v) => ({ ...v, keys: v.keys + 1, check: { endpoint, ok: false, text: message(error) } }));
    }
  }

  return {
    openai,
    checkEndpoint,
    providerFor,
    keys: {
      load: (endpoint: string) => (openai().keys >= 0 ? keys.load(endpoint) : ''),
      save(endpoint: string, key: string) {
        keep(() => keys.save(endpoint, key), endpoint);
      },
      forget(endpoint: string) {
        keep(() => keys.forget(endpoint), endpoint);
      },
      secrets: () => keys.secrets(),
    },
  };
}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
