/**
 * The Provider port over any OpenAI-compatible chat-completions server: a local llama.cpp, Ollama
 * or vLLM server, or a hosted API. Plain `fetch`, so it runs in the page, in a worker and in Node.
 *
 * - Streaming by default (server-sent events, tool-call deltas and the final usage chunk), so a
 *   slow model is told apart from a dead one: the timeout is the longest silence, not the longest
 *   answer.
 * - Retries with exponential backoff and jitter on 429, 5xx, timeouts and dropped connections,
 *   honouring `Retry-After`; never on a refused key, a bad request or a wrong URL.
 * - Every failure is a `ProviderError` whose message says what happened and what to do, in words a
 *   user can act on, including the one browsers hide: a CORS refusal (told apart from a server that
 *   is down by a second, opaque `no-cors` request, which CORS does not block).
 * - The API key goes in the Authorization header and nowhere else: not in the provider's name, not
 *   in any error (a server that echoes it back has it replaced by `[redacted]`).
 */

import { estimateMessagesTokens, estimateTextTokens } from '../core/agents/tokens';
import type {
  ChatRequest,
  ChatResponse,
  ChatUsage,
  FinishReason,
  Provider,
  ToolCall,
} from '../core/providers/types';

export type ProviderErrorKind =
  | 'auth'
  | 'rate-limit'
  | 'server'
  | 'timeout'
  | 'network'
  | 'cors'
  | 'not-found'
  | 'bad-request'
  | 'bad-response'
  | 'aborted';

export interface ProviderErrorDetails {
  /** The HTTP status, when the server answered. */
  readonly status?: number;
  /** Seconds the server asked us to wait (`Retry-After`). */
  readonly retryAfterS?: number;
  /** Overrides the kind's default (see `final`). */
  readonly final?: boolean;
}

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly status?: number;
  readonly retryAfterS?: number;
  /**
   * No later attempt can succeed until the user changes something: the agent loop reports it so,
   * and the runtime does not retry the task. A refused key and a wrong URL or model are final; so
   * are a CORS refusal that outlived the provider's retries and a `Retry-After` too long to wait.
   */
  readonly final: boolean;

  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    details: ProviderErrorDetails = {},
  ) {
    super(message);
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterS !== undefined) this.retryAfterS = details.retryAfterS;
    this.final = details.final ?? (kind === 'auth' || kind === 'not-found');
  }

  /**
   * Worth another try: the same request may well succeed later. A CORS verdict is retried too: a
   * browser reports a one-off dropped connection to a live server exactly as it reports CORS.
   */
  get retryable(): boolean {
    return (
      this.kind === 'rate-limit' ||
      this.kind === 'server' ||
      this.kind === 'timeout' ||
      this.kind === 'network' ||
      this.kind === 'cors'
    );
  }
}

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

const DEFAULTS = { timeoutMs: 60_000, maxRetries: 4, backoffMs: 500, maxBackoffMs: 20_000 };
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
        return stream && type.includes('text/event-stream')
          ? await readStream(response, options.model ?? request.model, request, timer.touch)
          : readJson(await response.text(), options.model ?? request.model, request);
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw await fetchFailure(error, timer, baseUrl, fetchFn, settings.timeoutMs, true);
      }
    } finally {
      timer.clear();
    }
  }

  return {
    name: 'openai',
    async complete(request) {
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
    },
  };
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
    const body = parseJson(await response.text()) as { data?: { id?: unknown }[] } | undefined;
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

// ---------------------------------------------------------------------------------------------
// Replies

interface WireMessage {
  content?: unknown;
  tool_calls?: unknown;
}

function readJson(text: string, model: string, request: ChatRequest): ChatResponse {
  const body = parseJson(text) as
    | {
        id?: unknown;
        model?: unknown;
        choices?: { message?: WireMessage; finish_reason?: unknown }[];
        usage?: unknown;
      }
    | undefined;
  const choice = body?.choices?.[0];
  if (!choice?.message) {
    throw new ProviderError('bad-response', `The server's reply has no message: ${preview(text)}`);
  }
  const content = typeof choice.message.content === 'string' ? choice.message.content : null;
  const calls = Array.isArray(choice.message.tool_calls) ? choice.message.tool_calls.map(wireCall) : [];
  return response(
    typeof body?.id === 'string' ? body.id : 'chatcmpl',
    typeof body?.model === 'string' ? body.model : model,
    content,
    calls,
    choice.finish_reason,
    body?.usage,
    request,
  );
}

function wireCall(raw: unknown, index: number): ToolCall {
  const call = (raw ?? {}) as { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
  const args = call.function?.arguments;
  return {
    id: typeof call.id === 'string' ? call.id : `call_${index + 1}`,
    type: 'function',
    function: {
      name: typeof call.function?.name === 'string' ? call.function.name : '',
      arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
    },
  };
}

async function readStream(
  res: Response,
  model: string,
  request: ChatRequest,
  touch: () => void,
): Promise<ChatResponse> {
  if (!res.body) throw new ProviderError('bad-response', 'The server sent an empty stream.');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let id = 'chatcmpl';
  let replyModel = model;
  let content = '';
  let sawContent = false;
  let finish: unknown;
  let usage: unknown;
  let done = false;
  const calls: { id: string; name: string; arguments: string }[] = [];
  let buffer = '';

  const onData = (data: string) => {
    if (data === '[DONE]') {
      done = true;
      return;
    }
    const chunk = parseJson(data) as
      | {
          id?: unknown;
          model?: unknown;
          error?: { message?: unknown };
          usage?: unknown;
          choices?: { delta?: WireMessage & { tool_calls?: unknown }; finish_reason?: unknown }[];
        }
      | undefined;
    if (chunk === undefined || typeof chunk !== 'object') {
      throw new ProviderError(
        'bad-response',
        `The server's stream held something that is not JSON: ${preview(data)}`,
      );
    }
    if (chunk.error) {
      throw new ProviderError(
        'server',
        `The server failed mid-answer: ${String(chunk.error.message ?? 'no reason given')}`,
      );
    }
    if (typeof chunk.id === 'string') id = chunk.id;
    if (typeof chunk.model === 'string') replyModel = chunk.model;
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) finish = choice.finish_reason;
    const delta = choice.delta ?? {};
    if (typeof delta.content === 'string') {
      content += delta.content;
      sawContent = true;
    }
    if (Array.isArray(delta.tool_calls)) {
      for (const raw of delta.tool_calls as {
        index?: unknown;
        id?: unknown;
        function?: { name?: unknown; arguments?: unknown };
      }[]) {
        const at = typeof raw.index === 'number' ? raw.index : calls.length;
        calls[at] ??= { id: '', name: '', arguments: '' };
        const call = calls[at];
        if (typeof raw.id === 'string') call.id = raw.id;
        if (typeof raw.function?.name === 'string') call.name += raw.function.name;
        const args = raw.function?.arguments;
        if (typeof args === 'string') call.arguments += args;
        else if (args && typeof args === 'object') call.arguments += JSON.stringify(args);
      }
    }
  };

  while (!done) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    touch();
    buffer += value;
    // Events end with a blank line; a `data:` line may be split across chunks.
    let cut = buffer.search(/\r?\n/);
    while (cut >= 0 && !done) {
      const line = buffer.slice(0, cut);
      buffer = buffer.slice(buffer[cut] === '\r' ? cut + 2 : cut + 1);
      if (line.startsWith('data:')) onData(line.slice(5).trim());
      cut = buffer.search(/\r?\n/);
    }
  }
  if (!done && buffer.startsWith('data:')) onData(buffer.slice(5).trim());
  if (!done && finish === undefined) {
    throw new ProviderError(
      'network',
      'The connection dropped mid-answer (the stream ended without [DONE]).',
    );
  }
  const toolCalls = calls
    .filter((c) => c !== undefined)
    .map((c, i) => ({
      id: c.id || `call_${i + 1}`,
      type: 'function' as const,
      function: { name: c.name, arguments: c.arguments },
    }));
  return response(id, replyModel, sawContent ? content : null, toolCalls, finish, usage, request);
}

function response(
  id: string,
  model: string,
  content: string | null,
  calls: ToolCall[],
  finish: unknown,
  usage: unknown,
  request: ChatRequest,
): ChatResponse {
  return {
    id,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        finish_reason: finishReason(finish, calls.length > 0),
      },
    ],
    usage: usageOf(usage, request, content, calls),
  };
}

function finishReason(raw: unknown, calls: boolean): FinishReason {
  if (raw === 'length' || raw === 'content_filter' || raw === 'stop' || raw === 'tool_calls') {
    return raw === 'stop' && calls ? 'tool_calls' : raw;
  }
  if (raw === 'function_call') return 'tool_calls';
  return calls ? 'tool_calls' : 'stop';
}

/** The server's counts; estimated where it sends none (some local servers, some streams). */
function usageOf(raw: unknown, request: ChatRequest, content: string | null, calls: ToolCall[]): ChatUsage {
  const u = (raw ?? {}) as { prompt_tokens?: unknown; completion_tokens?: unknown };
  const prompt =
    typeof u.prompt_tokens === 'number' ? u.prompt_tokens : estimateMessagesTokens(request.messages);
  const completion =
    typeof u.completion_tokens === 'number'
      ? u.completion_tokens
      : estimateTextTokens(content ?? '') +
        calls.reduce((n, c) => n + estimateTextTokens(c.function.arguments), 0);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

// ---------------------------------------------------------------------------------------------
// Failures, in words a user can act on

async function httpFailure(
  res: Response,
  baseUrl: string,
  model: string,
  redact: (text: string) => string,
): Promise<ProviderError> {
  // Redacted before it is shortened, so no part of an echoed key survives the cut.
  const said = serverMessage(redact(await res.text().catch(() => '')));
  const tail = said ? ` The server said: ${said}` : '';
  const status = res.status;
  if (status === 401 || status === 403) {
    return new ProviderError(
      'auth',
      `The server refused the API key (HTTP ${status}). Check the key for ${baseUrl}, or forget it and enter it again.${tail}`,
      { status },
    );
  }
  if (status === 429) {
    const after = retryAfter(res.headers.get('retry-after'));
    return new ProviderError(
      'rate-limit',
      `The server is rate limiting this key (HTTP 429)${after !== undefined ? `, asking to wait ${after} s` : ''}. Lower the concurrency or wait.${tail}`,
      { status, ...(after !== undefined ? { retryAfterS: after } : {}) },
    );
  }
  if (status === 404) {
    return new ProviderError(
      'not-found',
      model
        ? `${baseUrl}/chat/completions was not found, or the server has no model "${model}" (HTTP 404). Check the base URL (it usually ends in /v1) and the model name.${tail}`
        : `${baseUrl}/models was not found (HTTP 404). Check the base URL (it usually ends in /v1).${tail}`,
      { status },
    );
  }
  if (status === 408 || status >= 500) {
    const after = retryAfter(res.headers.get('retry-after'));
    return new ProviderError('server', `The server failed (HTTP ${status}).${tail}`, {
      status,
      ...(after !== undefined ? { retryAfterS: after } : {}),
    });
  }
  return new ProviderError('bad-request', `The server rejected the request (HTTP ${status}).${tail}`, {
    status,
  });
}

interface Timer {
  readonly signal: AbortSignal;
  readonly timedOut: () => boolean;
  readonly touch: () => void;
  readonly clear: () => void;
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

async function fetchFailure(
  error: unknown,
  timer: Timer,
  baseUrl: string,
  fetchFn: typeof fetch,
  timeoutMs: number,
  midStream = false,
): Promise<ProviderError> {
  if (timer.timedOut()) {
    return new ProviderError(
      'timeout',
      `The server sent nothing for ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}${midStream ? ' mid-answer' : ''}. It may be overloaded or still loading the model.`,
    );
  }
  if (timer.signal.aborted) return new ProviderError('aborted', 'The request was cancelled.');
  if (midStream) {
    return new ProviderError('network', `The connection dropped mid-answer: ${describe(error)}`);
  }
  if (await refusedByCors(baseUrl, fetchFn)) {
    const origin = typeof location === 'undefined' ? 'this page' : location.origin;
    return new ProviderError(
      'cors',
      `${baseUrl} answered, but does not let ${origin} read its replies (CORS). Allow this origin on the server: llama.cpp allows all by default; Ollama: set OLLAMA_ORIGINS=${origin}; vLLM: --allowed-origins '["${origin}"]'; a hosted API that refuses browsers needs a proxy you run.`,
    );
  }
  return new ProviderError(
    'network',
    `Could not reach ${baseUrl} (${describe(error)}). Check that the server is running and the URL is right${typeof location !== 'undefined' && location.protocol === 'https:' && baseUrl.startsWith('http:') ? '; this page is https, so the browser may block a plain-http server that is not on localhost' : ''}.`,
  );
}

/**
 * A browser reports a CORS refusal and a dead server alike, as `TypeError: Failed to fetch`. An
 * opaque `no-cors` request is not subject to CORS: if it gets through, the server is up and the
 * first failure was CORS. Outside a browser (no `location`) there is no CORS.
 */
async function refusedByCors(baseUrl: string, fetchFn: typeof fetch): Promise<boolean> {
  if (typeof location === 'undefined' || new URL(baseUrl).origin === location.origin) return false;
  try {
    await fetchFn(`${baseUrl}/models`, { mode: 'no-cors', signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
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

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function serverMessage(text: string): string {
  const body = parseJson(text) as { error?: { message?: unknown } | string; message?: unknown } | undefined;
  const said =
    typeof body?.error === 'string'
      ? body.error
      : typeof body?.error?.message === 'string'
        ? body.error.message
        : typeof body?.message === 'string'
          ? body.message
          : text;
  return preview(said.trim());
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function preview(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
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
