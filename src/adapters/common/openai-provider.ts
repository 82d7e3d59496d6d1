/**
 * The Provider port over any OpenAI-compatible chat-completions server: a local llama.cpp, Ollama
 * or vLLM server, or a hosted API. Plain `fetch`, so it runs in the page, in a worker and in Node.
 *
 * - Streaming by default (server-sent events, tool-call deltas and the final usage chunk), so a
 *   slow model is told apart from a dead one: the timeout is the longest silence, not the longest
 *   answer. A total deadline bounds the whole reply besides (reply-deadline.ts), since a server
 *   that sends a token a second forever is never silent.
 * - Retries with exponential backoff and jitter on 429, 5xx, timeouts and dropped connections,
 *   honouring `Retry-After`; never on a refused key, a bad request or a wrong URL.
 * - Every failure is a `ProviderError` whose message says what happened and what to do, in words a
 *   user can act on, including the one browsers hide: a CORS refusal (told apart from a server that
 *   is down by a second, opaque `no-cors` request, which CORS does not block).
 * - The API key goes in the Authorization header and nowhere else: not in the provider's name, not
 *   in any error (a server that echoes it back has it replaced by `[redacted]`), and not in what
 *   the model writes either: a model that repeats it (a prompt injection asking for it, a server
 *   that puts it in the reply) has it replaced before the reply reaches a trace, a tool or a file.
 */

import type { ChatRequest, ChatResponse, Provider } from '../../core/providers/types';

import { describe, fetchFailure, httpFailure, ProviderError, parseJson, type Timer } from './openai-errors';
import { readJson, readStream } from './openai-replies';
import { withReplyDeadline } from './reply-deadline';
import { boundedBody, MAX_REPLY_BYTES } from './reply-size';

export { ProviderError, type ProviderErrorDetails, type ProviderErrorKind } from './openai-errors';

export interface RetryInfo {
  /** The attempt that failed, from 1. */
  readonly attempt: number;
  readonly error: ProviderError;
  /** How long until the next attempt. */
  readonly delayMs: number;
}

export interface OpenAiProviderOptions {
  /** Up to and including the version segment, e.g. `http://localhost:8080/v1`. */
  readonly baseUrl: string;
  /** The model every request asks for; without it, each request's own `model` (the profile's). */
  readonly model?: string;
  /** Sent as a bearer token when not empty; never recorded anywhere. */
  readonly apiKey?: string;
  /** Server-sent events (default true); false asks for one JSON reply. */
  readonly stream?: boolean;
  /** The longest wait for the first byte, and between two chunks of a stream (default 60 s). */
  readonly timeoutMs?: number;
  /**
   * The longest a whole reply may take, retries and backoffs included (default: a minute plus the
   * request's `max_tokens` at 10 tokens a second, core/providers/deadline.ts).
   */
  readonly deadlineMs?: number;
  /**
   * The most bytes one reply's body may hold, streamed or not (default `MAX_REPLY_BYTES`, 4 MiB,
   * reply-size.ts): past it the request is aborted and the call fails naming the limit.
   */
  readonly maxReplyBytes?: number;
  /** Retries after the first attempt (default 4). */
  readonly maxRetries?: number;
  /** The first backoff (default 500 ms); each retry doubles it, with jitter, up to `maxBackoffMs`. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Told of every retry before its wait, e.g. to show "rate limited, retrying in 4 s". */
  readonly onRetry?: (info: RetryInfo) => void;
  /** Jitter source in [0, 1) (default Math.random; timing only, never in a trace). */
  readonly random?: () => number;
}

const DEFAULTS = {
  timeoutMs: 60_000,
  maxRetries: 4,
  backoffMs: 500,
  maxBackoffMs: 20_000,
  maxReplyBytes: MAX_REPLY_BYTES,
};
/** A `Retry-After` longer than this is a quota, not a hiccup: we stop and say so. */
const MAX_RETRY_AFTER_S = 120;

export function openaiProvider(options: OpenAiProviderOptions): Provider {
  const baseUrl = checkBaseUrl(options.baseUrl);
  if (options.model !== undefined && options.model.trim() === '') {
    throw new ProviderError('bad-request', 'Choose a model: the model name is empty.');
  }
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const stream = options.stream ?? true;
  const secret = checkKey(options.apiKey);
  const redact = redactor(secret);

  async function once(request: ChatRequest): Promise<ChatResponse> {
    const timer = idleTimer(settings.timeoutMs, request.signal);
    try {
      let response: Response;
      try {
        response = await fetchFn(`${baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: stream ? 'text/event-stream' : 'application/json',
            ...(secret ? { Authorization: `Bearer ${secret}` } : {}),
          },
          body: JSON.stringify(wireBody(request, options.model?.trim() || request.model, stream)),
          signal: timer.signal,
        });
      } catch (error) {
        throw await fetchFailure(error, timer, baseUrl, fetchFn, settings.timeoutMs);
      }
      timer.touch();
      if (!response.ok) throw await httpFailure(response, baseUrl, options.model ?? request.model, redact);
      try {
        const type = response.headers.get('content-type') ?? '';
        const model = options.model ?? request.model;
        const limit = settings.maxReplyBytes;
        return scrubbed(
          stream && type.includes('text/event-stream')
            ? await readStream(response, model, request, timer.touch, limit)
            : readJson(await boundedBody(response, limit, timer.touch), model, request),
          redact,
        );
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw await fetchFailure(error, timer, baseUrl, fetchFn, settings.timeoutMs, true);
      }
    } finally {
      timer.clear();
    }
  }

  if (!(Number.isSafeInteger(settings.maxReplyBytes) && settings.maxReplyBytes > 0)) {
    throw new ProviderError(
      'bad-request',
      `The reply size limit must be a whole number of bytes above 0, got ${options.maxReplyBytes}.`,
    );
  }
  if (options.deadlineMs !== undefined && !(options.deadlineMs > 0)) {
    throw new ProviderError(
      'bad-request',
      `The reply deadline must be more than 0 ms, got ${options.deadlineMs}.`,
    );
  }
  return withReplyDeadline(
    {
      name: 'openai',
      complete: retrying,
    },
    options.deadlineMs,
  );

  async function retrying(request: ChatRequest): Promise<ChatResponse> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(request);
      } catch (raw) {
        const error =
          raw instanceof ProviderError
            ? new ProviderError(raw.kind, redact(raw.message), raw)
            : new ProviderError('bad-response', redact(describe(raw)));
        const lastTry = attempt > settings.maxRetries;
        if ((error.retryAfterS ?? 0) > MAX_RETRY_AFTER_S) {
          throw new ProviderError(
            error.kind,
            `${error.message} That is longer than ${MAX_RETRY_AFTER_S} s: not retried (a quota, not a hiccup).`,
            { ...error, final: true },
          );
        }
        if (!error.retryable || lastTry || request.signal?.aborted) {
          throw lastTry && error.retryable
            ? new ProviderError(error.kind, `${error.message} (gave up after ${attempt} attempts)`, {
                ...error,
                final: error.kind === 'cors',
              })
            : error;
        }
        const backoff = Math.min(settings.maxBackoffMs, settings.backoffMs * 2 ** (attempt - 1));
        const delayMs =
          error.retryAfterS !== undefined
            ? error.retryAfterS * 1000
            : Math.round(backoff / 2 + (random() * backoff) / 2);
        options.onRetry?.({ attempt, error, delayMs });
        try {
          await sleep(delayMs, request.signal);
        } catch {
          throw new ProviderError('aborted', 'The request was cancelled.');
        }
      }
    }
  }
}

/** `GET <base>/models`: the model ids a server offers, to check a connection and fill a picker. */
export async function listModels(
  options: Pick<OpenAiProviderOptions, 'baseUrl' | 'apiKey' | 'fetch' | 'timeoutMs'>,
): Promise<string[]> {
  const baseUrl = checkBaseUrl(options.baseUrl);
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const secret = checkKey(options.apiKey);
  const redact = redactor(secret);
  const timer = idleTimer(options.timeoutMs ?? 10_000, undefined);
  try {
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}/models`, {
        headers: secret ? { Authorization: `Bearer ${secret}` } : {},
        signal: timer.signal,
      });
    } catch (error) {
      throw await fetchFailure(error, timer, baseUrl, fetchFn, options.timeoutMs ?? 10_000);
    }
    if (!response.ok) throw await httpFailure(response, baseUrl, '', redact);
    const body = parseJson(await boundedBody(response, MAX_REPLY_BYTES)) as
      | { data?: { id?: unknown }[] }
      | undefined;
    if (!Array.isArray(body?.data))
      throw new ProviderError('bad-response', `${baseUrl}/models did not list models.`);
    return body.data.map((m) => m.id).filter((id): id is string => typeof id === 'string');
  } catch (error) {
    throw error instanceof ProviderError
      ? new ProviderError(error.kind, redact(error.message), error)
      : error;
  } finally {
    timer.clear();
  }
}

// ---------------------------------------------------------------------------------------------
// The request

function checkBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ProviderError(
      'bad-request',
      `"${raw}" is not a URL. Give the server's base URL, e.g. http://localhost:8080/v1 (llama.cpp) or http://localhost:11434/v1 (Ollama).`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProviderError('bad-request', `"${raw}" is not an http(s) URL.`);
  }
  if (url.username || url.password) {
    throw new ProviderError(
      'bad-request',
      'The base URL must not hold a user name or password: give the key in the API key field, which stays in this browser.',
    );
  }
  if (url.search || url.hash) {
    throw new ProviderError(
      'bad-request',
      `The base URL must end at the API's root, without "?…" or "#…", e.g. ${url.origin}${url.pathname}.`,
    );
  }
  return url.href.replace(/\/+$/, '').replace(/\/chat\/completions$/, '');
}

function wireBody(request: ChatRequest, model: string, stream: boolean): Record<string, unknown> {
  // `metadata` is for the simulated provider, `signal` is ours; neither goes on the wire.
  const { metadata: _metadata, signal: _signal, model: _model, ...rest } = request;
  return {
    ...rest,
    model,
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : { stream: false }),
  };
}

/** Aborts after `ms` without a byte, or when the caller aborts. */
function idleTimer(ms: number, outer: AbortSignal | undefined): Timer {
  const controller = new AbortController();
  let timedOut = false;
  let handle: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(handle);
    handle = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('timeout'));
    }, ms);
  };
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  touch();
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    touch,
    // Also ends the request: a stream that failed part-way, or a server that keeps the connection
    // open after [DONE], must not hold a connection (browsers allow about six per host).
    clear: () => {
      clearTimeout(handle);
      outer?.removeEventListener('abort', onAbort);
      if (!controller.signal.aborted) controller.abort(new Error('done'));
    },
  };
}

/** The key as sent; one no server issues (a space or invisible character inside) is refused in words. */
function checkKey(key: string | undefined): string {
  const secret = key?.trim() ?? '';
  if (/[^\x21-\x7e]/.test(secret)) {
    throw new ProviderError(
      'auth',
      'The API key holds a space or a character no key has (an invisible one, pasted along?): enter it again.',
    );
  }
  return secret;
}

function redactor(secret: string): (text: string) => string {
  return (text) => (secret.length >= 4 ? text.split(secret).join('[redacted]') : text);
}

/** The reply with the key taken out of its text and its tool calls' arguments (JSON stays valid). */
function scrubbed(response: ChatResponse, redact: (text: string) => string): ChatResponse {
  const [choice] = response.choices;
  const { content, tool_calls: calls } = choice.message;
  return {
    ...response,
    choices: [
      {
        ...choice,
        message: {
          ...choice.message,
          content: content === null ? null : redact(content),
          ...(calls
            ? {
                tool_calls: calls.map((c) => ({
                  ...c,
                  function: { name: redact(c.function.name), arguments: redact(c.function.arguments) },
                })),
              }
            : {}),
        },
      },
    ],
  };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const handle = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(handle);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
