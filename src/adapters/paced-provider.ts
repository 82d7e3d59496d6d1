import type { ChatRequest, ChatResponse, Provider } from '../core/providers/types';

/**
 * The provider, slowed down by `ms` of real time before each completion, so that a simulated run
 * (which answers in microseconds) can be watched in the browser. The wait ends early, with a
 * rejection, when the request's signal aborts; the agent loop then stops as `aborted`.
 * Keeps the provider's name: the trace header's model names are looked up by it.
 */
export function pacedProvider(provider: Provider, ms: number): Provider {
  if (!(ms > 0)) return provider;
  return {
    name: provider.name,
    async complete(request: ChatRequest): Promise<ChatResponse> {
      await wait(ms, request.signal);
      return provider.complete(request);
    },
  };
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}
