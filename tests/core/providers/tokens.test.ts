import { describe, expect, it } from 'vitest';
import {
  estimateMessagesTokens,
  estimateMessageTokens,
  estimateTextTokens,
  estimateToolsTokens,
} from '../../../src/core/providers/tokens';
import type { ChatMessage, ToolDefinition } from '../../../src/core/providers/types';

describe('estimateTextTokens', () => {
  it('costs nothing for empty or blank text', () => {
    expect(estimateTextTokens('')).toBe(0);
    expect(estimateTextTokens('  \n\t ')).toBe(0);
  });

  it('spends at least a token on every word, number and punctuation run', () => {
    // Hello | , | world | .   — what cl100k gives too
    expect(estimateTextTokens('Hello, world.')).toBe(4);
    // {" a ": 1 ," b ": 2 }   — nine pieces, one token each
    expect(estimateTextTokens('{"a":1,"b":2}')).toBe(9);
  });

  it('charges about four bytes a token on long words and three digits a token on numbers', () => {
    expect(estimateTextTokens('internationalization')).toBe(5);
    expect(estimateTextTokens('1234567')).toBe(3);
  });

  it('charges non-Latin scripts by their UTF-8 bytes', () => {
    expect(estimateTextTokens('привет')).toBe(3); // 12 bytes
    expect(estimateTextTokens('你好世界')).toBe(3); // 12 bytes
  });

  it('lands near four characters a token on English prose', () => {
    const prose =
      'The orchestrator decomposes a wide search into groups of rows and assigns each group to a ' +
      'subagent, which searches the corpus, opens the best documents and reports the cells it found. ';
    const text = prose.repeat(10);
    const ratio = text.length / estimateTextTokens(text);
    expect(ratio).toBeGreaterThan(3.5);
    expect(ratio).toBeLessThan(6);
  });
});

describe('estimateMessageTokens', () => {
  it('adds the per-message overhead to the content', () => {
    expect(estimateMessageTokens({ role: 'user', content: '' })).toBe(3);
    expect(estimateMessageTokens({ role: 'user', content: 'Hello, world.' })).toBe(7);
  });

  it('counts tool calls: name, arguments and their wrapper', () => {
    const call: ChatMessage = {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{"a":1,"b":2}' } }],
    };
    // 3 (message) + 3 (call) + 2 (search: 6 bytes) + 9 (arguments)
    expect(estimateMessageTokens(call)).toBe(17);
    expect(estimateMessageTokens({ role: 'tool', tool_call_id: 'c1', content: 'Hello, world.' })).toBe(7);
  });

  it('adds the reply priming once per request, and nothing for no messages', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'Hello, world.' },
      { role: 'user', content: '' },
    ];
    expect(estimateMessagesTokens(messages)).toBe(3 + 7 + 3);
    expect(estimateMessagesTokens([])).toBe(0);
  });

  it('counts tool definitions by their JSON', () => {
    const tool: ToolDefinition = {
      type: 'function',
      function: { name: 'search', description: 'Full-text search.', parameters: { type: 'object' } },
    };
    expect(estimateToolsTokens([])).toBe(0);
    expect(estimateToolsTokens([tool])).toBe(estimateTextTokens(JSON.stringify([tool])));
    expect(estimateToolsTokens([tool, tool])).toBeGreaterThan(estimateToolsTokens([tool]));
  });
});
