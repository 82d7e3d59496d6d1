import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchEndpoint } from '../../src/adapters/common/endpoint-watch';
import { openaiProvider, ProviderError } from '../../src/adapters/common/openai-provider';
import { withReplyDeadline } from '../../src/adapters/common/reply-deadline';
import { serialPolicy } from '../../src/core/policy/serial';
import { replyDeadlineMs } from '../../src/core/providers/deadline';
import type { ChatRequest, ChatResponse, Provider } from '../../src/core/providers/types';
import { runScenario } from '../../src/core/run/run';
import { scenarioKinds } from '../../src/core/scenarios/registry';
import { type EndlessServer, startEndlessServer } from '../support/endless-stream-server';
import { type ModelServer, startModelServer } from '../support/loopback-model-server';
import { loadProfiles, loadSpec } from '../support/scenarios';

// Issue 45, part 3: a server that streams a token every few ms and never ends is never idle, so
// the idle timeout alone waits on it for ever. Every reply has a total deadline besides.

const request: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'Count to infinity.' }] };
let endless: EndlessServer | undefined;
let loopback: ModelServer | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await endless?.close();
  await loopback?.close();
  endless = undefined;
  loopback = undefined;
});

/** The outcome, or 'still waiting' after `guardMs`: the old code's hang ends the test, not the suite. */
async function settle<T>(pending: Promise<T>, guardMs: number): Promise<T | Error | 'still waiting'> {
  let guard: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<'still waiting'>((resolve) => {
    guard = setTimeout(() => resolve('still waiting'), guardMs);
  });
  try {
    return await Promise.race([pending.catch((error: Error) => error), waited]);
  } finally {
    clearTimeout(guard);
  }
}

async function until(condition: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return condition();
}

describe('the reply deadline of the OpenAI-compatible provider', () => {
  it('ends an endless stream at its deadline, in words, and closes the connection', async () => {
    endless = await startEndlessServer({ everyMs: 50 });
    // The idle timeout is four times the gap between tokens: it never fires.
    const provider = openaiProvider({ baseUrl: endless.url, timeoutMs: 200, deadlineMs: 600 });
    const started = Date.now();
    const outcome = await settle(provider.complete(request), 15_000);
    const took = Date.now() - started;

    expect(outcome).toBeInstanceOf(ProviderError);
    const error = outcome as ProviderError;
    expect(error.kind).toBe('deadline');
    expect(error.message).toMatch(/^The reply passed its 600 ms deadline and was cut off unfinished/);
    // Not retried (the time is spent), and not final: a fresh attempt may write a shorter reply.
    expect(error.retryable).toBe(false);
    expect(error.final).toBe(false);
    expect(endless.requests()).toBe(1);
    // Ends at the deadline, not never: a generous bound, no flaky timing.
    expect(took).toBeGreaterThanOrEqual(550);
    expect(took).toBeLessThan(600 + 5000);
    // The stream is closed, so the server stops generating and the connection is freed.
    expect(await until(() => endless?.closed() === 1)).toBe(true);
  });

  it('bounds the whole call, retries and backoffs included, not each try', async () => {
    loopback = await startModelServer(() => ({ json: { error: { message: 'busy' } }, status: 503 }));
    const provider = openaiProvider({
      baseUrl: loopback.url,
      deadlineMs: 400,
      backoffMs: 300,
      maxRetries: 50,
    });
    const outcome = await settle(provider.complete(request), 15_000);
    expect((outcome as ProviderError).kind).toBe('deadline');
    expect(loopback.requests.length).toBeGreaterThanOrEqual(1);
    expect(loopback.requests.length).toBeLessThan(10);
  });

  it("leaves a caller's cancel a cancel, and a reply in time a reply", async () => {
    endless = await startEndlessServer({ everyMs: 50, answered: 1 });
    const provider = openaiProvider({ baseUrl: endless.url, stream: false, deadlineMs: 5000 });
    const reply = await provider.complete(request);
    expect(reply.choices[0].message.content).toBe('Done.');
    const controller = new AbortController();
    const pending = provider.complete({ ...request, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const outcome = await settle(pending, 10_000);
    expect((outcome as ProviderError).kind).toBe('aborted');
  });

  it('refuses a deadline of 0 or less before any request', () => {
    expect(() => openaiProvider({ baseUrl: 'http://localhost:1/v1', deadlineMs: 0 })).toThrow(
      /more than 0 ms/,
    );
  });
});

describe('the default deadline', () => {
  it('is a minute plus the output limit at 10 tokens a second', () => {
    expect(replyDeadlineMs(1024)).toBe(162_400);
    expect(replyDeadlineMs(2048)).toBe(264_800);
    expect(replyDeadlineMs(4096)).toBe(469_600);
    // A request with no output limit is given the largest profile's.
    expect(replyDeadlineMs(undefined)).toBe(469_600);
  });

  it("holds any provider to its request's max_tokens, and says how the deadline was made", async () => {
    vi.useFakeTimers();
    const never: Provider = { name: 'never', complete: () => new Promise<ChatResponse>(() => {}) };
    let outcome: unknown;
    withReplyDeadline(never)
      .complete({ ...request, max_tokens: 1024 })
      .catch((error: unknown) => {
        outcome = error;
      });
    await vi.advanceTimersByTimeAsync(162_399);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect((outcome as ProviderError).kind).toBe('deadline');
    expect((outcome as Error).message).toContain(
      'passed its 162 s deadline (60 s, plus 1024 output tokens at 10 a second)',
    );
  });
});

describe('an endpoint that never finishes a reply', () => {
  const deadline = new ProviderError('deadline', 'The reply passed its 1 s deadline');
  const answer: ChatResponse = {
    id: 'a',
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };

  it('is broken at its first deadline while no reply has come back whole: no retry mends it', async () => {
    const told: ProviderError[] = [];
    const watched = watchEndpoint({ name: 'x', complete: () => Promise.reject(deadline) }, (e) =>
      told.push(e),
    );
    await expect(watched.provider.complete(request)).rejects.toBe(deadline);
    expect(watched.broken()).toBe(deadline);
    expect(told).toEqual([deadline]);
  });

  it("is not broken by a deadline once it has answered: that is one long reply, the run's own failure", async () => {
    let calls = 0;
    const watched = watchEndpoint({
      name: 'x',
      complete: () => (calls++ === 0 ? Promise.resolve(answer) : Promise.reject(deadline)),
    });
    await watched.provider.complete(request);
    await expect(watched.provider.complete(request)).rejects.toBe(deadline);
    expect(watched.broken()).toBeUndefined();
  });
});

describe('a run whose model streams without end', () => {
  it('fails each attempt with the deadline as its reason in the trace, and ends', async () => {
    endless = await startEndlessServer({ everyMs: 30 });
    const spec = loadSpec('wide-search', 'wide-search');
    const kind = scenarioKinds['wide-search'];
    const instance = kind.generate(spec, 1, spec.size.min);
    const provider = openaiProvider({ baseUrl: endless.url, model: 'endless-model', deadlineMs: 300 });
    const result = await settle(
      runScenario({ kind, spec, instance, policy: serialPolicy, profiles: loadProfiles(), provider }),
      60_000,
    );
    if (result === 'still waiting' || result instanceof Error)
      throw new Error(`the run did not end: ${String(result)}`);
    const failed = result.events.filter((e) => e.type === 'task.failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const event of failed) {
      expect(event.error).toMatch(/provider "openai" failed on turn 1: The reply passed its 300 ms deadline/);
    }
    expect(result.metrics.successRate).toBe(0);
  }, 90_000);
});
