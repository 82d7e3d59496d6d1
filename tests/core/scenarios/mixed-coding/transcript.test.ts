import { describe, expect, it } from 'vitest';
import { contextHideToolResult } from '../../../../src/core/agents/context/hide-tool-result';
import { contextSummary } from '../../../../src/core/agents/context/summary';
import type { ChatMessage } from '../../../../src/core/providers/types';
import {
  ledger,
  ledgerIn,
  note,
  notesIn,
  outcomeOf,
  readTurns,
} from '../../../../src/core/scenarios/mixed-coding/transcript';

// A coder's history of two turns: it checked gcd (pass), then noted it and checked lcm (fail).
const gcd = 'function gcd(a, b) {\n  return b === 0 ? a : gcd(b, a % b);\n}';
const lcm = 'function lcm(a, b) {\n  return a * b; // \'; \' and "quotes" }\n}';
const call = (id: string, code: string, first: string) => ({
  id,
  type: 'function' as const,
  function: { name: 'run_js', arguments: JSON.stringify({ code, tests: [{ call: first, expect: 1 }] }) },
});
const history: ChatMessage[] = [
  { role: 'system', content: 'You write JavaScript.' },
  { role: 'user', content: 'Write gcd and lcm. Done: nothing yet.' },
  { role: 'assistant', content: 'Writing gcd (attempt 1).', tool_calls: [call('c1', gcd, 'gcd(12, 18)')] },
  { role: 'tool', tool_call_id: 'c1', content: '3 passed, 0 failed\nPASS gcd(12, 18)' },
  {
    role: 'assistant',
    content: 'gcd: pass #1 Writing lcm (attempt 1). Done: gcd.',
    tool_calls: [call('c2', `${gcd}\n\n${lcm}`, ' lcm(4, 6)')],
  },
  { role: 'tool', tool_call_id: 'c2', content: '2 passed, 1 failed\nFAIL lcm(4, 6): got 24' },
];

describe('readTurns', () => {
  it('reads the model turns, skipping the task, with each run_js call and its result', () => {
    const turns = readTurns(history);
    expect(turns.map((t) => t.text)).toEqual([history[2]!.content, history[4]!.content]);
    expect(turns[0]!.runs).toEqual([
      { fn: 'gcd', code: gcd, result: '3 passed, 0 failed\nPASS gcd(12, 18)' },
    ]);
    expect(turns[1]!.runs[0]).toMatchObject({ fn: 'lcm', code: `${gcd}\n\n${lcm}` });
  });

  it('sees a hidden tool output as the placeholder, which judges nothing', () => {
    const turns = readTurns(contextHideToolResult().apply(history).messages);
    expect(turns[0]!.runs[0]!.result).toBe('[older tool output hidden]');
    expect(outcomeOf(turns[0]!.runs[0]!.result)).toBeUndefined();
    expect(outcomeOf(turns[1]!.runs[0]!.result)).toBe('fail');
  });

  it('reads turns back out of a summary, code with semicolons and quotes included', () => {
    const view = contextSummary({ keepTurns: 0 }).apply(history).messages;
    expect(view).toHaveLength(3);
    const turns = readTurns(view);
    expect(turns).toHaveLength(2);
    expect(turns[0]).toEqual({
      text: 'Writing gcd (attempt 1).',
      runs: [{ fn: 'gcd', code: gcd, result: '3 passed, 0 failed PASS gcd(12, 18)' }],
    });
    expect(turns[1]!.text).toBe('gcd: pass #1 Writing lcm (attempt 1). Done: gcd.');
    expect(turns[1]!.runs[0]!.code).toBe(`${gcd}\n\n${lcm}`);
    expect(outcomeOf(turns[1]!.runs[0]!.result)).toBe('fail');
  });

  it('keeps what it read of a summary line that breaks off', () => {
    const turns = readTurns([
      { role: 'user', content: 'task' },
      { role: 'user', content: '- turn 1: wrote "gcd: pass #1"; run_js({"code": "x", "tests": [ → "' },
    ]);
    expect(turns).toEqual([{ text: 'gcd: pass #1', runs: [] }]);
  });
});

describe('notes and ledgers', () => {
  it('round-trip', () => {
    expect(notesIn(`${note('gcd', 'pass', 1)}. ${note('lcm', 'fail', 2)}.`)).toEqual([
      { fn: 'gcd', outcome: 'pass', attempt: 1 },
      { fn: 'lcm', outcome: 'fail', attempt: 2 },
    ]);
    expect(ledgerIn(ledger(['sum', 'mean'], ['lcm']))).toEqual({ done: ['sum', 'mean'], gaveUp: ['lcm'] });
    expect(ledger([], [])).toBe('');
  });

  it('ignores a ledger cut short', () => {
    expect(ledgerIn('Writing x. Done: sum, mea…')).toEqual({ done: [], gaveUp: [] });
  });

  it('judges run_js results by their counts, errors as failures', () => {
    expect(outcomeOf('3 passed, 0 failed\nPASS f(1)')).toBe('pass');
    expect(outcomeOf('0 passed, 0 failed\n')).toBe('fail');
    expect(outcomeOf('Error: timed out after 1000 ms')).toBe('fail');
    expect(outcomeOf(undefined)).toBeUndefined();
  });
});
