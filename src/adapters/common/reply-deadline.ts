/**
 * A total deadline on every model reply, for any provider (docs/models.md, "Deadlines"). An idle
 * timeout cannot end a stream that sends a token a second forever, and the healing watchdog only
 * flags a turn: this ends it. When the deadline passes, the caller is told at once, in words, and
 * the request is aborted through its signal, so an HTTP stream is closed (the server stops
 * generating, the connection is freed) and a provider's own retries and backoffs stop with it:
 * the deadline bounds the whole call, retries included, not each try.
 *
 * The error is a `ProviderError` of kind `deadline`: not retried by the provider (its time is
 * spent) and not final either (a fresh attempt may write a shorter reply), so the runtime's retry
 * policy decides, as for any failed attempt. endpoint-watch.ts says when it stops a run.
 */

import {
  DEADLINE_FLOOR_MS,
  HONEST_TOKENS_PER_SECOND,
  MAX_TIMER_MS,
  replyDeadlineMs,
  spokenMs,
} from '../../core/providers/deadline';
import type { ChatResponse, Provider } from '../../core/providers/types';
import { ProviderError } from './openai-errors';

/** The error of a reply that passed `ms`; `maxTokens` says how a default deadline was made. */
export function deadlineError(ms: number, basis?: { readonly maxTokens: number | undefined }): ProviderError {
  const why = basis
    ? ` (${spokenMs(DEADLINE_FLOOR_MS)}, plus ${basis.maxTokens ?? 'an assumed 4096'} output tokens at ${HONEST_TOKENS_PER_SECOND} a second)`
    : '';
  return new ProviderError(
    'deadline',
    `The reply passed its ${spokenMs(ms)} deadline${why} and was cut off unfinished: the model wrote without end, or far slower than a sound model does. If it is sound but slow, raise the reply deadline.`,
  );
}

/**
 * `inner` with every reply held to `deadlineMs`, or by default to the deadline of its request's
 * `max_tokens` (core/providers/deadline.ts).
 */
export function withReplyDeadline(inner: Provider, deadlineMs?: number): Provider {
  return {
    name: inner.name,
    complete(request) {
      const ms = deadlineMs ?? replyDeadlineMs(request.max_tokens);
      return new Promise<ChatResponse>((resolve, reject) => {
        const outer = request.signal;
        const controller = new AbortController();
        const forward = () => controller.abort(outer?.reason);
        if (outer?.aborted) forward();
        else outer?.addEventListener('abort', forward, { once: true });
        const timer = setTimeout(
          () => {
            const error = deadlineError(
              ms,
              deadlineMs === undefined ? { maxTokens: request.max_tokens } : undefined,
            );
            // The caller hears the deadline first, not the abort it causes below.
            reject(error);
            controller.abort(error);
          },
          Math.min(ms, MAX_TIMER_MS),
        );
        inner
          .complete({ ...request, signal: controller.signal })
          .then(resolve, reject)
          .finally(() => {
            clearTimeout(timer);
            outer?.removeEventListener('abort', forward);
          });
      });
    },
  };
}
