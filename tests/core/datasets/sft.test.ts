import { describe, expect, it } from 'vitest';
import type { SftRow } from '../../../src/core/datasets/rows';
import { type DatasetRun, readDatasetRuns } from '../../../src/core/datasets/runs';
import { planExamples, sftExamples } from '../../../src/core/datasets/sft';
import {
  nextSpeakerExamples,
  renderHistory,
  type WorkItem,
  workOrder,
} from '../../../src/core/datasets/speakers';
import { trajectoryExamples } from '../../../src/core/datasets/trajectories';
import { checkRows } from '../../../src/core/datasets/trl-check';
import { parseTeamPlan } from '../../../src/core/router/plan';
import { META_ROUTER_SYSTEM } from '../../../src/core/router/plan-model';
import type { TraceEvent } from '../../../src/core/trace/events';
import { benchRuns, benchTraceDir, withMetrics } from './logged';

const history = { strategy: 'last-k', k: 3, seed: 0 } as const;
const all = {
  kinds: ['plans', 'next-speaker', 'trajectories'],
  minReward: 0,
  margin: 0.05,
  history,
} as const;
const last = (row: SftRow) => row.messages.at(-1)?.content ?? '';
const find = (runs: readonly DatasetRun[], source: string) => {
  const run = runs.find((r) => r.source === source);
  if (!run) throw new Error(`no run ${source}`);
  return run;
};

describe('SFT rows from logged runs', () => {
  it('are all well-formed TRL conversations, of the three kinds', async () => {
    const runs = await benchRuns();
    const { examples, qualifying } = sftExamples(runs, all);
    expect(qualifying).toBe(runs.filter((r) => r.success).length);
    expect(new Set(examples.map((e) => e.kind))).toEqual(new Set(['plans', 'next-speaker', 'trajectories']));
    expect(
      checkRows(
        examples.map((e) => e.row),
        'sft',
      ),
    ).toEqual([]);
  });

  it('come from successful runs with enough reward only', async () => {
    const { traces } = await benchTraceDir();
    const failed = readDatasetRuns(traces.map((t) => withMetrics(t, { episodeSuccess: 0 }))).runs;
    expect(sftExamples(failed, all)).toMatchObject({ examples: [], qualifying: 0 });
    const runs = await benchRuns();
    const strict = sftExamples(runs, { ...all, minReward: 2 });
    expect(strict.qualifying).toBe(0);
  });
});

describe('meta-router plan rows', () => {
  it('ask with the meta-router instruction and answer with one schema-valid plan per request', async () => {
    const runs = await benchRuns();
    const rows = planExamples(runs, 0.05);
    expect(rows).toHaveLength(new Set(runs.map((r) => r.request)).size);
    for (const { row, request } of rows) {
      expect(row.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
      expect(row.messages[0]?.content).toBe(META_ROUTER_SYSTEM);
      expect(row.messages[1]?.content).toBe(request);
      expect(parseTeamPlan(last(row)).ok).toBe(true);
    }
  });

  it('take the better plan by reward, or the simpler one within the margin', async () => {
    const runs = await benchRuns();
    const single = find(runs, 'write-story-serial-seed1.jsonl');
    const swarm = find(runs, 'write-story-heuristic-seed1.jsonl');
    const plan = (a: DatasetRun, b: DatasetRun) =>
      JSON.parse(last((planExamples([a, b], 0.05)[0] as { row: SftRow }).row));
    expect(plan({ ...single, reward: 0.7 }, { ...swarm, reward: 0.9 }).topology).toBe('swarm');
    expect(plan({ ...single, reward: 0.88 }, { ...swarm, reward: 0.9 }).topology).toBe('single');
  });
});

describe('next-speaker rows', () => {
  it('are each turn of a run in the order it started, then terminate', async () => {
    const runs = await benchRuns();
    const swarm = find(runs, 'write-story-heuristic-seed1.jsonl');
    const rows = nextSpeakerExamples(swarm, history).map((e) => e.row);
    const actions = rows.map((r) => JSON.parse(last(r)));
    expect(actions.map((a) => a.agent_id ?? a.next_action)).toEqual([
      'outline',
      ...Array(5).fill('section'),
      'merge',
      'terminate',
    ]);
    expect(actions[0]).toEqual({ next_action: 'call_agent', agent_id: 'outline' });
    expect(actions.at(-1)).toEqual({ next_action: 'terminate' });
    const first = rows[0]?.messages[1]?.content ?? '';
    expect(first).toContain(swarm.request);
    expect(first).toContain('Team: merge, outline, section');
    expect(first).toContain('nobody has acted yet');
    expect(rows.at(-1)?.messages[1]?.content).toContain(
      'History (the last 3 of 7 turns, oldest first):\n- section\n- section\n- merge',
    );
  });

  it('show a decentralized run’s board messages, and leave out turns settled without a model call', async () => {
    const runs = await benchRuns();
    const peers = find(runs, 'compare-options-peers-seed1.jsonl');
    const items = workOrder(peers.events);
    expect(items.some((i) => i.kind === 'message')).toBe(true);
    const settled = peers.events.filter((e) => e.type === 'task.finished' && e.usage.steps === 0).length;
    const started = peers.events.filter((e) => e.type === 'task.started').length;
    expect(items.filter((i) => i.kind === 'turn')).toHaveLength(started - settled);
    const rows = nextSpeakerExamples(peers, { ...history, strategy: 'summary' }).map((e) => e.row);
    expect(rows.at(-1)?.messages[1]?.content).toMatch(/3 messages on the board, from peer-a, peer-b, peer-c/);
    const lastK = nextSpeakerExamples(peers, history).map((e) => e.row);
    expect(lastK.at(-1)?.messages[1]?.content).toMatch(/- peer-a → all \(round 1\): My pick is/);
  });

  it('render the history by summary, the last k turns, or a seeded random truncation', () => {
    const turns = (...agents: string[]): WorkItem[] => agents.map((agent) => ({ kind: 'turn', agent }));
    const h = turns('outline', 'section', 'section', 'section', 'merge');
    expect(renderHistory(h, { strategy: 'summary', k: 3, seed: 0 }, 'x')).toBe(
      'History (summary): 5 turns so far: outline ×1, section ×3, merge ×1.',
    );
    expect(renderHistory(h, { strategy: 'last-k', k: 2, seed: 0 }, 'x')).toBe(
      'History (the last 2 of 5 turns, oldest first):\n- section\n- merge',
    );
    expect(renderHistory(h.slice(0, 2), { strategy: 'last-k', k: 3, seed: 0 }, 'x')).toBe(
      'History (all 2 turns, oldest first):\n- outline\n- section',
    );
    const cut = (seed: number, key: string) =>
      renderHistory(h, { strategy: 'random-truncation', k: 3, seed }, key);
    expect(cut(1, 'a')).toBe(cut(1, 'a'));
    const shown = new Set(Array.from({ length: 40 }, (_, i) => cut(i, 'a')));
    expect(shown.size).toBeGreaterThan(2);
    for (const text of shown)
      expect(text).toMatch(
        /^History \((\d+ earlier turns? and their messages not shown, then )?oldest first\):\n/,
      );
    expect(renderHistory([], { strategy: 'random-truncation', k: 3, seed: 0 }, 'a')).toBe(
      'History: nobody has acted yet.',
    );
  });
});

describe('subagent trajectory rows', () => {
  it('rebuild each finished attempt: what it was told, its turns, its calls and their results', async () => {
    const runs = await benchRuns();
    const serial = find(runs, 'write-story-serial-seed1.jsonl');
    const { examples, dropped } = trajectoryExamples(serial);
    expect(dropped).toEqual({});
    expect(examples).toHaveLength(1);
    const row = examples[0]?.row as SftRow;
    const context = serial.events.find((e) => e.type === 'agent.context') as Extract<
      TraceEvent,
      { type: 'agent.context' }
    >;
    expect(row.messages.slice(0, 2)).toEqual([
      { role: 'system', content: context.system },
      { role: 'user', content: context.prompt },
    ]);
    const calls = serial.events.filter((e) => e.type === 'tool.call');
    expect(row.messages.filter((m) => m.role === 'tool')).toHaveLength(calls.length);
    const asks = row.messages[2];
    expect(asks?.tool_calls?.[0]).toMatchObject({
      id: 'call_1_1',
      type: 'function',
      function: { name: 'draft' },
    });
    expect(JSON.parse(asks?.tool_calls?.[0]?.function.arguments ?? '')).toEqual(
      (calls[0] as { args: unknown }).args,
    );
    expect(row.messages[3]).toMatchObject({ role: 'tool', tool_call_id: 'call_1_1', name: 'draft' });
    expect(row.messages.at(-1)?.role).toBe('assistant');
    expect(row.messages.at(-1)?.content).toMatch(/^# /);
    expect(row.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'draft',
          description: expect.stringMatching(/not in the trace/),
          parameters: { type: 'object', properties: { part: { type: 'string' }, text: { type: 'string' } } },
        },
      },
    ]);
    const swarm = trajectoryExamples(find(runs, 'write-story-heuristic-seed1.jsonl'));
    expect(swarm.examples).toHaveLength(7);
    expect(swarm.examples.every((e) => e.row.tools === undefined)).toBe(true);
  });

  it('leave out attempts the trace cannot rebuild faithfully, and count why', async () => {
    const runs = await benchRuns();
    const serial = find(runs, 'write-story-serial-seed1.jsonl');
    const edit = (f: (e: TraceEvent) => TraceEvent | undefined) =>
      trajectoryExamples({ ...serial, events: serial.events.flatMap((e) => f(e) ?? []) }).dropped;
    const lastTurn = [...serial.events].reverse().find((e) => e.type === 'llm.turn');
    expect(
      edit((e) => (e === lastTurn ? { ...e, content: `x\n[… 12 more characters not recorded]` } : e)),
    ).toEqual({
      'cut-text': 1,
    });
    expect(edit((e) => (e === lastTurn ? { ...e, content: undefined } : e))).toEqual({ 'empty-turn': 1 });
    expect(
      edit((e) => (e.type === 'tool.call' && e.callId === 'call_1_1' ? { ...e, args: '{bad' } : e)),
    ).toEqual({
      'malformed-call': 1,
    });
    expect(edit((e) => (e.type === 'task.finished' ? undefined : e))).toEqual({ unfinished: 1 });
  });
});
