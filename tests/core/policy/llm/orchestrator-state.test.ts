import { describe, expect, it } from 'vitest';
import {
  briefFor,
  fold,
  initialState,
  type OrchestratorState,
  type Seen,
} from '../../../../src/core/policy/llm/orchestrator-state';
import type { TaskBrief } from '../../../../src/core/policy/types';
import type { TraceEvent } from '../../../../src/core/trace/events';

const brief: TaskBrief = {
  query: 'Fill the table.',
  items: [
    { id: 'a', prompt: 'Do a.', deps: [] },
    { id: 'b', prompt: 'Do b.', deps: [] },
    { id: 'c', prompt: 'Do c.', deps: ['a'] },
  ],
};

const usage = { steps: 1, toolCalls: 0, 'gen_ai.usage.input_tokens': 1, 'gen_ai.usage.output_tokens': 1 };
const at = { seq: 0, t: 0, wallMs: 0 };
const event = (body: Record<string, unknown>): Seen => ({
  kind: 'event',
  event: { ...at, ...body } as TraceEvent,
});
const started = (task: string, subagent: string) =>
  event({ type: 'task.started', task, subagent, attempt: 1 });
const finished = (task: string, subagent: string) =>
  event({ type: 'task.finished', task, subagent, attempt: 1, usage });
const failed = (task: string, final: boolean) =>
  event({ type: 'task.failed', task, subagent: 's0', attempt: 1, error: 'no', final, usage });

const foldAll = (seen: readonly Seen[], from: OrchestratorState = initialState(brief)) =>
  seen.reduce(fold, from);

describe('the orchestrator state', () => {
  it('starts from the task: its items, nothing created, running or done', () => {
    const state = initialState(brief);
    expect([...state.items]).toEqual(['a', 'b', 'c']);
    expect(state.task).toBe(brief);
    expect(state.idOf.size + state.running.size + state.done.length + state.decisions).toBe(0);
  });

  it('follows tasks from started to finished, keeping the finished ones as news until a status', () => {
    const state = foldAll([started('a', 's0'), started('b', 's1'), finished('a', 's0')]);
    expect([...state.running]).toEqual([['b', 's1']]);
    expect(state.done).toEqual(['a']);
    expect(state.unseen).toEqual(['a']);
    const shown = fold(state, { kind: 'status' });
    expect(shown.unseen).toEqual([]);
    expect(shown.decisions).toBe(1);
    expect(shown.done).toEqual(['a']);
  });

  it('counts a task failed only when no retry follows; a cancelled one simply stops running', () => {
    const state = foldAll([started('a', 's0'), failed('a', false), started('b', 's1'), failed('b', true)]);
    expect(state.failed).toEqual(['b']);
    expect(state.running.size).toBe(0);
    const cancelled = foldAll([
      started('c', 's2'),
      event({ type: 'task.cancelled', task: 'c', reason: 'x' }),
    ]);
    expect(cancelled.running.size).toBe(0);
    expect(cancelled.failed).toEqual([]);
  });

  it('ignores the events it has no use for, returning the same state', () => {
    const state = initialState(brief);
    expect(fold(state, event({ type: 'llm.turn', subagent: 's0', finishReason: 'stop' }))).toBe(state);
  });

  it('keeps the agents it created and the instructions it gave, for the briefs of the subagents', () => {
    const state = foldAll([
      { kind: 'created', name: 'ann', id: 's0', profile: 'small', system: 'You search.' },
      { kind: 'instructed', task: 'a', prompt: '[a] find it' },
    ]);
    expect([...state.idOf]).toEqual([['ann', 's0']]);
    expect(state.agents.get('s0')).toEqual({ name: 'ann', profile: 'small', system: 'You search.' });
    expect(briefFor(state, 's0', 'a')).toEqual({ system: 'You search.', prompt: '[a] find it' });
    expect(briefFor(state, 's0', 'b')).toEqual({ system: 'You search.' });
    expect(briefFor(state, 's9', 'a')).toEqual({ prompt: '[a] find it' });
    expect(briefFor(state, 's9', 'b')).toBeUndefined();
  });

  it('keeps the latest answer of a task', () => {
    const state = foldAll([
      { kind: 'answer', task: 'a', answer: 'first' },
      { kind: 'answer', task: 'a', answer: 'second' },
    ]);
    expect(state.answers.get('a')).toBe('second');
  });

  it('never changes a state it was given', () => {
    const before = foldAll([started('a', 's0')]);
    const snapshot = structuredClone(before);
    foldAll(
      [
        finished('a', 's0'),
        { kind: 'status' },
        { kind: 'created', name: 'ann', id: 's0', profile: 'small', system: '' },
        { kind: 'instructed', task: 'b', prompt: '[b]' },
        { kind: 'answer', task: 'a', answer: 'x' },
      ],
      before,
    );
    expect(before).toEqual(snapshot);
  });
});
