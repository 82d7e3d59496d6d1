import { describe, expect, it } from 'vitest';
import type { Player, PlayerInput } from '../../../../src/core/providers/player';
import type { ChatMessage } from '../../../../src/core/providers/types';
import { loadPlayers } from '../../../../src/core/scenarios/players';
import { createRng } from '../../../../src/core/util/rng';

// Every kind's players, loaded once (each kind loads its own: scenarios/players.ts).
const players = await loadPlayers();

// The player called directly, on messages no agent loop would send it: it must never throw, and
// it must read its progress off whatever of its notes and tool output is in sight.

describe('deep-search players on odd input', () => {
  const base = (over: Partial<PlayerInput>): PlayerInput => ({
    descriptor: { kind: 'deep-hop', question: 1, hop: 1, hops: 2, entity: 'Kalo Group', relation: 'founder' },
    messages: [],
    tools: ['search', 'open'],
    errorRate: 0,
    callsPerTurn: 1,
    rng: createRng(1),
    ...over,
  });
  const play = players['deep-hop'] as Player;
  const garbage: ChatMessage[] = [
    { role: 'user', content: 'NOTE q1 hop' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'x', type: 'function', function: { name: 'open', arguments: '{{' } }],
    },
    { role: 'tool', tool_call_id: 'x', content: '[older tool output hidden]' },
    { role: 'tool', tool_call_id: 'y', content: '[doc-1] — \n\n' },
  ];

  it('searches for its entity when it sees no usable tool output', () => {
    for (const messages of [[], garbage]) {
      expect(play(base({ messages }))).toEqual({
        content: null,
        calls: [{ name: 'search', args: { query: 'Kalo Group' } }],
      });
    }
  });

  it('answers what it has when the descriptor is not its own or it may not call tools', () => {
    for (const descriptor of [
      undefined,
      null,
      42,
      { kind: 'deep-hop', relation: 'spouse' },
      { kind: 'deep-chain' },
    ]) {
      expect(play(base({ descriptor }))).toEqual({ content: 'unknown', calls: [] });
    }
    expect(play(base({ callsPerTurn: 0 })).calls).toEqual([]);
    expect(play(base({ tools: ['calculator'] })).calls).toEqual([]);
  });

  it('does not read a page about another entity, and searches again', () => {
    const messages: ChatMessage[] = [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c', type: 'function', function: { name: 'open', arguments: '{"id":"doc-company-009"}' } },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'c',
        content:
          '[doc-company-009] Mora Works\nMora Works (MORA) is a mining company founded in 1901 by Ri Ka. It is headquartered in Sel and has 5 employees.',
      },
    ];
    expect(play(base({ messages })).calls).toEqual([{ name: 'search', args: { query: 'Kalo Group' } }]);
    const about = messages.map((m) =>
      m.role === 'tool' ? { ...m, content: m.content.replaceAll('Mora Works', 'Kalo Group') } : m,
    );
    expect(play(base({ messages: about }))).toEqual({ content: 'Ri Ka', calls: [] });
  });

  it('goes on from the furthest note in sight, quoted in a summary or not, and skips a cut one', () => {
    const chain = {
      kind: 'deep-chain',
      questions: [
        {
          index: 1,
          start: 'Kalo Group',
          startKind: 'company',
          relations: ['founder', 'birthplace', 'country'],
        },
        { index: 2, start: 'Mira', startKind: 'city', relations: ['country', 'capital'] },
      ],
    };
    const summary: ChatMessage = {
      role: 'user',
      content:
        'Summary of your turns 1–4:\n- turn 3: wrote "NOTE q1 hop 1: Ri Ka NOTE q2 hop 1: Norland"; search({"query":"Ri Ka"}) → "…"\n- turn 5: wrote "NOTE q1 hop 2: Selvor NOTE q2 hop 2: Tumbar NOTE q1 hop 3: Nor…"',
    };
    expect(play(base({ descriptor: chain, messages: [summary] }))).toEqual({
      content: null,
      calls: [{ name: 'search', args: { query: 'Selvor' } }],
    });
    const done: ChatMessage = { role: 'assistant', content: 'NOTE q1 hop 3: Norland\nNOTE q2 hop 2: Tumbar' };
    expect(play(base({ descriptor: chain, messages: [summary, done] }))).toEqual({
      content: 'Q1: Norland\nQ2: Tumbar',
      calls: [],
    });
  });

  it('gives up on an entity the search does not know', () => {
    const messages: ChatMessage[] = [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c', type: 'function', function: { name: 'search', arguments: '{"query":"Kalo Group"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c', content: 'No results for "Kalo Group".' },
    ];
    expect(play(base({ messages }))).toEqual({ content: 'unknown', calls: [] });
  });
});
