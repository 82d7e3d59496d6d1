/**
 * Who the Run view's "Ask a model about this run" can ask, among the page's configured providers:
 * the simulated model always (it answers offline, from the run's numbers), the OpenAI-compatible
 * endpoint of the provider settings when one is set, and the WebLLM model loaded on this page.
 * Whether each can see is its provider's declaration (core/vision/can-see.ts): for an endpoint,
 * the user's own word ("this model can see images", kept in this browser per endpoint and model,
 * since the server cannot be asked). A model that cannot see is refused here, in words, before
 * anything is drawn or sent; the API's analyze refuses it again on its own.
 */

import { createRoot, createSignal } from 'solid-js';
import { browserStorage, type KeyStorage } from '../../adapters/browser/api-key-store';
import { SIMULATED } from '../../core/trace/simulated-id';
import { canSee } from '../../core/vision/can-see';
import { SIMULATED_SIGHT_MODEL } from '../../core/vision/simulated-sight';
import { openai } from '../../providers/openai/provider';
import { PROVIDERS } from '../../providers/registry';
import { webllm } from '../../providers/webllm/provider';
import { type Words, words } from '../i18n/words';
import type { AppState } from '../url-state';
import type { WebllmView } from './models';

export interface AskChoice {
  /** The provider's id: `simulated`, `openai`, `webllm`. */
  readonly provider: string;
  /** The model asked for ('' when the settings name none yet). */
  readonly model: string;
  /** The endpoint's base URL, for `openai`. */
  readonly endpoint?: string;
  /** Whether it can see, by its provider's declaration (the user's word for an endpoint). */
  readonly sees: boolean;
}

const ITEM = 'swarmflight.seeingModels';

/** The user's word on which endpoint models see, kept in this browser (no key, no run). */
export function createStatedSight(storage: KeyStorage | undefined = browserStorage()) {
  const read = (): string[] => {
    try {
      const parsed = JSON.parse(storage?.getItem(ITEM) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  };
  const [seeing, setSeeing] = createSignal<readonly string[]>(read());
  const name = (endpoint: string, model: string) => `${endpoint.trim()} ${model.trim()}`;
  return {
    sees: (endpoint: string, model: string) => seeing().includes(name(endpoint, model)),
    /** Says the model sees, or not; a browser that stores nothing keeps it for this tab only. */
    state(endpoint: string, model: string, sees: boolean) {
      const key = name(endpoint, model);
      const next = seeing().filter((x) => x !== key);
      if (sees) next.push(key);
      setSeeing(next);
      try {
        storage?.setItem(ITEM, JSON.stringify(next));
      } catch {
        // Storage blocked or full: the word holds for this tab.
      }
    },
  };
}

export type StatedSight = ReturnType<typeof createStatedSight>;

/** The page's own: one per tab. */
export const statedSight = createRoot(() => createStatedSight());

/** The models the page can ask now, the simulated one first. */
export function askChoices(settings: AppState, loaded: WebllmView, stated: StatedSight): AskChoice[] {
  const out: AskChoice[] = [
    {
      provider: SIMULATED,
      model: SIMULATED_SIGHT_MODEL,
      sees: canSee(PROVIDERS, { provider: SIMULATED, model: SIMULATED_SIGHT_MODEL }),
    },
  ];
  if (settings.endpoint) {
    const model = settings.model;
    out.push({
      provider: openai.id,
      model,
      endpoint: settings.endpoint,
      sees: canSee(PROVIDERS, {
        provider: openai.id,
        model,
        stated: stated.sees(settings.endpoint, model),
      }),
    });
  }
  if (loaded.status === 'ready' && loaded.modelId)
    out.push({
      provider: webllm.id,
      model: loaded.modelId,
      sees: canSee(PROVIDERS, { provider: webllm.id, model: loaded.modelId }),
    });
  return out;
}

/** Why the choice cannot be asked, in words, or undefined when it can: said before any call. */
export function refusalOf(choice: AskChoice): Words | undefined {
  if (choice.provider === openai.id && !choice.model) return words('analysis.needModel');
  if (choice.sees) return undefined;
  return choice.provider === openai.id
    ? words('analysis.blindEndpoint', { model: choice.model, endpoint: choice.endpoint ?? '' })
    : words('analysis.blindModel', { model: choice.model });
}
