import { describe, expect, it } from 'vitest';
import { contextEvent, normalizeCalls, takeTurn, turnEvents } from '../../../src/core/agents/turn';
import { estimateMessagesTokens, estimateTextTokens } from '../../../src/core/providers/tokens';
import type { ChatRequest, ChatResponse, Provider, ToolCall } from '../../../src/core/providers/types';

const request: ChatRequest = {
  model: 'm',
  messages: [
    { role: 'system', content: 'You help.' },
    { role: 'user', content: 'Find the capital of France.' },
  ],
};

const answering = (response: unknown): Provider => ({
  name: 'p',
  complete: async () => response as ChatResponse,
});

const reply = (message: unknown, usage?: unknown, finish_reason: unknown = 'stop') => ({
  id: 'r',
  model: 'm',
  choices: [{ index: 0, message, finish_reason }],
  ...(usage !== undefined ? { usage } : {}),
});

describe('one model turn', () => {
  it('passes on a reply with the usage the provider reported', async () => {
    const usage = { prompt_tokens: 30, completion_tokens: 4, total_tokens: 34 };
    const outcome = await takeTurn(
      answering(reply({ role: 'assistant', content: 'Paris' }, usage)),
      request,
      1,
    );
    expect(outcome).toEqual({
      kind: 'reply',
      content: 'Paris',
      calls: [],
      message: { role: 'assistant', content: 'Paris' },
      finishReason: 'stop',
      inputTokens: 30,
      outputTokens: 4,
    });
  });

  it('estimates the usage the provider did not report, or reported as nonsense', async () => {
    const calls = [{ id: 'x', type: 'function', function: { name: 'search', arguments: '{"q":"France"}' } }];
    for (const usage of [undefined, { prompt_tokens: -1, completion_tokens: Number.NaN }]) {
      const outcome = await takeTurn(
        answering(reply({ role: 'assistant', content: 'Looking.', tool_calls: calls }, usage)),
        request,
        1,
      );
      expect(outcome).toMatchObject({
        kind: 'reply',
        inputTokens: estimateMessagesTokens(request.messages),
        outputTokens: estimateTextTokens('Looking.') + estimateTextTokens('{"q":"France"}'),
      });
    }
  });

  it('fails, in words, when the provider throws or answers without a message', async () => {
    const refused = Object.assign(new Error('HTTP 401'), { final: true });
    const throwing: Provider = {
      name: 'p',
      complete: async () => {
        throw refused;
      },
    };
    expect(await takeTurn(throwing, request, 1)).toEqual({ kind: 'failed', reason: 'HTTP 401', final: true });
    for (const response of [undefined, {}, { choices: [] }, { choices: [{ index: 0 }] }]) {
      expect(await takeTurn(answering(response), request, 1)).toEqual({
        kind: 'failed',
        reason: 'the response has no message',
        final: false,
      });
    }
  });

  it('reads a missing finish reason as stop, and content that is not text as none', async () => {
    const outcome = await takeTurn(
      answering(reply({ role: 'assistant', content: 42 }, undefined, null)),
      request,
      1,
    );
    expect(outcome).toMatchObject({ kind: 'reply', content: null, finishReason: 'stop' });
  });
});

describe('tool calls as servers send them', () => {
  it('names calls with a missing or repeated id after the turn, and encodes object arguments', () => {
    const sent = [
      { id: 'a', type: 'function', function: { name: 'search', arguments: '{}' } },
      { id: 'a', type: 'function', function: { name: 'search', arguments: { q: 'x' } } },
      { type: 'function', function: { name: 'open' } },
      { id: '', function: {} },
    ] as unknown as ToolCall[];
    expect(normalizeCalls(sent, 3)).toEqual([
      { id: 'a', type: 'function', function: { name: 'search', arguments: '{}' } },
      { id: 'call_3_2', type: 'function', function: { name: 'search', arguments: '{"q":"x"}' } },
      { id: 'call_3_3', type: 'function', function: { name: 'open', arguments: '{}' } },
      { id: 'call_3_4', type: 'function', function: { name: '', arguments: '{}' } },
    ]);
    expect(normalizeCalls(undefined, 1)).toEqual([]);
  });
});

describe('the records of a turn', () => {
  const turn = {
    finishReason: 'tool_calls',
    inputTokens: 10,
    outputTokens: 2,
    calls: [
      { id: 'c1', tool: 'search', args: { q: 'x' }, ok: true, result: 'found' },
      { id: 'c2', tool: 'nope', args: {}, ok: false, result: 'Error: no such tool' },
    ],
  };

  it('are the llm.turn then one tool.call per call, in order, naming the task and attempt when given', () => {
    expect(turnEvents({ subagent: 's0', task: 't1', attempt: 2 }, turn)).toEqual([
      {
        type: 'llm.turn',
        subagent: 's0',
        task: 't1',
        attempt: 2,
        finishReason: 'tool_calls',
        'gen_ai.usage.input_tokens': 10,
        'gen_ai.usage.output_tokens': 2,
      },
      {
        type: 'tool.call',
        caller: 's0',
        callId: 'c1',
        tool: 'search',
        args: { q: 'x' },
        ok: true,
        result: 'found',
      },
      {
        type: 'tool.call',
        caller: 's0',
        callId: 'c2',
        tool: 'nope',
        args: {},
        ok: false,
        result: 'Error: no such tool',
      },
    ]);
  });

  it('flag the failed calls as refused when asked (the orchestrator: each is an invalid action)', () => {
    const events = turnEvents({ subagent: 'orchestrator' }, turn, { markRefused: true });
    expect(events[0]).not.toHaveProperty('task');
    expect(events.map((e) => e.type === 'tool.call' && e.refused)).toEqual([false, undefined, true]);
  });
});

describe('the text a turn records', () => {
  const base = { finishReason: 'stop', inputTokens: 1, outputTokens: 1, calls: [] };

  it('is the model’s text, left out when there is none', () => {
    const [withText] = turnEvents({ subagent: 's0' }, { ...base, content: 'Paris' });
    expect(withText).toMatchObject({ type: 'llm.turn', content: 'Paris' });
    for (const content of [null, '', undefined]) {
      expect(turnEvents({ subagent: 's0' }, { ...base, content })[0]).not.toHaveProperty('content');
    }
  });

  it('is kept whole, however long: a replay answers from it (providers/replay.ts)', () => {
    const long = 'x'.repeat(100_000);
    const [turn] = turnEvents({ subagent: 's0' }, { ...base, content: long });
    expect((turn as { content: string }).content).toBe(long);
  });

  it('starts after what the agent was told: its system prompt and first message, whole', () => {
    const prompt = 'y'.repeat(8001);
    expect(contextEvent({ subagent: 's0', task: 't1', attempt: 2 }, 'You help.', prompt)).toEqual({
      type: 'agent.context',
      subagent: 's0',
      task: 't1',
      attempt: 2,
      system: 'You help.',
      prompt,
    });
    expect(contextEvent({ subagent: 'orchestrator' }, 's', 'p')).not.toHaveProperty('task');
  });
});
