/**
 * Whether a model can see, asked before any call: a request carrying images to a model that
 * cannot see, or images beyond the limits (image-limits.ts), is refused in words and never sent.
 * What each provider can see is declared with it (`sight` in its provider.ts): every model, a list
 * of models, or what the user states (an OpenAI-compatible endpoint: we cannot ask the server).
 */

import { imagesInMessages } from '../providers/content';
import type { ProviderDescriptor } from '../providers/descriptor';
import type { ChatRequest, ChatResponse, Provider } from '../providers/types';
import { checkImageUrls } from './image-limits';

/** A model that cannot see was asked to: refused before the call. */
export class BlindModelError extends Error {
  override readonly name = 'BlindModelError';
}

export interface SightQuestion {
  /** The provider's id (`openai`, `webllm`, `simulated`). */
  readonly provider: string;
  /** The model asked for; for words only where the provider sees with every model. */
  readonly model: string;
  /** The user's own word that the model sees (the `vision` setting), for a `stated` provider. */
  readonly stated?: boolean;
}

/** Whether the model can see, by its provider's declaration. */
export function canSee(all: readonly ProviderDescriptor[], q: SightQuestion): boolean {
  const sight = all.find((d) => d.id === q.provider)?.sight;
  if (sight === undefined) return false;
  switch (sight.kind) {
    case 'always':
      return true;
    case 'models':
      return sight.seeing.includes(q.model);
    case 'stated':
      return q.stated === true;
  }
}

/** The models that can see, in words, for a refusal and for docs. */
export function seeingWords(all: readonly ProviderDescriptor[]): string {
  return all
    .flatMap((d) => {
      const sight = d.sight;
      if (sight === undefined) return [];
      if (sight.kind === 'always') return [`the ${d.id} model`];
      if (sight.kind === 'models') return [`${d.id}: ${sight.seeing.join(', ')}`];
      return [`an ${d.id} model you state can see (vision: true, the CLI's --vision)`];
    })
    .join('; ');
}

/** Refuses, in words, when the model cannot see; returns quietly when it can. */
export function requireSight(all: readonly ProviderDescriptor[], q: SightQuestion): void {
  if (canSee(all, q)) return;
  const sight = all.find((d) => d.id === q.provider)?.sight;
  const why =
    sight?.kind === 'stated'
      ? ` (an ${q.provider} endpoint does not say whether its model sees: state it with vision: true, the CLI's --vision, if it does)`
      : '';
  throw new BlindModelError(
    `model ${q.model} (${q.provider}) cannot see images${why}; models that can: ${seeingWords(all)}`,
  );
}

/**
 * The provider with every request checked before it is sent: a request with images goes through
 * only when `sees` is true and its images are within the limits, else the call fails at once and
 * nothing reaches the model. A request without images passes as it is.
 */
export function withSight(provider: Provider, sees: boolean, refuse: () => never): Provider {
  return {
    name: provider.name,
    complete(request: ChatRequest): Promise<ChatResponse> {
      const urls = imagesInMessages(request.messages);
      if (urls.length > 0) {
        try {
          if (!sees) refuse();
          checkImageUrls(urls);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      return provider.complete(request);
    },
  };
}
