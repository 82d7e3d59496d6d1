import { afterEach, describe, expect, it } from 'vitest';
import type { ChatCompletionLike, EngineLike } from '../../src/adapters/browser/webllm-provider';
import { webllmProvider } from '../../src/adapters/browser/webllm-provider';
import { openaiProvider, ProviderError } from '../../src/adapters/common/openai-provider';
import { MAX_REPLY_BYTES, spokenBytes } from '../../src/adapters/common/reply-size';
import type { ChatRequest } from '../../src/core/providers/types';
import { type HugeServer, type HugeShape, startHugeReplyServer } from '../support/huge-reply-server';

// Issue 57, item 2: a 64 MB reply took the CLI to 665 MB and wrote a 67 MB trace. Every reply is
// now counted in bytes as it arrives, and the request is aborted past the limit.

const request: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'Say a lot.' }] };
const MB64 = 64 * 1024 * 1024;
let server: HugeServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function until(condition: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return condition();
}

describe('the size limit of a reply from an OpenAI-compatible server', () => {
  it('is 4 MiB by default, said so', () => {
    expect(MAX_REPLY_BYTES).toBe(4 * 1024 * 1024);
    expect(spokenBytes(MAX_REPLY_BYTES)).toBe('4 MiB');
    expect(spokenBytes(1536 * 1024)).toBe('1.5 MiB');
    expect(spokenBytes(64 * 1024)).toBe('64 KiB');
    expect(spokenBytes(300)).toBe('300 bytes');
  });

  it.each<[HugeShape, boolean]>([
    ['json', false],
    ['sse', true],
  ])(
    'refuses a 64 MB %s reply at the limit, naming it, and closes the connection early',
    async (shape, stream) => {
      server = await startHugeReplyServer({ bytes: MB64, shape });
      const provider = openaiProvider({
        baseUrl: server.url,
        stream,
        maxReplyBytes: 1024 * 1024,
        maxRetries: 0,
      });
      const outcome = await provider.complete(request).catch((error: unknown) => error);

      expect(outcome).toBeInstanceOf(ProviderError);
      const error = outcome as ProviderError;
      expect(error.message).toBe(
        "The model's reply passed 1 MiB, the limit per reply, and was cut off: a sound reply of its max_tokens is far smaller.",
      );
      // A reply that is not usable: not retried by the provider, not a broken endpoint.
      expect(error.kind).toBe('bad-response');
      expect(error.retryable).toBe(false);
      expect(error.final).toBe(false);
      expect(server.replies).toHaveLength(1);
      // The client hung up long before the end: what the server wrote is the limit plus what the
      // sockets' buffers took, nowhere near 64 MB (before the bound, all of it was read and held).
      const [reply] = server.replies;
      expect(await until(() => reply?.closed === true)).toBe(true);
      expect(reply?.finished).toBe(false);
      expect(reply?.written).toBeLessThan(MB64 / 4);
    },
  );

  it('keeps a reply up to the limit whole, and refuses one byte more', async () => {
    // The JSON body is 1,000 bytes of framing-free tokens plus its head and tail: make the limit
    // its exact size, then one byte less.
    server = await startHugeReplyServer({ bytes: 20_000, shape: 'json' });
    const whole = await openaiProvider({ baseUrl: server.url, stream: false }).complete(request);
    const size = server.replies[0]?.written ?? 0;
    expect(whole.choices[0]?.message.content).toMatch(/^x+$/);
    const exact = await openaiProvider({ baseUrl: server.url, stream: false, maxReplyBytes: size }).complete(
      request,
    );
    expect(exact.choices[0]?.message.content).toBe(whole.choices[0]?.message.content);
    const over = openaiProvider({ baseUrl: server.url, stream: false, maxReplyBytes: size - 1 });
    await expect(over.complete(request)).rejects.toThrow(
      `passed ${spokenBytes(size - 1)}, the limit per reply`,
    );
  });

  it('reads only the head of a 64 MB error page', async () => {
    server = await startHugeReplyServer({ bytes: MB64, shape: 'error' });
    const provider = openaiProvider({ baseUrl: server.url, maxRetries: 0 });
    const error = (await provider.complete(request).catch((e: unknown) => e)) as ProviderError;
    expect(error.kind).toBe('server');
    expect(error.message).toMatch(
      /^The server failed \(HTTP 500\)\. The server said: \{"error":\{"message":"x+… \(gave up after 1 attempts\)$/,
    );
    const [reply] = server.replies;
    expect(await until(() => reply?.closed === true)).toBe(true);
    expect(reply?.finished).toBe(false);
    expect(reply?.written).toBeLessThan(MB64 / 4);
  });

  it('refuses a limit that is not a whole number of bytes above 0', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => openaiProvider({ baseUrl: 'http://127.0.0.1:1/v1', maxReplyBytes: bad })).toThrow(
        `The reply size limit must be a whole number of bytes above 0, got ${bad}.`,
      );
    }
  });
});

describe('the size limit of a WebLLM reply', () => {
  const engine = (content: string, args = '{}'): EngineLike => ({
    chat: {
      completions: {
        create: async (): Promise<ChatCompletionLike> => ({
          id: 'c',
          model: 'w',
          choices: [
            {
              finish_reason: 'stop',
              message: { content, tool_calls: [{ id: 't', function: { name: 'search', arguments: args } }] },
            },
          ],
        }),
      },
    },
    interruptGenerate() {},
  });

  it('refuses text and tool calls that together pass the limit, naming it', async () => {
    const limit = 1000;
    // 'é' is two bytes: 400 of them are 800 bytes, and the call's arguments make up the rest.
    const text = 'é'.repeat(400);
    const under = webllmProvider({ engine: engine(text, 'a'.repeat(194)), model: 'w', maxReplyBytes: limit });
    expect((await under.complete(request)).choices[0]?.message.content).toBe(text);
    const over = webllmProvider({ engine: engine(text, 'a'.repeat(195)), model: 'w', maxReplyBytes: limit });
    await expect(over.complete(request)).rejects.toThrow(
      "The model's reply passed 1000 bytes, the limit per reply, and was cut off",
    );
  });

  it('has the same 4 MiB default', async () => {
    const provider = webllmProvider({ engine: engine('x'.repeat(MAX_REPLY_BYTES)), model: 'w' });
    await expect(provider.complete(request)).rejects.toThrow('passed 4 MiB, the limit per reply');
  });
});
