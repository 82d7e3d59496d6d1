import { describe, expect, it } from 'vitest';
import { checkRow, checkRows, type ProblemCode } from '../../../src/core/datasets/trl-check';

const system = { role: 'system', content: 'You plan teams.' };
const user = { role: 'user', content: 'Write a story.' };
const answer = (content: string) => ({ role: 'assistant', content });
const call = (id: string, name = 'draft', args = '{"part":"outline"}') => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});
const tools = [
  { type: 'function', function: { name: 'draft', description: 'd', parameters: { type: 'object' } } },
];

const codes = (row: unknown, format: 'sft' | 'dpo' = 'sft'): ProblemCode[] =>
  checkRow(row, format).map((p) => p.code);

describe('the TRL format check: good rows', () => {
  it('passes a conversational SFT row, one with tool calls and a tools list, and a DPO row', () => {
    expect(checkRow({ messages: [system, user, answer('Once…')] }, 'sft')).toEqual([]);
    const withTools = {
      messages: [
        system,
        user,
        { role: 'assistant', content: '', tool_calls: [call('c1')] },
        { role: 'tool', tool_call_id: 'c1', name: 'draft', content: 'Saved.' },
        answer('Done.'),
      ],
      tools,
    };
    expect(checkRow(withTools, 'sft')).toEqual([]);
    const pair = { prompt: [system, user], chosen: [answer('{"a":1}')], rejected: [answer('{"a":2}')] };
    expect(checkRow(pair, 'dpo')).toEqual([]);
  });

  it('passes contents written as typed parts, when the whole dataset writes them so', () => {
    const parts = (text: string) => [{ type: 'text', text }];
    const row = {
      messages: [
        { role: 'user', content: parts('Hi') },
        { role: 'assistant', content: parts('Hello') },
      ],
    };
    expect(checkRows([row, row], 'sft')).toEqual([]);
  });
});

describe('the TRL format check: every bad row is refused with a named problem', () => {
  it('a message without a role, or with a role outside system/user/assistant/tool', () => {
    expect(codes({ messages: [{ content: 'hi' }, answer('a')] })).toContain('missing-role');
    const bad = checkRow({ messages: [{ role: 'bot', content: 'hi' }, answer('a')] }, 'sft');
    expect(bad.map((p) => p.code)).toContain('bad-role');
    expect(bad[0]?.message).toMatch(/messages\[0\]\.role "bot" is not one of system, user, assistant, tool/);
  });

  it('string and list contents mixed in one dataset (across rows and within one)', () => {
    const stringRow = { messages: [user, answer('a')] };
    const listRow = { messages: [{ role: 'user', content: [{ type: 'text', text: 'q' }] }, answer('a')] };
    const found = checkRows([stringRow, listRow], 'sft');
    expect(found.map((f) => f.row)).toEqual([1]);
    expect(found[0]?.problems.map((p) => p.code)).toContain('mixed-content');
    expect(codes(listRow)).toContain('mixed-content');
    expect(codes({ messages: [user, { role: 'assistant', content: 42 }] })).toContain('bad-content');
  });

  it('a DPO pair whose chosen and rejected are the same, or are not assistant turns', () => {
    const same = { prompt: [system, user], chosen: [answer('x')], rejected: [answer('x')] };
    expect(codes(same, 'dpo')).toEqual(['chosen-equals-rejected']);
    const notAssistant = { prompt: [system], chosen: [user], rejected: [answer('x')] };
    expect(codes(notAssistant, 'dpo')).toContain('not-assistant');
    expect(codes({ prompt: [user], chosen: [answer('x')] }, 'dpo')).toEqual(['missing-column']);
    expect(codes({ prompt: [user], chosen: 'x', rejected: [] }, 'dpo')).toEqual(['not-a-list', 'empty-list']);
  });

  it('a tool message that answers no earlier call', () => {
    const orphan = {
      messages: [user, { role: 'tool', tool_call_id: 'c9', content: 'Saved.' }, answer('a')],
    };
    expect(codes(orphan)).toEqual(['orphan-tool-message']);
    const before = {
      messages: [
        user,
        { role: 'tool', tool_call_id: 'c1', content: 'Saved.' },
        { role: 'assistant', content: '', tool_calls: [call('c1')] },
        answer('a'),
      ],
      tools,
    };
    expect(codes(before)).toEqual(['orphan-tool-message']);
  });

  it('tool calls that are not well formed, or not listed in "tools"', () => {
    const row = (tc: unknown, extra: object = { tools }) => ({
      messages: [user, { role: 'assistant', content: '', tool_calls: tc }, answer('a')],
      ...extra,
    });
    expect(codes(row([call('c1', 'draft', '{not json')]))).toEqual(['bad-tool-call']);
    expect(codes(row([call('c1', 'draft', '[1]')]))).toEqual(['bad-tool-call']);
    expect(codes(row([{ type: 'function', function: { name: 'draft', arguments: '{}' } }]))).toEqual([
      'bad-tool-call',
    ]);
    expect(codes(row([call('c1'), call('c1')]))).toEqual(['bad-tool-call']);
    expect(codes(row([call('c1', 'search')]))).toEqual(['bad-tool-call']);
    expect(codes(row([]))).toEqual(['bad-tool-call']);
    expect(codes(row([call('c1')], {}))).toEqual(['bad-tools']);
    expect(codes(row([call('c1')], { tools: [{ name: 'draft' }] }))).toContain('bad-tools');
    expect(
      codes({ messages: [{ role: 'user', content: 'q', tool_calls: [call('c1')] }, answer('a')], tools }),
    ).toEqual(['bad-tool-call']);
  });

  it('an API key anywhere in a row', () => {
    const key = `sk-proj-${'a1B2'.repeat(8)}`;
    const found = checkRow({ messages: [user, answer(`Use ${key} to call it.`)] }, 'sft');
    expect(found.map((p) => p.code)).toEqual(['secret']);
    expect(found[0]?.message).toMatch(/^messages\[1\]\.content holds text that looks like an API key/);
    expect(found[0]?.message).not.toContain(key);
    expect(
      codes({
        messages: [{ role: 'user', content: 'Authorization: Bearer abcdefghijklmnop1234' }, answer('a')],
      }),
    ).toEqual(['secret']);
    expect(
      codes({ prompt: [user], chosen: [answer(`hf_${'x'.repeat(30)}`)], rejected: [answer('b')] }, 'dpo'),
    ).toEqual(['secret']);
  });

  it('rows that are not conversations at all', () => {
    expect(codes('text')).toEqual(['not-an-object']);
    expect(codes({ text: 'The sky is blue.' })).toEqual(['missing-column']);
    expect(codes({ messages: [] })).toEqual(['empty-list']);
    expect(codes({ messages: [user, 'hi'] })).toEqual(['not-a-message', 'no-assistant-turn']);
    expect(codes({ messages: [user] })).toEqual(['no-assistant-turn']);
    expect(codes({ messages: [user, answer('  ')] })).toEqual(['empty-turn']);
  });
});
