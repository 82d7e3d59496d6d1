import { describe, expect, it } from 'vitest';
import { contextKeepAll } from '../../../src/core/agents/context/keep-all';
import { contextSlidingWindow } from '../../../src/core/agents/context/sliding-window';
import {
  type AgentEvent,
  type AgentProfile,
  type RunAgentInput,
  runAgent,
} from '../../../src/core/agents/loop';
import type { ToolRegistry } from '../../../src/core/agents/tools';
import { type ScriptStep, scriptedProvider } from '../../../src/core/providers/scripted';
import type { ChatMessage, Provider, ToolCall } from '../../../src/core/providers/types';

// The loop against a scripted provider: every test states the exact messages the loop keeps and
// sends. Tool call ids default to call_<turn>_<index>.

const profile: AgentProfile = {
  name: 'small',
  model: 'sim-small',
  systemPrompt: 'You are a careful researcher.',
  allowed: ['lookup', 'calc'],
};
const subtask = { id: 'row-7', prompt: 'What are a and b?', descriptor: { rows: [7] } };

const ran: string[] = [];
const tools: ToolRegistry = {
  lookup: {
    definition: {
      type: 'function',
      function: {
        name: 'lookup',
        description: 'Looks a key up.',
        parameters: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
      },
    },
    run: async (args) => {
      ran.push(`lookup ${String(args.key)}`);
      if (args.key === 'boom') throw new Error('index offline');
      return { ok: true, content: `${String(args.key)} = ${String(args.key).length}` };
    },
  },
  calc: {
    definition: {
      type: 'function',
      function: {
        name: 'calc',
        description: 'Adds or multiplies.',
        parameters: {
          type: 'object',
          properties: { op: { enum: ['add', 'mul'] }, x: { type: 'number' }, y: { type: 'number' } },
          required: ['op', 'x', 'y'],
        },
      },
    },
    run: async (args) => {
      ran.push(`calc ${String(args.op)}`);
      const [x, y] = [Number(args.x), Number(args.y)];
      return { ok: true, content: String(args.op === 'add' ? x + y : x * y) };
    },
  },
  secret: {
    definition: {
      type: 'function',
      function: { name: 'secret', description: 'Not for small agents.', parameters: { type: 'object' } },
    },
    run: async () => {
      ran.push('secret');
      return { ok: true, content: 'the secret' };
    },
  },
};

const SYSTEM: ChatMessage = { role: 'system', content: 'You are a careful researcher.' };
const TASK: ChatMessage = { role: 'user', content: 'What are a and b?' };
const usage = { prompt: 10, completion: 2 };

const toolCall = (id: string, name: string, args: string): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});
const asks = (...calls: ToolCall[]): ChatMessage => ({ role: 'assistant', content: null, tool_calls: calls });
const answer = (content: string): ChatMessage => ({ role: 'assistant', content });
const result = (id: string, content: string): ChatMessage => ({ role: 'tool', tool_call_id: id, content });

async function run(script: readonly ScriptStep[], extra: Partial<RunAgentInput> = {}) {
  ran.length = 0;
  const provider = scriptedProvider(script);
  const events: AgentEvent[] = [];
  const outcome = await runAgent({
    provider,
    profile,
    subtask,
    tools,
    strategy: contextKeepAll(),
    onEvent: (event) => events.push(event),
    subagent: 'sub-1',
    attempt: 1,
    ...extra,
  });
  return { outcome, provider, events, sent: provider.requests.map((r) => r.messages) };
}

const lookup = (key: unknown) => ({ name: 'lookup', arguments: { key } });

describe('runAgent: the happy path', () => {
  it('runs turn → calls → results → answer with the exact messages, requests and events', async () => {
    const { outcome, provider, events, sent } = await run([
      { calls: [lookup('a')], usage },
      { calls: [lookup('bb'), { name: 'calc', arguments: { op: 'add', x: 1, y: 2 } }], usage },
      { content: 'a = 1, b = 2', usage: { prompt: 30, completion: 5 } },
    ]);
    const transcript: ChatMessage[] = [
      SYSTEM,
      TASK,
      asks(toolCall('call_1_1', 'lookup', '{"key":"a"}')),
      result('call_1_1', 'a = 1'),
      asks(
        toolCall('call_2_1', 'lookup', '{"key":"bb"}'),
        toolCall('call_2_2', 'calc', '{"op":"add","x":1,"y":2}'),
      ),
      result('call_2_1', 'bb = 2'),
      result('call_2_2', '3'),
      answer('a = 1, b = 2'),
    ];
    expect(outcome.transcript).toEqual(transcript);
    expect(sent).toEqual([transcript.slice(0, 2), transcript.slice(0, 4), transcript.slice(0, 7)]);
    expect(outcome).toMatchObject({
      ok: true,
      stop: 'answer',
      answer: 'a = 1, b = 2',
      steps: 3,
      toolCalls: 3,
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.usage).toEqual({
      steps: 3,
      toolCalls: 3,
      'gen_ai.usage.input_tokens': 50,
      'gen_ai.usage.output_tokens': 9,
    });

    const first = provider.requests[0]!;
    expect(first.model).toBe('sim-small');
    expect(first.tools?.map((t) => t.function.name)).toEqual(['lookup', 'calc']);
    expect(first.tool_choice).toBe('auto');
    expect(provider.requests.map((r) => r.metadata)).toEqual(
      [1, 2, 3].map((turn) => ({ subtask, profile: 'small', turn, attempt: 1 })),
    );

    const turn = (input: number, output: number, finishReason: string, content?: string): AgentEvent => ({
      type: 'llm.turn',
      subagent: 'sub-1',
      task: 'row-7',
      attempt: 1,
      finishReason,
      ...(content !== undefined ? { content } : {}),
      'gen_ai.usage.input_tokens': input,
      'gen_ai.usage.output_tokens': output,
    });
    const call = (callId: string, tool: string, args: unknown, res: string): AgentEvent => ({
      type: 'tool.call',
      caller: 'sub-1',
      callId,
      tool,
      args,
      ok: true,
      result: res,
    });
    expect(events).toEqual([
      {
        type: 'agent.context',
        subagent: 'sub-1',
        task: 'row-7',
        attempt: 1,
        system: 'You are a careful researcher.',
        prompt: 'What are a and b?',
      },
      turn(10, 2, 'tool_calls'),
      call('call_1_1', 'lookup', { key: 'a' }, 'a = 1'),
      turn(10, 2, 'tool_calls'),
      call('call_2_1', 'lookup', { key: 'bb' }, 'bb = 2'),
      call('call_2_2', 'calc', { op: 'add', x: 1, y: 2 }, '3'),
      turn(30, 5, 'stop', 'a = 1, b = 2'),
    ]);
  });

  it('sends what the context strategy keeps, and records what it dropped', async () => {
    const { outcome, sent } = await run(
      [{ calls: [lookup('a')] }, { calls: [lookup('bb')] }, { content: 'done' }],
      { strategy: contextSlidingWindow({ turns: 1 }) },
    );
    expect(sent[2]).toEqual([SYSTEM, TASK, ...outcome.transcript.slice(4, 6)]);
    expect(outcome.turns.map((t) => t.context.dropped)).toEqual([0, 0, 2]);
    expect(outcome.transcript).toHaveLength(7);
  });

  it('estimates usage when the provider reports none', async () => {
    const provider: Provider = {
      name: 'silent',
      complete: async (request) =>
        ({
          id: 'x',
          model: request.model,
          choices: [
            { index: 0, message: { role: 'assistant', content: 'forty-two' }, finish_reason: 'stop' },
          ],
        }) as never,
    };
    const outcome = await runAgent({ provider, profile, subtask, tools, strategy: contextKeepAll() });
    expect(outcome.ok).toBe(true);
    expect(outcome.usage['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    expect(outcome.usage['gen_ai.usage.output_tokens']).toBe(3);
  });
});

describe('runAgent: calls that are not run', () => {
  it('refuses a tool outside the profile’s capabilities, tells the model and records it', async () => {
    const { outcome, events, sent } = await run([{ calls: [{ name: 'secret' }] }, { content: 'ok' }]);
    const refusal =
      'Error: the tool "secret" is outside your capabilities and was not run. Available tools: lookup, calc.';
    expect(sent[1]).toEqual([
      SYSTEM,
      TASK,
      asks(toolCall('call_1_1', 'secret', '{}')),
      result('call_1_1', refusal),
    ]);
    expect(ran).toEqual([]);
    expect(outcome.turns[0]?.calls).toEqual([
      {
        id: 'call_1_1',
        tool: 'secret',
        args: {},
        ok: false,
        rejection: 'refused-capability',
        result: refusal,
      },
    ]);
    expect(events[2]).toEqual({
      type: 'tool.call',
      caller: 'sub-1',
      callId: 'call_1_1',
      tool: 'secret',
      args: {},
      ok: false,
      result: refusal,
      rejection: 'refused-capability',
    });
    expect(outcome).toMatchObject({ ok: true, answer: 'ok', steps: 2, toolCalls: 1 });
  });

  it('answers malformed JSON arguments with an error and keeps the raw string in the record', async () => {
    const { outcome, sent } = await run([
      { calls: [{ name: 'lookup', arguments: '{"key": "a"' }] },
      { content: 'ok' },
    ]);
    const reply = sent[1]![3];
    expect(reply).toMatchObject({ role: 'tool', tool_call_id: 'call_1_1' });
    expect(reply?.content).toMatch(
      // In our words, the same in every engine (V8's own message differs between Node and Chromium).
      'Error: the arguments of lookup are not valid JSON (it ends before an object or array is closed). Send one JSON object.',
    );
    expect(outcome.turns[0]).toMatchObject({
      malformed: 'malformed-arguments (lookup)',
      calls: [{ args: '{"key": "a"', ok: false, rejection: 'malformed-arguments' }],
    });
    expect(ran).toEqual([]);
    expect(outcome.ok).toBe(true);
  });

  it('answers a call to an unknown tool', async () => {
    const { outcome, sent } = await run([
      { calls: [{ name: 'browse', arguments: { url: 'x' } }] },
      { content: 'ok' },
    ]);
    expect(sent[1]![3]).toEqual(
      result('call_1_1', 'Error: there is no tool named "browse". Available tools: lookup, calc.'),
    );
    expect(outcome.turns[0]?.calls[0]).toMatchObject({
      tool: 'browse',
      args: { url: 'x' },
      rejection: 'unknown-tool',
    });
  });

  it('answers arguments that fail the schema: wrong type, missing field, value outside the enum', async () => {
    const { outcome, sent } = await run([
      {
        calls: [
          lookup(5),
          { name: 'lookup', arguments: {} },
          { name: 'calc', arguments: { op: 'pow', x: 2, y: 3 } },
          { name: 'calc', arguments: '[1, 2]' },
        ],
      },
      { content: 'ok' },
    ]);
    expect(sent[1]!.slice(3)).toEqual([
      result('call_1_1', 'Error: invalid arguments for lookup: arguments.key must be string, got integer.'),
      result('call_1_2', 'Error: invalid arguments for lookup: arguments.key is required.'),
      result('call_1_3', 'Error: invalid arguments for calc: arguments.op must be one of "add", "mul".'),
      result('call_1_4', 'Error: the arguments of calc must be a JSON object.'),
    ]);
    expect(ran).toEqual([]);
    expect(outcome.turns[0]?.calls.map((c) => c.rejection)).toEqual(Array(4).fill('invalid-arguments'));
  });

  it('runs the good calls of a turn next to a bad one', async () => {
    const { outcome } = await run([
      { calls: [lookup('a'), { name: 'secret' }, lookup('bb')] },
      { content: 'ok' },
    ]);
    expect(ran).toEqual(['lookup a', 'lookup bb']);
    expect(outcome.transcript.slice(3).map((m) => m.content)).toEqual([
      'a = 1',
      expect.stringMatching(/^Error: the tool "secret"/),
      'bb = 2',
      'ok',
    ]);
  });

  it('answers a tool that throws with its error, and goes on: a failed tool is not a malformed turn', async () => {
    const { outcome, events } = await run([{ calls: [lookup('boom')] }, { content: 'ok' }]);
    expect(outcome.transcript[3]).toEqual(result('call_1_1', 'Error: lookup failed: index offline'));
    expect(outcome.turns[0]?.malformed).toBeUndefined();
    expect(events[2]).toMatchObject({ ok: false, result: 'Error: lookup failed: index offline' });
    expect(outcome.ok).toBe(true);
  });

  it('answers a reply with neither calls nor text, and counts it malformed', async () => {
    const { outcome, sent } = await run([{ content: '  ' }, { content: 'ok' }]);
    expect(sent[1]).toEqual([
      SYSTEM,
      TASK,
      answer('  '),
      {
        role: 'user',
        content:
          'Error: your reply had neither a tool call nor an answer. Call a tool, or reply with your final answer as text.',
      },
    ]);
    expect(outcome.turns[0]?.malformed).toBe('a reply with neither tool calls nor text');
    expect(outcome).toMatchObject({ ok: true, steps: 2 });
  });

  it('ends the attempt after the limit of malformed turns in a row; a good turn resets the count', async () => {
    const bad = { calls: [{ name: 'lookup', arguments: 'key=a' }] };
    const { outcome } = await run([bad, bad, { calls: [lookup('a')] }, bad, bad, bad, { content: 'never' }]);
    expect(outcome).toMatchObject({
      ok: false,
      stop: 'malformed-limit',
      error: '3 malformed turns in a row (the limit is 3); last: malformed-arguments (lookup)',
      steps: 6,
      toolCalls: 6,
    });
    expect(outcome.transcript.at(-1)?.role).toBe('tool');
    const once = await run([bad, { content: 'never' }], { limits: { maxConsecutiveMalformed: 1 } });
    expect(once.outcome).toMatchObject({ stop: 'malformed-limit', steps: 1 });
  });
});

describe('runAgent: limits and failures', () => {
  const forever: ScriptStep = (request) => ({ calls: [lookup(`k${String(request.metadata?.turn)}`)], usage });

  it('stops at the step limit without an answer', async () => {
    const { outcome, provider } = await run([forever, forever, forever], { limits: { maxSteps: 2 } });
    expect(outcome).toMatchObject({
      ok: false,
      stop: 'step-limit',
      error: 'no final answer within the step limit (2 steps)',
      steps: 2,
      toolCalls: 2,
    });
    expect(provider.requests).toHaveLength(2);
  });

  it('has a default step limit of 100', async () => {
    const { outcome } = await run(Array(101).fill(forever));
    expect(outcome).toMatchObject({ stop: 'step-limit', steps: 100 });
    expect(outcome.turns).toHaveLength(100);
  });

  it('starts no turn once the token budget is spent', async () => {
    const { outcome } = await run([forever, forever, forever], { limits: { maxTokens: 24 } });
    expect(outcome).toMatchObject({
      ok: false,
      stop: 'token-budget',
      error: 'no final answer within the token budget (24 of 24 tokens used)',
      steps: 2,
    });
  });

  it('turns a provider that throws into a failed result: the turn counts as a step', async () => {
    const { outcome, events } = await run([{ calls: [lookup('a')] }, { throws: 'HTTP 503' }]);
    expect(outcome).toMatchObject({
      ok: false,
      stop: 'provider-error',
      error: 'provider "scripted" failed on turn 2: HTTP 503',
      steps: 2,
      toolCalls: 1,
    });
    expect(outcome.turns[1]).toMatchObject({ finishReason: 'error', inputTokens: 0, calls: [] });
    expect(events.at(-1)).toMatchObject({ type: 'llm.turn', finishReason: 'error' });
    expect(outcome.transcript).toHaveLength(4);
  });

  it('turns a provider that answers without a message into a failed result', async () => {
    const provider: Provider = { name: 'broken', complete: async () => ({ choices: [] }) as never };
    const outcome = await runAgent({ provider, profile, subtask, tools, strategy: contextKeepAll() });
    expect(outcome).toMatchObject({
      stop: 'provider-error',
      error: 'provider "broken" failed on turn 1: the response has no message',
    });
  });

  it('refuses limits that would never stop it, before any turn', async () => {
    const { outcome, provider } = await run([{ content: 'ok' }], { limits: { maxSteps: Number.NaN } });
    expect(outcome).toMatchObject({
      ok: false,
      stop: 'invalid-input',
      error: 'limits.maxSteps must be a whole number ≥ 0, got NaN',
      steps: 0,
    });
    expect(provider.requests).toHaveLength(0);
  });

  it('never throws, even when an event listener does', async () => {
    const { outcome } = await run([{ content: 'ok' }], {
      onEvent: () => {
        throw new Error('listener bug');
      },
    });
    expect(outcome).toMatchObject({
      ok: false,
      stop: 'internal-error',
      error: 'agent loop failed: listener bug',
    });
  });

  it('stops before the first turn when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort('cancelled by the runtime');
    const { outcome, provider } = await run([{ content: 'ok' }], { signal: controller.signal });
    expect(outcome).toMatchObject({
      ok: false,
      stop: 'aborted',
      error: 'aborted: cancelled by the runtime',
      steps: 0,
    });
    expect(provider.requests).toHaveLength(0);
  });

  it('stops while the model is thinking when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = run([{ calls: [lookup('a')] }, { hang: true }], { signal: controller.signal });
    setTimeout(() => controller.abort('deadline'), 5);
    const { outcome, provider } = await pending;
    expect(outcome).toMatchObject({ ok: false, stop: 'aborted', error: 'aborted: deadline', steps: 2 });
    expect(provider.requests[1]?.signal).toBe(controller.signal);
  });

  it('stops after the tools of a turn when the signal aborts during them', async () => {
    const controller = new AbortController();
    const aborting: ToolRegistry = {
      ...tools,
      lookup: {
        definition: tools.lookup!.definition,
        run: async () => {
          controller.abort('user stop');
          return { ok: true, content: 'late' };
        },
      },
    };
    const { outcome, provider } = await run([{ calls: [lookup('a')] }, { content: 'never' }], {
      signal: controller.signal,
      tools: aborting,
    });
    expect(outcome).toMatchObject({ stop: 'aborted', steps: 1 });
    expect(outcome.transcript.at(-1)).toEqual(result('call_1_1', 'late'));
    expect(provider.requests).toHaveLength(1);
  });
});

describe('runAgent: what servers really send', () => {
  it('renames missing or repeated call ids, and takes arguments sent as an object', async () => {
    const provider: Provider = {
      name: 'loose',
      complete: async (request) => {
        const turn = Number(request.metadata?.turn);
        const message =
          turn === 1
            ? {
                role: 'assistant' as const,
                content: null,
                tool_calls: [
                  { id: 'x', type: 'function', function: { name: 'lookup', arguments: { key: 'a' } } },
                  { id: 'x', type: 'function', function: { name: 'lookup', arguments: '{"key":"bb"}' } },
                  { type: 'function', function: { name: 'lookup', arguments: '{"key":"c"}' } },
                ] as unknown as ToolCall[],
              }
            : { role: 'assistant' as const, content: 'done' };
        return {
          id: `r${turn}`,
          model: request.model,
          choices: [{ index: 0, message, finish_reason: turn === 1 ? 'tool_calls' : 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        };
      },
    };
    const outcome = await runAgent({ provider, profile, subtask, tools, strategy: contextKeepAll() });
    expect(outcome.transcript.slice(2, 6)).toEqual([
      asks(
        toolCall('x', 'lookup', '{"key":"a"}'),
        toolCall('call_1_2', 'lookup', '{"key":"bb"}'),
        toolCall('call_1_3', 'lookup', '{"key":"c"}'),
      ),
      result('x', 'a = 1'),
      result('call_1_2', 'bb = 2'),
      result('call_1_3', 'c = 1'),
    ]);
    expect(outcome.ok).toBe(true);
  });
});

describe('runAgent: the trajectory in the events', () => {
  it('says once, before the first turn, what the agent was told, and keeps the model’s text of each turn', async () => {
    const { events } = await run([
      { content: 'Let me look a up.', calls: [lookup('a')] },
      { content: '', calls: [lookup('bb')] },
      { content: 'a = 1, b = 2' },
    ]);
    expect(events.filter((e) => e.type === 'agent.context')).toHaveLength(1);
    expect(events[0]).toEqual({
      type: 'agent.context',
      subagent: 'sub-1',
      task: 'row-7',
      attempt: 1,
      system: SYSTEM.content,
      prompt: TASK.content,
    });
    // Thoughts beside calls are kept; an empty text is left out.
    expect(events.filter((e) => e.type === 'llm.turn').map((e) => e.content)).toEqual([
      'Let me look a up.',
      undefined,
      'a = 1, b = 2',
    ]);
  });

  it('says nothing of an attempt that never took a turn', async () => {
    const { events } = await run([{ content: 'ok' }], { limits: { maxSteps: 0 } });
    expect(events).toEqual([]);
  });
});
