/**
 * Failures of an OpenAI-compatible server, in words a user can act on: what happened, and what to
 * do about it. `final` says whether any later attempt could succeed without the user changing
 * something (the key, the URL, the server's CORS settings).
 */

import { bodyHead } from './bounded-body';

export type ProviderErrorKind =
  | 'auth'
  | 'rate-limit'
  | 'server'
  | 'timeout'
  /** The whole reply passed its deadline (reply-deadline.ts): not retried, the time is spent. */
  | 'deadline'
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

export async function httpFailure(
  res: Response,
  baseUrl: string,
  model: string,
  redact: (text: string) => string,
): Promise<ProviderError> {
  // Redacted before it is shortened, so no part of an echoed key survives the cut.
  // Only its head is read: a server may send an error page without end.
  const said = serverMessage(redact(await bodyHead(res).catch(() => '')));
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

export interface Timer {
  readonly signal: AbortSignal;
  readonly timedOut: () => boolean;
  readonly touch: () => void;
  readonly clear: () => void;
}

export async function fetchFailure(
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

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function preview(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
