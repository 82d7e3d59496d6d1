/**
 * A provider that notes the first failure of its endpoint itself — one no retry of a task can
 * mend: a refused key, a wrong address or model (ProviderError.final), a server that cannot be
 * reached (network, after the provider's own retries), a request the server refuses
 * (bad-request). The agent loop turns every provider error into a failed task, so without this a
 * run or a bench against a dead endpoint ended "done" with zeros, its failures read as the
 * model's. A timeout, a rate limit, a server error or a malformed reply are not noted: they are
 * how an endpoint performs, and a run records them as its own failures.
 *
 * A reply that passed its deadline (reply-deadline.ts) is noted only while no reply of this
 * endpoint has come back whole: an endpoint that has never finished a reply within its deadline
 * (a server that streams a token a second forever, or one far slower than the deadline's honest
 * pace) would fail every attempt after it the same way, each only after the whole deadline, so no
 * retry mends it. Once one reply has come back, a later deadline is one long reply: the run's own
 * failure, like a timeout.
 */

import type { Provider } from '../../core/providers/types';
import { ProviderError } from './openai-errors';

export interface WatchedEndpoint {
  readonly provider: Provider;
  /** The first such failure, if there was one. */
  broken(): ProviderError | undefined;
}

export const brokenEndpoint = (error: unknown): error is ProviderError =>
  error instanceof ProviderError && (error.final || error.kind === 'network' || error.kind === 'bad-request');

/** `onBroken` is told once, at the first such failure (to stop a run there). */
export function watchEndpoint(inner: Provider, onBroken?: (error: ProviderError) => void): WatchedEndpoint {
  let failure: ProviderError | undefined;
  let answered = false;
  return {
    provider: {
      name: inner.name,
      async complete(request) {
        try {
          const response = await inner.complete(request);
          answered = true;
          return response;
        } catch (error) {
          const neverFinishes = !answered && error instanceof ProviderError && error.kind === 'deadline';
          if (failure === undefined && (brokenEndpoint(error) || neverFinishes)) {
            failure = error;
            onBroken?.(error);
          }
          throw error;
        }
      },
    },
    broken: () => failure,
  };
}
