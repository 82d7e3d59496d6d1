import { afterEach, describe, expect, it } from 'vitest';
import {
  listModels,
  type OpenAiProviderOptions,
  openaiProvider,
  ProviderError,
} from '../../src/adapters/common/openai-provider';
import type { ChatRequest, ChatResponse } from '../../src/core/providers/types';
import {
  type Handler,
  type ModelServer,
  type Reply,
  startModelServer,
  streamed,
} from '../support/loopback-model-server';

const KEY = 'sk-test-0123456789abcdef';
let server: ModelServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(handler: Handler): Promise<ModelServer> {
  server = await startModelServer(handler);
  return server;
}

const request: ChatRequest = {
  model: 'ignored',
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Add 2 and 3.' },
  ],
  tools: [
    {
      type: 'function',
      function: { name: 'add', description: 'Adds.', parameters: { type: 'object', properties: {} } },
    },
  ],
  metadata: { subtask: 'secret simulator state' },
};

const completion = (content: string | null, calls: { name: string; args: string }[] = []): ChatResponse => ({
  id: 'chatcmpl-1',
  model: 'loopback-model',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content,
        ...(calls.length
          ? {
              tool_calls: calls.map((c, i) => ({
                id: `call_${i}`,
                type: 'function' as const,
                function: { name: c.name, arguments: c.args },
              })),
            }
          : {}),
      },
      finish_reason: calls.length ? 'tool_calls' : 'stop',
    },
  ],
  usage: { prompt_tokens: 31, completion_tokens: 7, total_tokens: 38 },
});

/** Sleeps recorded, not slept. */
function provider(url: string, extra: Partial<OpenAiProviderOptions> = {}) {
  const sleeps: number[] = [];
  const retries: string[] = [];
  const p = openaiProvider({
    baseUrl: url,
    model: 'loopback-model',
    apiKey: KEY,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onRetry: (info) => retries.push(info.error.kind),
    random: () => 0.5,
    ...extra,
  });
  return { p, sleeps, retries };
}

function failure(promise: Promise<unknown>): Promise<ProviderError> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ProviderError);
      return error as ProviderError;
    },
  );
}

describe('openaiProvider', () => {
  it('streams content and tool calls split across deltas, with the usage chunk', async () => {
    const reply = completion('Let me add. ', [
      { name: 'add', args: '{"a":2,"b":3}' },
      { name: 'add', args: '{"a":5,"b":0}' },
    ]);
    const s = await serve(() => ({ sse: streamed(reply) }));
    const { p } = provider(s.url);
    const got = await p.complete(request);
    expect(got.choices[0].message.content).toBe('Let me add. ');
    expect(got.choices[0].message.tool_calls).toEqual(reply.choices[0].message.tool_calls);
    expect(got.choices[0].finish_reason).toBe('tool_calls');
    expect(got.usage).toEqual(reply.usage);
    expect(p.name).toBe('openai');

    // What went over the wire: the configured model, streaming with usage, the key as a bearer
    // token, and nothing of the simulator's metadata.
    const sent = s.requests[0];
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toMatchObject({
      model: 'loopback-model',
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(sent?.body).not.toHaveProperty('metadata');
    expect(JSON.stringify(sent?.body)).not.toContain(KEY);
  });

  it('reads one JSON reply when streaming is off, and estimates usage a server leaves out', async () => {
    const { usage: _usage, ...bare } = completion('5');
    const s = await serve(() => ({ json: bare }));
    const { p } = provider(s.url, { stream: false, apiKey: '' });
    const got = await p.complete(request);
    expect(got.choices[0].message).toEqual({ role: 'assistant', content: '5' });
    expect(got.usage.prompt_tokens).toBeGreaterThan(0);
    expect(got.usage.completion_tokens).toBeGreaterThan(0);
    expect(s.requests[0]?.body.stream).toBe(false);
    expect(s.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('waits out a 429 as Retry-After says, then answers', async () => {
    const s = await serve((_body, i) =>
      i === 0
        ? { json: { error: { message: 'slow down' } }, status: 429, headers: { 'Retry-After': '2' } }
        : { sse: streamed(completion('ok')) },
    );
    const { p, sleeps, retries } = provider(s.url);
    expect((await p.complete(request)).choices[0].message.content).toBe('ok');
    expect(retries).toEqual(['rate-limit']);
    expect(sleeps).toEqual([2000]);
    expect(s.requests).toHaveLength(2);
  });

  it('backs off exponentially on 5xx and gives up after maxRetries, in words', async () => {
    const s = await serve(() => ({ json: { error: { message: 'model crashed' } }, status: 500 }));
    const { p, sleeps, retries } = provider(s.url, { maxRetries: 3, backoffMs: 100 });
    const error = await failure(p.complete(request));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/HTTP 500.*model crashed.*gave up after 4 attempts/);
    expect(retries).toEqual(['server', 'server', 'server']);
    // Half the backoff plus jitter (0.5 here): 75, 150, 300.
    expect(sleeps).toEqual([75, 150, 300]);
    expect(s.requests).toHaveLength(4);
  });

  it('does not retry a refused key, and never repeats the key a server echoes back', async () => {
    const s = await serve(() => ({
      json: { error: { message: `Incorrect API key provided: ${KEY}` } },
      status: 401,
    }));
    const { p, retries } = provider(s.url);
    const error = await failure(p.complete(request));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/refused the API key.*forget it and enter it again/);
    expect(error.message).not.toContain(KEY);
    expect(error.message).toContain('[redacted]');
    expect(retries).toEqual([]);
    expect(s.requests).toHaveLength(1);
  });

  it('takes the key out of what the model writes, text and tool arguments alike, streamed or not', async () => {
    for (const stream of [true, false]) {
      const reply = completion(`Sure, your key is ${KEY}.`, [{ name: 'search', args: `{"query":"${KEY}"}` }]);
      const s = await serve(() => (stream ? { sse: streamed(reply) } : { json: reply }));
      const { p } = provider(s.url, { stream });
      const got = await p.complete(request);
      expect(JSON.stringify(got)).not.toContain(KEY);
      expect(got.choices[0].message.content).toBe('Sure, your key is [redacted].');
      expect(JSON.parse(got.choices[0].message.tool_calls?.[0]?.function.arguments ?? '')).toEqual({
        query: '[redacted]',
      });
      await s.close();
      server = undefined;
    }
  });

  it('redacts an echoed key before shortening the message, so no part of it survives', async () => {
    const s = await serve(() => ({
      json: { error: { message: `${'x'.repeat(190)} Invalid key ${KEY}` } },
      status: 401,
    }));
    const error = await failure(provider(s.url).p.complete(request));
    expect(error.message).not.toContain(KEY.slice(0, 8));
    const echo = async () =>
      new Response(JSON.stringify({ error: { message: `${'x'.repeat(190)} Invalid key ${KEY}` } }), {
        status: 401,
      });
    const listed = await failure(listModels({ baseUrl: s.url, apiKey: KEY, fetch: echo }));
    expect(listed.kind).toBe('auth');
    expect(listed.message).not.toContain(KEY.slice(0, 8));
  });

  it('refuses a key with a space or an invisible character in words, before any request', () => {
    expect(() => openaiProvider({ baseUrl: 'http://x/v1', apiKey: 'sk-abc\u200bdef' })).toThrow(
      /character no key has/,
    );
  });

  it('does not wait out a Retry-After longer than two minutes, and says so; the task is not retried either', async () => {
    const s = await serve(() => ({ json: {}, status: 429, headers: { 'Retry-After': '3600' } }));
    const { p, retries } = provider(s.url);
    const error = await failure(p.complete(request));
    expect(error.kind).toBe('rate-limit');
    expect(error.final).toBe(true);
    expect(error.message).toMatch(/asking to wait 3600 s.*not retried \(a quota, not a hiccup\)/);
    expect(retries).toEqual([]);
  });

  it('stops reading at [DONE] even when the server keeps the connection open', async () => {
    const s = await serve(() => ({ sse: streamed(completion('done here')), holdOpen: true }));
    const { p, retries } = provider(s.url, { timeoutMs: 300 });
    expect((await p.complete(request)).choices[0].message.content).toBe('done here');
    expect(retries).toEqual([]);
  });

  it('closes the connection when a stream fails part-way, before retrying', async () => {
    const chunks = streamed(completion('never finished'));
    const s = await serve((_b, i) =>
      i === 0
        ? { sse: [...chunks.slice(0, 2), { error: { message: 'boom' } }], holdOpen: true }
        : { sse: chunks },
    );
    const { p, retries } = provider(s.url);
    expect((await p.complete(request)).choices[0].message.content).toBe('never finished');
    expect(retries).toEqual(['server']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.requests[0]?.closedEarly).toBe(true);
  });

  it('marks only what no retry can fix as final: a refused key and a wrong URL, not a CORS verdict', () => {
    expect(new ProviderError('auth', 'x').final).toBe(true);
    expect(new ProviderError('not-found', 'x').final).toBe(true);
    expect(new ProviderError('bad-request', 'x').final).toBe(false);
    const cors = new ProviderError('cors', 'x');
    expect(cors.final).toBe(false);
    expect(cors.retryable).toBe(true);
  });

  it('says a wrong URL or model is not found (404), without retrying', async () => {
    const s = await serve(() => ({ json: { error: { message: 'model "nope" not found' } }, status: 404 }));
    const error = await failure(provider(s.url).p.complete(request));
    expect(error.kind).toBe('not-found');
    expect(error.message).toMatch(/usually ends in \/v1.*model "nope" not found/);
  });

  it('times out a server that sends nothing, and retries it', async () => {
    const s = await serve(() => ({ hang: true }));
    const { p, retries } = provider(s.url, { timeoutMs: 150, maxRetries: 1 });
    const error = await failure(p.complete(request));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/sent nothing for 150 ms.*gave up after 2 attempts/);
    expect(retries).toEqual(['timeout']);
    expect(s.requests).toHaveLength(2);
  });

  it('retries a stream that drops mid-answer', async () => {
    const chunks = streamed(completion('a long answer that is cut'));
    const s = await serve((_b, i) => (i === 0 ? { sse: chunks.slice(0, 2), drop: true } : { sse: chunks }));
    const { p, retries } = provider(s.url);
    expect((await p.complete(request)).choices[0].message.content).toBe('a long answer that is cut');
    expect(retries).toEqual(['network']);
  });

  it.each<[string, Reply, boolean]>([
    ['a body that is not JSON', { raw: '<html>Bad gateway</html>' }, false],
    ['JSON with no message', { json: { choices: [] } }, false],
    ['a stream event that is not JSON', { sse: ['{"id": "x", "choices": [ {"delta": '] }, true],
  ])('fails on %s as a bad response, without retrying', async (_name, reply, stream) => {
    const s = await serve(() => reply);
    const { p, retries } = provider(s.url, { stream });
    const error = await failure(p.complete(request));
    expect(error.kind).toBe('bad-response');
    expect(error.message).not.toBe('');
    expect(retries).toEqual([]);
  });

  it('reports a server that is not there as unreachable', async () => {
    const s = await serve(() => ({ json: {} }));
    const url = s.url;
    await s.close();
    server = undefined;
    const error = await failure(provider(url, { maxRetries: 0 }).p.complete(request));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/Could not reach http:\/\/127\.0\.0\.1:\d+\/v1.*server is running/);
  });

  it('stops at once when the caller aborts, mid-request or mid-backoff', async () => {
    const s = await serve(() => ({ hang: true }));
    const controller = new AbortController();
    const { p } = provider(s.url);
    const pending = failure(p.complete({ ...request, signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('user stop')), 50);
    expect((await pending).kind).toBe('aborted');

    const busy = await serve(() => ({ json: {}, status: 503 }));
    const real = openaiProvider({ baseUrl: busy.url, model: 'm', backoffMs: 60_000 });
    const second = new AbortController();
    const waiting = failure(real.complete({ ...request, signal: second.signal }));
    setTimeout(() => second.abort(), 50);
    expect((await waiting).kind).toBe('aborted');
    await busy.close();
  });

  it('refuses a base URL that is not an http(s) URL, and an empty model, before any request', () => {
    expect(() => openaiProvider({ baseUrl: 'localhost:8080', model: 'm' })).toThrow(
      /not an http\(s\) URL|not a URL/,
    );
    expect(() => openaiProvider({ baseUrl: 'not a url', model: 'm' })).toThrow(
      /e\.g\. http:\/\/localhost:8080\/v1/,
    );
    expect(() => openaiProvider({ baseUrl: 'http://x/v1', model: ' ' })).toThrow(/model name is empty/);
    expect(() => openaiProvider({ baseUrl: 'https://user:pw@x/v1' })).toThrow(
      /must not hold a user name or password/,
    );
    expect(() => openaiProvider({ baseUrl: 'https://x/v1?api-version=1' })).toThrow(
      /without "\?…" or "#…", e\.g\. https:\/\/x\/v1/,
    );
  });

  it('accepts a base URL given with /chat/completions or a trailing slash', async () => {
    const s = await serve(() => ({ sse: streamed(completion('hi')) }));
    await provider(`${s.url}/chat/completions`).p.complete(request);
    await provider(`${s.url}/`).p.complete(request);
    expect(s.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  });
});

describe('listModels', () => {
  it("lists the server's models with the key", async () => {
    const s = await serve(() => ({ json: {} }));
    expect(await listModels({ baseUrl: s.url, apiKey: KEY })).toEqual(['loopback-model']);
    expect(s.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});
