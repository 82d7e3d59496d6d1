import { describe, expect, it } from 'vitest';
import { replyParts, sideReasoning } from '../../../src/core/agents/reply-habits';
import { takeTurn } from '../../../src/core/agents/turn';
import type { Provider } from '../../../src/core/providers/types';

describe('what a reply carries besides its answer', () => {
  it('takes <think> reasoning out of the answer, closed or cut off', () => {
    expect(replyParts('<think>hmm, 2+2</think>\n\nThe answer is 4.', undefined, 1)).toEqual({
      content: 'The answer is 4.',
      reasoning: 'hmm, 2+2',
      textCalls: [],
    });
    // A reply cut off mid-thought: all of it is reasoning, there is no answer.
    expect(replyParts('<think>first I will', undefined, 1)).toEqual({
      content: null,
      reasoning: 'first I will',
      textCalls: [],
    });
  });

  it('takes DeepSeek-R1’s reasoning with no opening tag, and Kimi K2’s ◁think▷, out of the answer', () => {
    expect(replyParts('First, 2+2 is 4.\n</think>\n\n4', undefined, 1)).toEqual({
      content: '4',
      reasoning: 'First, 2+2 is 4.',
      textCalls: [],
    });
    expect(replyParts('◁think▷plan it◁/think▷Done.', undefined, 1)).toEqual({
      content: 'Done.',
      reasoning: 'plan it',
      textCalls: [],
    });
    // A closing tag after an opening one is not a lone one.
    expect(replyParts('<think>a</think>b</think>c', undefined, 1).reasoning).toBe('a');
  });

  it('keeps a plain answer exactly as it came', () => {
    expect(replyParts('  Paris \n', undefined, 1)).toEqual({ content: '  Paris \n', textCalls: [] });
    expect(replyParts(null, undefined, 1)).toEqual({ content: null, textCalls: [] });
  });

  it('reads Hermes <tool_call> blocks as calls, and leaves an unreadable one in the text', () => {
    const parts = replyParts(
      'Searching.\n<tool_call>\n{"name": "search", "arguments": {"q": "x"}}\n</tool_call>\n<tool_call>{oops}</tool_call>',
      undefined,
      3,
    );
    expect(parts.textCalls).toEqual([
      { id: 'call_3_t1', type: 'function', function: { name: 'search', arguments: '{"q":"x"}' } },
    ]);
    expect(parts.content).toBe('Searching.\n\n<tool_call>{oops}</tool_call>');
  });

  it('reads reasoning sent beside the content under either name', () => {
    expect(sideReasoning({ reasoning_content: 'a' })).toBe('a');
    expect(sideReasoning({ reasoning: 'b' })).toBe('b');
    expect(sideReasoning({ content: 'c' })).toBeUndefined();
  });

  it('a turn prefers the server’s own calls over calls written in the text', async () => {
    const provider: Provider = {
      name: 'x',
      async complete() {
        return {
          id: '1',
          model: 'm',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: '<tool_call>{"name": "b", "arguments": {}}</tool_call>',
                tool_calls: [{ id: 'n1', type: 'function', function: { name: 'a', arguments: '{}' } }],
              },
              finish_reason: 'tool_calls',
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        };
      },
    };
    const outcome = await takeTurn(provider, { model: 'm', messages: [] }, 1);
    expect(outcome.kind === 'reply' && outcome.calls.map((c) => c.function.name)).toEqual(['a']);
  });
});
