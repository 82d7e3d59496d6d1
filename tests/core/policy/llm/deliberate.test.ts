import { describe, expect, it } from 'vitest';
import {
  afterDecision,
  type DeliberationSetup,
  deliberate,
  newSession,
} from '../../../../src/core/policy/llm/deliberate';
import { fold } from '../../../../src/core/policy/llm/orchestrator-state';
import { orchestratorTools } from '../../../../src/core/policy/llm/protocol';
import type { RunView, TaskBrief } from '../../../../src/core/policy/types';
import { type ScriptStep, scriptedProvider } from '../../../../src/core/providers/scripted';

const brief: TaskBrief = {
  query: 'Fill the table.',
  items: [
    { id: 'a', prompt: 'Do a.', deps: [] },
    { id: 'b', prompt: 'Do b.', deps: [] },
  ],
};

const view = {
  t: 0,
  readyCount: 2,
  runningCount: 0,
  subagentCount: 0,
  config: { seed: 1, defaultProfile: 'small', budgets: { maxConcurrentSubagents: 4 } },
  topReady: (k: number) => ['a', 'b'].slice(0, k),
  nextSubagentIds: (n: number) => Array.from({ length: n }, (_, i) => `s${i}`),
  spareReplica: () => false,
} as unknown as RunView;

function setupWith(script: ScriptStep[], keep = 4) {
  const provider = scriptedProvider(script);
  const tools = orchestratorTools(['small']);
  const setup: DeliberationSetup = {
    provider,
    profile: 'large',
    model: 'm',
    profiles: ['small'],
    definitions: Object.values(tools).map((t) => t.definition),
    maxOutputTokens: 64,
    tools,
    maxTurns: 3,
    maxFailed: 3,
    keep,
    answerChars: 200,
  };
  return { provider, setup };
}

describe('one decision of the model orchestrator', () => {
  it('lets the model read its refused calls and try again within the decision', async () => {
    const { provider, setup } = setupWith([
      { calls: [{ name: 'assign_task', arguments: { agent: 'ghost', prompt: '[a]' } }] },
      {
        calls: [
          { name: 'create_subagent', arguments: { name: 'ann', system_prompt: 'Work.' } },
          { name: 'assign_task', arguments: { agent: 'ann', prompt: '[a] go' } },
        ],
      },
    ]);
    const decided = await deliberate(setup, newSession(brief), view);
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringMatching(/ghost/),
    });
    expect(decided.actions).toEqual([
      { type: 'spawn', count: 1, profile: 'small' },
      { type: 'assign', subagent: 's0', task: 'a' },
    ]);
    expect(decided.refused).toBe(1);
    expect(decided.turns).toBe(2);
    expect(decided.events.map((e) => e.type)).toEqual([
      'llm.turn',
      'tool.call',
      'llm.turn',
      'tool.call',
      'tool.call',
    ]);
    expect(decided.seen.map((s) => s.kind)).toEqual(['status', 'created', 'instructed']);
  });

  it('records a failed model turn and ends a run that has nothing running', async () => {
    const { setup } = setupWith([{ throws: 'HTTP 500' }]);
    const decided = await deliberate(setup, newSession(brief), view);
    expect(decided.events).toEqual([
      {
        type: 'llm.turn',
        subagent: 'orchestrator',
        finishReason: 'error: HTTP 500',
        'gen_ai.usage.input_tokens': 0,
        'gen_ai.usage.output_tokens': 0,
      },
    ]);
    expect(decided.actions).toEqual([{ type: 'finish', reason: 'the orchestrator model failed: HTTP 500' }]);
  });

  it('asks nothing once aborted', async () => {
    const { provider, setup } = setupWith([]);
    const decided = await deliberate(setup, newSession(brief), view, AbortSignal.abort());
    expect(provider.requests).toHaveLength(0);
    expect(decided.actions).toEqual([]);
    expect(decided.failedDecisions).toBe(0);
  });
});

describe('a decision whose turns only create subagents', () => {
  it('asks again within the decision, so a create-then-assign model gets its assign turn', async () => {
    const { provider, setup } = setupWith([
      { calls: [{ name: 'create_subagent', arguments: { name: 'ann', system_prompt: 'Work.' } }] },
      { calls: [{ name: 'assign_task', arguments: { agent: 'ann', prompt: '[a] go' } }] },
    ]);
    const decided = await deliberate(setup, newSession(brief), view);
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', content: /ann.*idle/ });
    expect(decided.actions).toEqual([
      { type: 'spawn', count: 1, profile: 'small' },
      { type: 'assign', subagent: 's0', task: 'a' },
    ]);
  });

  it('ends the run in words when the model keeps creating and never assigns, with nothing running', async () => {
    const create = (name: string) => ({
      calls: [{ name: 'create_subagent', arguments: { name, system_prompt: 'Work.' } }],
    });
    const silent = { content: 'Thinking about it.' };
    const { provider, setup } = setupWith([create('a1'), create('a2'), silent, silent, silent]);
    const decided = await deliberate(setup, newSession(brief), view);
    // Two creating turns cost nothing of maxTurns; three turns that settled nothing end it.
    expect(provider.requests).toHaveLength(5);
    expect(decided.actions.at(-1)).toEqual({
      type: 'finish',
      reason: expect.stringMatching(/created 2 subagent\(s\) but gave none of them a work item/),
    });
  });
});

describe('the session after a decision', () => {
  it('keeps the answers that came while the model thought, and what the decision set up', async () => {
    const { setup } = setupWith([
      {
        calls: [
          { name: 'create_subagent', arguments: { name: 'ann', system_prompt: 'Work.' } },
          { name: 'assign_task', arguments: { agent: 'ann', prompt: '[b] go' } },
        ],
      },
    ]);
    const before = newSession(brief);
    const decided = await deliberate(setup, before, view);
    const meanwhile = { ...before, state: fold(before.state, { kind: 'answer', task: 'a', answer: 'A' }) };
    const after = afterDecision(meanwhile, decided, setup.keep);
    expect(after.state.answers.get('a')).toBe('A');
    expect(after.state.idOf.get('ann')).toBe('s0');
    expect(after.state.decisions).toBe(1);
    expect(after.turns).toBe(1);
    expect(after.history).toEqual([decided.exchange]);
  });

  it('keeps the last `keep` decisions besides the latest', () => {
    const exchange = (n: number) => [{ role: 'user' as const, content: `status ${n}` }];
    let session = newSession(brief);
    for (let n = 1; n <= 4; n++) {
      session = afterDecision(
        session,
        {
          events: [],
          actions: [],
          seen: [],
          exchange: exchange(n),
          turns: n,
          refused: 1,
          failedDecisions: 0,
        },
        1,
      );
    }
    expect(session.history).toEqual([exchange(3), exchange(4)]);
    expect(session.invalid).toBe(4);
  });
});
