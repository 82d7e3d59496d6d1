import { describe, expect, it } from 'vitest';
import { playInstanceAsync } from '../../../../src/core/learning/orchestration/async-episode';
import { fixedOrchestrator, parseSetting } from '../../../../src/core/learning/orchestration/decisions';
import { playInstance } from '../../../../src/core/learning/orchestration/episode';
import { drawInstance } from '../../../../src/core/learning/orchestration/instance';
import {
  FALLBACK_SETTING,
  llmOrchestrator,
} from '../../../../src/core/learning/orchestration/llm-orchestrator';
import { decisionMessage, readReply } from '../../../../src/core/learning/orchestration/llm-prompt';
import { defaultEnvParams as params } from '../../../../src/core/learning/orchestration/params';
import { orchestrationPlayer } from '../../../../src/core/learning/orchestration/simulated-orchestrator';
import { type ScriptedReply, scriptedProvider } from '../../../../src/core/providers/scripted';
import type { ChatRequest } from '../../../../src/core/providers/types';
import { keyedRng } from '../../../../src/core/util/rng';

/** The decision a request asks: the word after "Decision: " in its first user message. */
const decisionOf = (r: ChatRequest) => {
  const first = r.messages.find((m) => m.role === 'user');
  return /^Decision: (\w+)/.exec(first?.role === 'user' ? first.content : '')?.[1];
};

/** A model that answers every decision of `spawn/2/1/large/retry` (and `go`), in valid JSON. */
const wellBehaved = (r: ChatRequest): ScriptedReply => {
  const replies: Record<string, unknown> = {
    plan: { mode: 'spawn', shard: 2, replicas: 1, spares: 'none' },
    profile: { profile: 'large' },
    recover: { recovery: 'retry' },
    control: { control: 'go' },
  };
  return { content: JSON.stringify(replies[decisionOf(r) ?? '']), usage: { prompt: 100, completion: 7 } };
};

const many = <T>(n: number, step: T): T[] => Array.from({ length: n }, () => step);

describe('the llm orchestrator', () => {
  const instance = drawInstance(params, 11);

  it('plays the episode the fixed setting its answers name plays, one call per decision, usage recorded', async () => {
    const provider = scriptedProvider(many(500, wellBehaved));
    const llm = llmOrchestrator({ provider, model: 'm' });
    const got = await playInstanceAsync(params, instance, llm);
    expect(got).toEqual(
      playInstance(params, instance, fixedOrchestrator(parseSetting('spawn/2/1/large/retry'))),
    );
    const decisions = llm.decisions();
    expect(provider.requests).toHaveLength(decisions.length);
    expect(llm.invalidAnswers()).toBe(0);
    expect(llm.fallbacks()).toBe(0);
    expect(decisions[0]).toMatchObject({ kind: 'plan', answer: 'spawn/2/1/spares-none', replies: 1 });
    expect(decisions.every((d) => d.promptTokens === 100 && d.completionTokens === 7)).toBe(true);
    const request = provider.requests[0] as ChatRequest;
    expect(request.response_format).toEqual({ type: 'json_object' });
    expect(request.messages[0]?.role).toBe('system');
  });

  it('accepts JSON in a code fence or with a sentence around it, and numbers written as strings', () => {
    expect(readReply('plan', '```json\n{"mode": "spawn", "shard": "4", "replicas": 3}\n```')).toMatchObject({
      ok: true,
      label: 'spawn/4/3/spares-none',
    });
    expect(readReply('profile', 'Sure! {"profile": "small"} is my choice.')).toMatchObject({
      ok: true,
      choice: 0,
    });
    expect(readReply('plan', '{"mode": "solo", "extra": true}')).toMatchObject({ ok: true, label: 'solo' });
  });

  it('refuses garbage and unknown options, saying what is accepted', () => {
    expect(readReply('profile', 'large, I think')).toEqual({
      ok: false,
      message: 'the reply is not a JSON object',
    });
    expect(readReply('profile', '{"profile": "huge"}')).toEqual({
      ok: false,
      message: 'profile must be one of small, medium, large',
    });
    expect(readReply('profile', '{"choice": "large"}')).toEqual({ ok: false, message: 'profile is missing' });
    expect(readReply('plan', '{"mode": "spawn", "shard": 3, "replicas": 1}')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/shard must be one of 1, 2, 4, 8, 16/),
    });
    expect(readReply('plan', '{"mode": "swarm"}')).toMatchObject({
      message: expect.stringMatching(/solo, spawn/),
    });
    expect(readReply('control', null)).toEqual({ ok: false, message: 'the reply is empty' });
    expect(readReply('recover', '[1]')).toMatchObject({ ok: false });
  });

  it('asks once more with the error stated, and counts the refused answer', async () => {
    const provider = scriptedProvider([{ content: 'spawn everything!' }, ...many(500, wellBehaved)]);
    const llm = llmOrchestrator({ provider, model: 'm' });
    await playInstanceAsync(params, instance, llm);
    expect(llm.invalidAnswers()).toBe(1);
    expect(llm.fallbacks()).toBe(0);
    const second = provider.requests[1] as ChatRequest;
    expect(second.messages).toHaveLength(4);
    expect(second.messages[2]).toEqual({ role: 'assistant', content: 'spawn everything!' });
    expect(second.messages[3]).toMatchObject({
      role: 'user',
      content: expect.stringMatching(/not a JSON object/),
    });
    expect(llm.decisions()[0]).toMatchObject({ kind: 'plan', replies: 2, fallback: false });
  });

  it('falls back to the heuristic baseline after two bad answers, and counts both answers and the fallback', async () => {
    const bad = { content: '{"profile": "huge", "mode": "swarm", "recovery": "restart", "control": "wait"}' };
    const provider = scriptedProvider(many(2_000, bad));
    const llm = llmOrchestrator({ provider, model: 'm' });
    const got = await playInstanceAsync(params, instance, llm);
    expect(got).toEqual(playInstance(params, instance, fixedOrchestrator(parseSetting(FALLBACK_SETTING))));
    const n = llm.decisions().length;
    expect(llm.fallbacks()).toBe(n);
    expect(llm.invalidAnswers()).toBe(2 * n);
    expect(provider.requests).toHaveLength(2 * n);
    expect(llm.decisions()[1]).toMatchObject({
      kind: 'profile',
      answer: 'medium',
      fallback: true,
      replies: 2,
    });
  });

  it('passes the abort signal to the provider, and lets a provider error through', async () => {
    const controller = new AbortController();
    const provider = scriptedProvider([{ hang: true }]);
    const llm = llmOrchestrator({ provider, model: 'm' });
    const playing = playInstanceAsync(params, instance, llm, undefined, controller.signal);
    controller.abort();
    await expect(playing).rejects.toThrow(/aborted/);
    expect(provider.requests[0]?.signal).toBe(controller.signal);
    const failing = llmOrchestrator({ provider: scriptedProvider([{ throws: 'HTTP 500' }]), model: 'm' });
    await expect(playInstanceAsync(params, instance, failing)).rejects.toThrow('HTTP 500');
  });

  it('shows the model what the orchestrator sees, never the hidden difficulties', () => {
    const other = { ...instance, difficulty: instance.difficulty.map(() => 0.99) };
    const { difficulty: _a, ...seen } = instance;
    const { difficulty: _b, ...seenOther } = other;
    expect(decisionMessage(params, { kind: 'plan', view: seen })).toBe(
      decisionMessage(params, { kind: 'plan', view: seenOther }),
    );
    // A view that (wrongly) carries the difficulties still renders without them.
    expect(decisionMessage(params, { kind: 'plan', view: other })).toBe(
      decisionMessage(params, { kind: 'plan', view: seen }),
    );
  });

  it('has a simulated player that answers every decision validly when it makes no mistake', async () => {
    const provider = scriptedProvider(
      many(500, (r: ChatRequest) => ({
        content: orchestrationPlayer({
          descriptor: undefined,
          messages: r.messages,
          tools: [],
          errorRate: 0,
          callsPerTurn: 1,
          rng: keyedRng(1, 'player'),
        }).content,
      })),
    );
    const llm = llmOrchestrator({ provider, model: 'm' });
    for (const seed of [1, 2, 3, 4, 5, 6]) await playInstanceAsync(params, drawInstance(params, seed), llm);
    expect(llm.invalidAnswers()).toBe(0);
    expect(new Set(llm.decisions().map((d) => d.kind))).toEqual(
      new Set(['plan', 'profile', 'recover', 'control']),
    );
  });
});
