import { describe, expect, it } from 'vitest';
import { contextDiscardAll } from '../../../src/core/agents/context/discard-all';
import { contextHideToolResult } from '../../../src/core/agents/context/hide-tool-result';
import { contextKeepAll } from '../../../src/core/agents/context/keep-all';
import { contextStrategyNames, makeContextStrategy } from '../../../src/core/agents/context/registry';
import { contextSlidingWindow } from '../../../src/core/agents/context/sliding-window';
import { contextSummary } from '../../../src/core/agents/context/summary';
import { pairingProblems, splitTurns } from '../../../src/core/agents/context/turns';
import type { ContextStrategy } from '../../../src/core/agents/context/types';
import { estimateMessagesTokens } from '../../../src/core/providers/tokens';
import type { ChatMessage } from '../../../src/core/providers/types';

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: JSON.stringify(args) },
});
const calls = (content: string | null, ...toolCalls: ReturnType<typeof call>[]): ChatMessage => ({
  role: 'assistant',
  content,
  tool_calls: toolCalls,
});
const tool = (id: string, content: string): ChatMessage => ({ role: 'tool', tool_call_id: id, content });
const EMPTY: ChatMessage = { role: 'assistant', content: null };
const SCOLD: ChatMessage = { role: 'user', content: 'Error: no tool call and no answer.' };
const LONG = `doc-3: ${'Gamma is the capital of C. '.repeat(4)}`;

/**
 * The crafted history, six turns after the head:
 *
 *   0 system · 1 user (task)
 *   turn 1:  2 assistant search(A)            3 tool c1
 *   turn 2:  4 assistant search(B), search(C) 5 tool c2a  6 tool c2b   (parallel calls)
 *   turn 3:  7 assistant (empty)              8 user error
 *   turn 4:  9 assistant "Let me open…" open(doc-3)  10 tool c4 (long)
 *   turn 5: 11 assistant open(doc-4)         12 tool c5
 *   turn 6: 13 assistant (empty)             14 user error       (the latest turn has no tool output)
 */
const history: readonly ChatMessage[] = [
  { role: 'system', content: 'You are a researcher.' },
  { role: 'user', content: 'Find the capitals of A, B and C.' },
  calls(null, call('c1', 'search', { q: 'A' })),
  tool('c1', 'doc-1: Alpha is the capital of A.'),
  calls(null, call('c2a', 'search', { q: 'B' }), call('c2b', 'search', { q: 'C' })),
  tool('c2a', 'doc-2: Beta is the capital of B.'),
  tool('c2b', 'doc-3: C is a country.'),
  EMPTY,
  SCOLD,
  calls('Let me open doc 3.', call('c4', 'open', { id: 'doc-3' })),
  tool('c4', LONG),
  calls(null, call('c5', 'open', { id: 'doc-4' })),
  tool('c5', 'doc-4: Delta.'),
  EMPTY,
  SCOLD,
];

const at = (...indices: number[]) => indices.map((i) => history[i]!);

/** A long history of n turns, as the loop would leave it before a request: every turn complete. */
function longHistory(n: number): ChatMessage[] {
  const out: ChatMessage[] = [
    { role: 'system', content: 'You are a researcher.' },
    { role: 'user', content: 'Fill the table.' },
  ];
  for (let i = 1; i <= n; i++) {
    const body = `row ${i}: ${'cell '.repeat(5 + ((i * 37) % 90))}`;
    if (i % 7 === 3) {
      out.push(EMPTY, SCOLD);
    } else if (i % 4 === 1) {
      out.push(calls(null, call(`t${i}a`, 'search', { q: i }), call(`t${i}b`, 'open', { id: i })));
      out.push(tool(`t${i}a`, body), tool(`t${i}b`, body.toUpperCase()));
    } else {
      out.push(calls(i % 5 === 0 ? `thinking about ${i}` : null, call(`t${i}`, 'search', { q: i })));
      out.push(tool(`t${i}`, body));
    }
  }
  return out;
}

/** The same history cut after each complete turn. */
function prefixes(messages: readonly ChatMessage[]): ChatMessage[][] {
  const { head, starts } = splitTurns(messages);
  return [...starts.slice(1), messages.length]
    .map((end) => messages.slice(0, end))
    .concat([messages.slice(0, head)]);
}

const everyStrategy: ContextStrategy[] = [
  contextKeepAll(),
  contextHideToolResult(),
  contextHideToolResult({ keepTurns: 3 }),
  contextSlidingWindow({ turns: 1 }),
  contextSlidingWindow({ turns: 4 }),
  contextSummary(),
  contextSummary({ keepTurns: 0 }),
  contextSummary({ triggerTokens: 600 }),
  contextDiscardAll({ maxTokens: 300 }),
  contextDiscardAll({ maxTokens: 50 }),
];

describe('every context strategy', () => {
  it('keeps the head and sends a list whose tool calls are all answered, on every prefix', () => {
    const long = longHistory(40);
    expect(pairingProblems(long)).toEqual([]);
    for (const strategy of everyStrategy) {
      for (const prefix of prefixes(long)) {
        const view = strategy.apply(prefix);
        expect(
          pairingProblems(view.messages),
          `${strategy.name} ${JSON.stringify(strategy.options)}`,
        ).toEqual([]);
        expect(view.messages.slice(0, 2)).toEqual(prefix.slice(0, 2));
        expect(view.messages.length).toBe(
          prefix.length -
            view.dropped.length -
            (strategy.name === 'summary' && view.replaced.length > 0 ? view.replaced.length - 1 : 0),
        );
      }
    }
  });

  it('is a pure function of the history: the same view on a second call', () => {
    const long = longHistory(25);
    for (const strategy of everyStrategy) expect(strategy.apply(long)).toEqual(strategy.apply(long));
  });
});

describe('keep-all', () => {
  it('sends the history as it is', () => {
    expect(contextKeepAll().apply(history)).toEqual({ messages: history, dropped: [], replaced: [] });
  });
});

describe('hide-tool-result', () => {
  const hidden = (id: string) => tool(id, '[older tool output hidden]');

  it('keeps only the latest tool output and leaves a placeholder answering every older call', () => {
    const view = contextHideToolResult().apply(history);
    // The latest turn (6) has no tool output, so turn 5's is the one kept.
    expect(view.messages).toEqual([
      ...at(0, 1, 2),
      hidden('c1'),
      history[4],
      hidden('c2a'),
      hidden('c2b'),
      ...at(7, 8, 9),
      hidden('c4'),
      ...at(11, 12, 13, 14),
    ]);
    expect(view.replaced).toEqual([3, 5, 6, 10]);
    expect(view.dropped).toEqual([]);
  });

  it('keeps both outputs of a turn with parallel calls, and more turns when asked', () => {
    const view = contextHideToolResult({ keepTurns: 3, placeholder: '[hidden]' }).apply(history);
    expect(view.replaced).toEqual([3]);
    expect(view.messages[3]).toEqual(tool('c1', '[hidden]'));
    expect(view.messages.slice(4)).toEqual(history.slice(4));
  });
});

describe('sliding-window', () => {
  it('sends the system prompt, the task and the last k whole turns', () => {
    const view = contextSlidingWindow({ turns: 2 }).apply(history);
    expect(view.messages).toEqual(at(0, 1, 11, 12, 13, 14));
    expect(view.dropped).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('never splits a turn with parallel calls', () => {
    const view = contextSlidingWindow({ turns: 5 }).apply(history);
    expect(view.messages).toEqual(at(0, 1, ...[4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]));
  });

  it('sends everything when there are fewer turns than k, and the head alone for k = 0', () => {
    expect(contextSlidingWindow({ turns: 10 }).apply(history).messages).toEqual(history);
    expect(contextSlidingWindow({ turns: 0 }).apply(history).messages).toEqual(at(0, 1));
  });
});

describe('summary', () => {
  it('replaces the older turns by one summary turn built from them by rule', () => {
    const view = contextSummary({ keepTurns: 2, quoteChars: 40 }).apply(history);
    const summary = [
      'Summary of your turns 1–4 (their messages were removed to save context):',
      '- turn 1: search({"q":"A"}) → "doc-1: Alpha is the capital of A."',
      '- turn 2: search({"q":"B"}) → "doc-2: Beta is the capital of B."; search({"q":"C"}) → "doc-3: C is a country."',
      '- turn 3: user: "Error: no tool call and no answer."',
      '- turn 4: wrote "Let me open doc 3."; open({"id":"doc-3"}) → "doc-3: Gamma is the capital of C. Gamma…"',
    ].join('\n');
    expect(view.messages).toEqual([...at(0, 1), { role: 'user', content: summary }, ...at(11, 12, 13, 14)]);
    expect(view.replaced).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(view.dropped).toEqual([]);
  });

  it('leaves the history alone below its trigger or with no turn older than keepTurns', () => {
    const below = estimateMessagesTokens(history);
    expect(contextSummary({ triggerTokens: below }).apply(history).messages).toEqual(history);
    expect(contextSummary({ triggerTokens: below - 1 }).apply(history).messages).not.toEqual(history);
    expect(contextSummary({ keepTurns: 6 }).apply(history).messages).toEqual(history);
  });
});

describe('discard-all', () => {
  /** The reference: a context that grows and is reset to the head whenever it passes the threshold. */
  function persistent(messages: readonly ChatMessage[], maxTokens: number): ChatMessage[] {
    const { head, starts } = splitTurns(messages);
    let context = messages.slice(0, head);
    const reset = () => {
      if (estimateMessagesTokens(context) > maxTokens) context = messages.slice(0, head);
    };
    starts.forEach((start, i) => {
      reset();
      context = [...context, ...messages.slice(start, starts[i + 1] ?? messages.length)];
    });
    reset();
    return context;
  }

  it('keeps everything under the threshold', () => {
    expect(contextDiscardAll({ maxTokens: 10_000 }).apply(history).messages).toEqual(history);
  });

  it('drops every turn since the last reset once the context passes the threshold', () => {
    // Head 2 + 4 + (priming) 3 ≈ 20 tokens; each turn costs 15–40 more.
    const total = estimateMessagesTokens(history);
    const view = contextDiscardAll({ maxTokens: total - 1 }).apply(history);
    expect(view.messages).toEqual(at(0, 1));
    expect(view.dropped).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('behaves as a context reset during the run would have, turn after turn', () => {
    const long = longHistory(60);
    for (const maxTokens of [60, 150, 400, 1200, 5000]) {
      const strategy = contextDiscardAll({ maxTokens });
      for (const prefix of prefixes(long)) {
        expect(strategy.apply(prefix).messages).toEqual(persistent(prefix, maxTokens));
      }
    }
  });
});

describe('pairingProblems', () => {
  it('names a call left without its tool message and a tool message without its call', () => {
    expect(pairingProblems([...at(0, 1, 4, 5, 7)])).toEqual([
      'tool call c2b has no tool message before message 4',
    ]);
    expect(pairingProblems([...at(0, 1, 3)])).toEqual(['message 2 answers tool call c1, which is not open']);
  });
});

describe('makeContextStrategy', () => {
  it('makes each family by name, with its defaults recorded', () => {
    expect(contextStrategyNames.map((name) => makeContextStrategy({ name }).name)).toEqual(
      contextStrategyNames,
    );
    expect(makeContextStrategy({ name: 'sliding-window' }).options).toEqual({ turns: 5 });
    expect(makeContextStrategy({ name: 'discard-all', maxTokens: 900 }).options).toEqual({ maxTokens: 900 });
    expect(makeContextStrategy({ name: 'summary' }).options).toEqual({
      keepTurns: 2,
      triggerTokens: 0,
      quoteChars: 160,
    });
  });

  it('refuses a bad option with the strategy and option named', () => {
    expect(() => makeContextStrategy({ name: 'sliding-window', turns: -1 })).toThrow(
      'context strategy sliding-window: turns must be a whole number ≥ 0, got -1',
    );
    expect(() => makeContextStrategy({ name: 'discard-all', maxTokens: 0.5 })).toThrow(/maxTokens/);
  });
});
