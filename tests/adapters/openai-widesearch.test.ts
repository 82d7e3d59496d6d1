import { afterEach, describe, expect, it } from 'vitest';
import { openaiProvider } from '../../src/adapters/common/openai-provider';
import { heuristicPolicy } from '../../src/core/policy/heuristic';
import { llmPolicy } from '../../src/core/policy/llm/llm-policy';
import { runScenario } from '../../src/core/run/run';
import { simulatedProviderFor } from '../../src/core/scenarios/players';
import { scenarioKinds } from '../../src/core/scenarios/registry';
import { chromeTrace } from '../../src/core/trace/chrome-trace';
import { encodeTrace } from '../../src/core/trace/jsonl';
import {
  type ModelServer,
  playerBackend,
  startModelServer,
  subtasksOf,
} from '../support/loopback-model-server';
import { loadProfiles, loadSpec } from '../support/scenarios';

// The Done-when: a wide-search run with the OpenAI-compatible provider against a loopback
// test server completes and is graded. The server's "model" is the wide-search player, which
// needs the subtask it is working on: real servers never get our metadata, so the backend finds
// the subtask from the prompt, as a real model would read it.

const KEY = 'sk-loopback-secret-42';
const spec = loadSpec('wide-search', 'wide-search');
const kind = scenarioKinds['wide-search'];
const profiles = loadProfiles();
let server: ModelServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const backendFor = (instance: ReturnType<typeof kind.generate>) => playerBackend(subtasksOf(kind, instance));

describe('a wide-search run over the OpenAI-compatible provider on loopback', () => {
  it('completes, is graded, names the provider and keeps the key out of every export', async () => {
    const instance = kind.generate(spec, 3, 10);
    const backend = backendFor(instance);
    // The first request is rate limited: the provider waits it out and the run never knows.
    server = await startModelServer((body, i) =>
      i === 0
        ? { json: { error: { message: 'slow down' } }, status: 429, headers: { 'Retry-After': '0' } }
        : backend(body, i),
    );
    const provider = openaiProvider({ baseUrl: server.url, model: 'loopback-model', apiKey: KEY });
    const result = await runScenario({ kind, spec, instance, policy: heuristicPolicy, profiles, provider });

    expect(result.reason).toBe('completed');
    expect(result.metrics.successRate).toBe(1);
    expect(result.metrics.itemF1).toBeGreaterThan(0.5);
    expect(result.header.provider).toBe('openai');
    expect(server.requests.length).toBeGreaterThan(instance.size);
    for (const r of server.requests) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);

    const exports = [
      encodeTrace(result.header, result.events),
      JSON.stringify(chromeTrace(result.header, result.events)),
    ];
    for (const text of exports) {
      expect(text.length).toBeGreaterThan(1000);
      expect(text).not.toContain(KEY);
    }
  });

  it('runs the llm orchestrator on the same server, its subagents too', async () => {
    const instance = kind.generate(spec, 4, 10);
    const backend = backendFor(instance);
    const orchestrator = simulatedProviderFor(profiles);
    server = await startModelServer(backend);
    const provider = openaiProvider({ baseUrl: server.url, model: 'loopback-model', apiKey: KEY });
    const result = await runScenario({
      kind,
      spec,
      instance,
      policy: llmPolicy({
        provider: orchestrator,
        profile: 'large',
        model: 'sim-large',
        profiles: Object.keys(profiles),
      }),
      profiles,
      provider,
    });
    expect(result.reason).toBe('completed');
    expect(result.metrics.itemF1).toBeGreaterThan(0.5);
    expect(
      result.events.some(
        (e) => e.type === 'tool.call' && e.caller === 'orchestrator' && e.tool === 'assign_task',
      ),
    ).toBe(true);
  });

  it('records a refused key as failed tasks in words, without retrying what cannot succeed', async () => {
    const instance = kind.generate(spec, 5, 10);
    server = await startModelServer(() => ({ json: { error: { message: 'invalid key' } }, status: 401 }));
    const provider = openaiProvider({ baseUrl: server.url, model: 'loopback-model', apiKey: 'sk-wrong-key' });
    const result = await runScenario({ kind, spec, instance, policy: heuristicPolicy, profiles, provider });
    const failed = result.events.filter((e) => e.type === 'task.failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const e of failed) {
      if (e.type !== 'task.failed') continue;
      expect(e.final).toBe(true);
      expect(e.error).toMatch(
        /provider "openai" failed on turn 1: The server refused the API key \(HTTP 401\)/,
      );
      expect(e.error).not.toContain('sk-wrong-key');
    }
    expect(result.events.some((e) => e.type === 'task.retried')).toBe(false);
    // One request per attempt: the provider did not retry a 401 either.
    expect(server.requests).toHaveLength(failed.length);
    expect(result.metrics.itemF1).toBe(0);
  });
});
