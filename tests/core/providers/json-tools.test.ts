import { describe, expect, it } from 'vitest';
import { contextKeepAll } from '../../../src/core/agents/context/keep-all';
import { runAgent } from '../../../src/core/agents/loop';
import type { ToolRegistry } from '../../../src/core/agents/tools';
import { fromTextReply, toTextRequest, withJsonTools } from '../../../src/core/providers/json-tools';
import { scriptedProvider } from '../../../src/core/providers/scripted';
import type { ChatRequest, ChatResponse } from '../../../src/core/providers/types';

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
    run: async (args) => ({ ok: true, content: `${String(args.key)} = 42` }),
  },
};

const reply = (content: string, id = 'r1'): ChatResponse => ({
  id,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

describe('tool calling for a text-only model', () => {
  it('puts the tools in the system prompt, writes earlier calls and results as text, and asks for the JSON schema', () => {
    const request: ChatRequest = {
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is a?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{"key":"a"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'a = 42' },
        { role: 'user', content: 'Go on.' },
      ],
      tools: Object.values(tools).map((t) => t.definition),
      tool_choice: 'auto',
    };
    const text = toTextRequest(request);
    expect(text.tools).toBeUndefined();
    expect(text.tool_choice).toBeUndefined();
    expect(text.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(text.messages[0]?.content).toMatch(
      /^Be brief\.\n\nYou can call these tools:\n- lookup: Looks a key up\./,
    );
    expect(text.messages[2]?.content).toBe('{"tool_calls":[{"name":"lookup","arguments":{"key":"a"}}]}');
    // The result and the next user message are one turn: chat templates want roles to alternate.
    expect(text.messages[3]?.content).toBe('Result of lookup: a = 42\n\nGo on.');
    expect(text.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        schema: { properties: { tool_calls: { items: { properties: { name: { enum: ['lookup'] } } } } } },
      },
    });
  });

  it('reads calls and answers back, from bare JSON or JSON wrapped in prose and fences', () => {
    const calls = fromTextReply(
      reply('Sure!\n```json\n{"tool_calls": [{"name": "lookup", "arguments": {"key": "b}"}}]}\n```'),
    );
    expect(calls.choices[0].finish_reason).toBe('tool_calls');
    expect(calls.choices[0].message.content).toBeNull();
    expect(calls.choices[0].message.tool_calls?.[0]?.function).toEqual({
      name: 'lookup',
      arguments: '{"key":"b}"}',
    });
    expect(fromTextReply(reply('{"answer": "42"}')).choices[0].message).toEqual({
      role: 'assistant',
      content: '42',
    });
    // Nonsense stays text: the loop takes it as the answer, the orchestrator as a broken protocol.
    expect(fromTextReply(reply('I think {it is} 42')).choices[0].message.content).toBe('I think {it is} 42');
  });

  it('lets the agent loop call tools through a model that only writes text', async () => {
    const model = scriptedProvider([
      (request) => {
        expect(request.tools).toBeUndefined();
        return { content: '{"tool_calls": [{"name": "lookup", "arguments": {"key": "a"}}]}' };
      },
      (request) => {
        expect(request.messages.at(-1)?.content).toContain('Result of lookup: a = 42');
        return { content: '{"answer": "a is 42"}' };
      },
    ]);
    const outcome = await runAgent({
      provider: withJsonTools(model),
      profile: { name: 'small', model: 'm', systemPrompt: 'Be brief.', allowed: ['lookup'] },
      subtask: { id: 't', prompt: 'What is a?' },
      tools,
      strategy: contextKeepAll(),
    });
    expect(outcome.ok).toBe(true);
    expect(outcome.answer).toBe('a is 42');
    expect(outcome.toolCalls).toBe(1);
  });
});
