import { describe, expect, it } from 'vitest';
import {
  carryOut,
  conclude,
  type DecisionInput,
  type Draft,
  NO_CALL_NOTE,
  openDraft,
  settled,
  statusOf,
  withoutCalls,
} from '../../../../src/core/policy/llm/decision';
import {
  fold,
  initialState,
  type OrchestratorState,
  type Seen,
} from '../../../../src/core/policy/llm/orchestrator-state';
import { orchestratorTools, statusMessage } from '../../../../src/core/policy/llm/protocol';
import type { TaskBrief } from '../../../../src/core/policy/types';
import type { ToolCall } from '../../../../src/core/providers/types';
import type { TraceEvent } from '../../../../src/core/trace/events';

const brief: TaskBrief = {
  query: 'Fill the table.',
  items: ['a', 'b', 'c', 'd'].map((id) => ({ id, prompt: `Do ${id}.`, deps: id === 'd' ? ['a'] : [] })),
};
const tools = orchestratorTools(['small', 'large']);
const usage = { steps: 1, toolCalls: 0, 'gen_ai.usage.input_tokens': 1, 'gen_ai.usage.output_tokens': 1 };

function view(
  over: Partial<Omit<DecisionInput, 'topReady' | 'nextSubagentIds'>> & { ready?: string[] } = {},
) {
  const ready = over.ready ?? ['a', 'b', 'c'];
  const subagentCount = over.subagentCount ?? 0;
  return {
    t: 4,
    readyCount: ready.length,
    runningCount: 0,
    subagentCount,
    config: { defaultProfile: 'small', budgets: { maxConcurrentSubagents: 3 } },
    ...over,
    spareReplica: over.spareReplica ?? (() => false),
    topReady: (k: number) => ready.slice(0, k),
    nextSubagentIds: (n: number) => Array.from({ length: n }, (_, i) => `s${subagentCount + i}`),
  } satisfies DecisionInput;
}

let seq = 0;
const call = (name: string, args: unknown): ToolCall => ({
  id: `c${++seq}`,
  type: 'function',
  function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
});

/** Carries the calls out in order, folding what each set up, as a decision does. */
function carry(state: OrchestratorState, draft: Draft, input: DecisionInput, calls: ToolCall[]) {
  const verdicts = [];
  for (const c of calls) {
    const verdict = carryOut(state, draft, input, tools, c);
    draft = verdict.draft;
    if (verdict.seen) state = fold(state, verdict.seen);
    verdicts.push(verdict);
  }
  return { state, draft, verdicts };
}

const event = (body: Record<string, unknown>): Seen => ({
  kind: 'event',
  event: { seq: 0, t: 0, wallMs: 0, ...body } as TraceEvent,
});

describe('the status shown to the model', () => {
  it('numbers the decision, lists ready, running, done and failed items and the agents', () => {
    const state = [
      { kind: 'created', name: 'ann', id: 's0', profile: 'large', system: '' },
      { kind: 'created', name: 'bob', id: 's1', profile: 'small', system: '' },
      event({ type: 'task.started', task: 'a', subagent: 's0', attempt: 1 }),
      event({ type: 'task.started', task: 'b', subagent: 's1', attempt: 1 }),
      event({ type: 'task.finished', task: 'b', subagent: 's1', attempt: 1, usage }),
      { kind: 'answer', task: 'b', answer: 'x'.repeat(12) },
    ].reduce<OrchestratorState>((s, seen) => fold(s, seen as Seen), initialState(brief));
    const status = statusOf(state, view({ ready: ['c'], t: 7 }), 5);
    expect(status).toEqual({
      step: 1,
      t: 7,
      ready: ['c'],
      running: { a: 'ann' },
      done: ['b'],
      failed: [],
      agents: [
        { name: 'ann', profile: 'large', busy: 'a' },
        { name: 'bob', profile: 'small', busy: null },
      ],
      maxSubagents: 3,
      answers: { b: 'xxxxx…' },
    });
    // Once shown, an answer is no longer news.
    expect(statusOf(fold(state, { kind: 'status' }), view(), 5)).toMatchObject({ step: 2, answers: {} });
  });
});

describe('a call of the model', () => {
  const state = initialState(brief);
  const input = view();
  const draft = openDraft(state, statusOf(state, input, 200));

  it('creates a subagent under the id the runtime will give it, then gives it a ready item', () => {
    const out = carry(state, draft, input, [
      call('create_subagent', { name: 'ann', system_prompt: 'You search.', profile: 'large' }),
      call('create_subagent', { name: 'bob', system_prompt: 'You check.' }),
      call('assign_task', { agent: 'bob', prompt: 'First [b], then rest.' }),
    ]);
    expect(out.verdicts.map((v) => [v.ok, v.content])).toEqual([
      [true, 'Created ann (large); it is idle.'],
      [true, 'Created bob (small); it is idle.'],
      [true, 'bob is working on [b].'],
    ]);
    expect(out.draft.actions).toEqual([
      { type: 'spawn', count: 1, profile: 'large' },
      { type: 'spawn', count: 1, profile: 'small' },
      { type: 'assign', subagent: 's1', task: 'b' },
    ]);
    expect(out.verdicts[0]?.seen).toEqual({
      kind: 'created',
      name: 'ann',
      id: 's0',
      profile: 'large',
      system: 'You search.',
    });
    expect(out.state.instructions.get('b')).toBe('First [b], then rest.');
    expect(settled(out.draft)).toBe(true);
  });

  it('refuses what the run cannot do, saying why, and changes nothing', () => {
    const full = view({ subagentCount: 2 });
    const out = carry(state, openDraft(state, statusOf(state, full, 200)), full, [
      call('create_subagent', { name: 'ann', system_prompt: '' }),
      call('create_subagent', { name: 'ann', system_prompt: '' }),
      call('create_subagent', { name: ' ', system_prompt: '' }),
      call('create_subagent', { name: 'cy', system_prompt: '' }),
      call('assign_task', { agent: 'zed', prompt: '[a]' }),
      call('assign_task', { agent: 'ann', prompt: 'no item here' }),
      call('assign_task', { agent: 'ann', prompt: '[d] later' }),
      call('assign_task', { agent: 'ann', prompt: '[a]' }),
      call('assign_task', { agent: 'ann', prompt: '[b]' }),
      call('teleport', {}),
      call('finish', '{"answer": '),
    ]);
    expect(out.verdicts.map((v) => v.content)).toEqual([
      'Created ann (small); it is idle.',
      'Error: there is already a subagent named "ann".',
      'Error: the name is empty.',
      'Error: the swarm is full (3 subagents): give work to an idle one instead.',
      'Error: there is no subagent named "zed" (yours: ann); create it first with create_subagent.',
      'Error: the prompt names no work item: start it with the item id in brackets, e.g. "[row-3] …".',
      'Error: [d] is waiting for the items it depends on; ready now: a, b, c.',
      'ann is working on [a].',
      'Error: ann is busy; give the item to an idle subagent.',
      expect.stringMatching(/^Error: there is no tool named "teleport"/),
      expect.stringMatching(/^Error: the arguments of finish are not valid JSON/),
    ]);
    expect(out.verdicts.filter((v) => !v.ok).every((v) => v.seen === undefined)).toBe(true);
    const refused = carryOut(
      state,
      draft,
      input,
      tools,
      call('assign_task', { agent: 'zed', prompt: '[a]' }),
    );
    expect(refused.draft).toBe(draft);
    expect(out.draft.actions).toHaveLength(2);
  });

  it('says why an item is not ready: running, done, or failed for good', () => {
    const seen = fold(
      fold(
        fold(fold(state, { kind: 'created', name: 'ann', id: 's0', profile: 'small', system: '' }), {
          kind: 'created',
          name: 'bob',
          id: 's1',
          profile: 'small',
          system: '',
        }),
        event({ type: 'task.started', task: 'a', subagent: 's0', attempt: 1 }),
      ),
      event({ type: 'task.failed', task: 'c', subagent: 's1', attempt: 1, error: 'x', final: true, usage }),
    );
    const done = fold(
      fold(seen, event({ type: 'task.started', task: 'b', subagent: 's1', attempt: 1 })),
      event({ type: 'task.finished', task: 'b', subagent: 's1', attempt: 1, usage }),
    );
    const input2 = view({ ready: [], runningCount: 1, subagentCount: 2 });
    const out = carry(done, openDraft(done, statusOf(done, input2, 200)), input2, [
      call('assign_task', { agent: 'bob', prompt: '[a]' }),
      call('assign_task', { agent: 'bob', prompt: '[b]' }),
      call('assign_task', { agent: 'bob', prompt: '[c]' }),
    ]);
    expect(out.verdicts.map((v) => v.content)).toEqual([
      'Error: [a] is already running; ready now: none.',
      'Error: [b] is done; ready now: none.',
      'Error: [c] has failed for good; ready now: none.',
    ]);
  });

  it('ends the run on finish', () => {
    const out = carryOut(state, draft, input, tools, call('finish', { answer: 'All done.' }));
    expect(out.ok).toBe(true);
    expect(out.draft.actions).toEqual([{ type: 'finish', answer: 'All done.' }]);
    expect(out.draft.finished).toBe(true);
    expect(settled(out.draft)).toBe(true);
  });
});

describe('a reply without calls', () => {
  const state = initialState(brief);

  it('waits when work runs and nothing is ready', () => {
    const input = view({ ready: [], runningCount: 2 });
    const out = withoutCalls(
      openDraft(state, statusOf(state, input, 200)),
      input,
      statusOf(state, input, 200),
    );
    expect(out.refusal).toBeUndefined();
    expect(out.draft.waiting).toBe(true);
    expect(settled(out.draft)).toBe(true);
  });

  it('is refused when something is ready, or nothing runs', () => {
    for (const input of [view({ runningCount: 2 }), view({ ready: [] })]) {
      const status = statusOf(state, input, 200);
      const out = withoutCalls(openDraft(state, status), input, status);
      expect(out.refusal).toBe(NO_CALL_NOTE);
      expect(settled(out.draft)).toBe(false);
    }
  });
});

describe('the end of a decision', () => {
  const state = initialState(brief);
  const empty = openDraft(state, statusOf(state, view(), 200));
  const run = { failedDecisions: 1, maxFailed: 3, runningCount: 2, aborted: false, refused: 2 };

  it('keeps the actions of a decision that settled on some, and forgets earlier failures', () => {
    const draft: Draft = { ...empty, actions: [{ type: 'spawn', count: 1, profile: 'small' }] };
    expect(conclude(draft, run)).toEqual({ actions: draft.actions, failedDecisions: 0 });
    expect(conclude({ ...empty, waiting: true }, run)).toEqual({ actions: [], failedDecisions: 0 });
  });

  it('gives the model another chance while work runs', () => {
    expect(conclude(empty, run)).toEqual({ actions: [], failedDecisions: 2 });
  });

  it('ends the run in words after too many failed decisions, or at once when nothing runs', () => {
    expect(conclude(empty, { ...run, failedDecisions: 2 })).toEqual({
      actions: [
        {
          type: 'finish',
          reason: 'the orchestrator model made no valid call (2 refused in 3 decision(s) in a row)',
        },
      ],
      failedDecisions: 3,
    });
    expect(
      conclude({ ...empty, error: 'HTTP 500' }, { ...run, failedDecisions: 0, runningCount: 0 }),
    ).toEqual({
      actions: [{ type: 'finish', reason: 'the orchestrator model failed: HTTP 500' }],
      failedDecisions: 1,
    });
  });

  it('counts an aborted decision for nothing', () => {
    expect(conclude(empty, { ...run, aborted: true, runningCount: 0 })).toEqual({
      actions: [],
      failedDecisions: 1,
    });
  });
});

describe('retry, escalate or give up a failed item (issue 41 item 2: the llm orchestrator on the policy port)', () => {
  // ann (small) ran [a] and failed; [a] is ready again. [d] depends on [a].
  const failed = [
    { kind: 'created', name: 'ann', id: 's0', profile: 'small', system: '' },
    { kind: 'created', name: 'big', id: 's1', profile: 'large', system: '' },
    event({ type: 'task.started', task: 'a', subagent: 's0', attempt: 1 }),
    event({
      type: 'task.failed',
      task: 'a',
      subagent: 's0',
      attempt: 1,
      error: 'crash',
      final: false,
      usage,
    }),
  ] as Seen[];
  const state = failed.reduce(fold, initialState(brief));

  it('shows the model which ready items failed, and on which profile', () => {
    const status = statusOf(state, view({ ready: ['a', 'b'] }), 200);
    expect(status.retrying).toEqual({ a: 'small' });
  });

  it('gives up a failed item as the runtime’s give_up, and no longer offers it', () => {
    const input = view({ ready: ['a', 'b'], subagentCount: 2 });
    const draft = openDraft(state, statusOf(state, input, 200));
    const { verdicts, draft: after } = carry(state, draft, input, [
      call('give_up', { item: 'a' }),
      call('assign_task', { agent: 'big', prompt: '[a] again' }),
    ]);
    expect(verdicts[0]?.ok).toBe(true);
    expect(after.actions).toEqual([{ type: 'give_up', task: 'a' }]);
    expect(verdicts[1]?.ok).toBe(false);
    expect(verdicts[1]?.content).toMatch(/^Error: \[a\] was given up in this decision; ready now: b\./);
  });

  it('escalates by assigning the failed item to a subagent of a larger profile', () => {
    const input = view({ ready: ['a', 'b'], subagentCount: 2 });
    const draft = openDraft(state, statusOf(state, input, 200));
    const { draft: after } = carry(state, draft, input, [
      call('assign_task', { agent: 'big', prompt: '[a] again' }),
    ]);
    expect(after.actions).toEqual([{ type: 'assign', subagent: 's1', task: 'a' }]);
  });

  it('refuses to give up an item that has not failed, naming the ones that can be', () => {
    const input = view({ ready: ['a', 'b'], subagentCount: 2 });
    const draft = openDraft(state, statusOf(state, input, 200));
    const { verdicts } = carry(state, draft, input, [call('give_up', { item: 'b' })]);
    expect(verdicts[0]?.ok).toBe(false);
    expect(verdicts[0]?.content).toBe(
      'Error: [b] has not failed and come back ready, and is not a spare replica; only such an item can be given up (now: a).',
    );
  });

  it('shows spare replicas and drops one on give_up, as the vote head drops it', () => {
    const input = view({ ready: ['a', 'b', 'c'], subagentCount: 2, spareReplica: (id) => id === 'c' });
    const status = statusOf(state, input, 200);
    expect(status.spares).toEqual(['c']);
    expect(statusMessage(status)).toMatch(/Spare replicas among the ready \(.*give_up drops one\): c\./);
    const { verdicts, draft: after } = carry(state, openDraft(state, status), input, [
      call('give_up', { item: 'c' }),
      call('give_up', { item: 'b' }),
    ]);
    expect(verdicts[0]).toMatchObject({
      ok: true,
      content: '[c] is dropped; its part goes on with the replicas that run.',
    });
    expect(verdicts[1]?.content).toMatch(/\[b\] has not failed .* \(now: a\)\./);
    expect(after.actions).toEqual([{ type: 'give_up', task: 'c' }]);
  });

  it('forgets the failure once the item is done', () => {
    const done = fold(state, event({ type: 'task.finished', task: 'a', subagent: 's1', attempt: 2, usage }));
    expect(done.retrying.size).toBe(0);
  });
});
