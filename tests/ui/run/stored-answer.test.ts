import { describe, expect, it } from 'vitest';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { peersPolicy } from '../../../src/core/policy/peers';
import { runAnswer } from '../../../src/core/run/final-answer';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import type { Policy } from '../../../src/core/runtime/policy-port';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { findScenario, profiles } from '../../../src/ui/catalog';
import { storedAnswer } from '../../../src/ui/run/stored-answer';

/** A gallery scenario run as the page runs it, its trace kept. */
async function live(id: string, policy: Policy, seed = 3) {
  const entry = findScenario(id);
  if (entry?.type !== 'task') throw new Error(`${id} is not a task scenario`);
  const run = prepareRun({
    scenario: { type: 'task', spec: entry.spec },
    seed,
    plan: policy.plan ?? 'swarm',
    profiles,
  });
  const result = await runPrepared(run, {
    policy,
    provider: simulatedProviderFor(profiles),
    ports: {},
    keepEvents: true,
  });
  return { run, result, events: result.events ?? [], header: result.header };
}

describe('a stored run’s final answer', () => {
  it('is the live run’s answer, with the grader’s criteria, from the trace alone', async () => {
    for (const id of ['rag-qa', 'write-story', 'teach-explain']) {
      const { run, result, events, header } = await live(id, heuristicPolicy);
      const stored = storedAnswer(header, events);
      expect(stored?.text, id).toBe(runAnswer(run, result.answers));
      expect(stored?.text.length, id).toBeGreaterThan(0);
      const graded = events.find((e) => e.type === 'run.graded');
      expect(stored?.criteria, id).toEqual(graded?.type === 'run.graded' ? graded.criteria : undefined);
    }
  });

  it('hands back a single analyst’s pick as the live run does', async () => {
    const { run, result, events, header } = await live('compare-options', heuristicPolicy);
    expect(storedAnswer(header, events)?.text).toBe(runAnswer(run, result.answers));
  });

  it('rebuilds the peers’ vote, their settled last round included (answered without a model call)', async () => {
    const { run, result, events, header } = await live('compare-options', peersPolicy());
    const settled = events.filter((e) => e.type === 'task.finished' && e.answer !== undefined);
    expect(settled.map((e) => (e.type === 'task.finished' ? e.task : ''))).toEqual([
      'r2-peer-a',
      'r2-peer-b',
      'r2-peer-c',
    ]);
    const stored = storedAnswer(header, events);
    expect(stored?.note).toBeUndefined();
    expect(stored?.text).toBe(runAnswer(run, result.answers));
  });

  it('reads the answer and the plan mode the trace records, never remaking the run', async () => {
    const { run, result, events, header } = await live('compare-options', peersPolicy());
    expect(header.planMode).toBe('peers');
    const graded = events.find((e) => e.type === 'run.graded');
    expect(graded?.type === 'run.graded' && graded.answer).toBe(runAnswer(run, result.answers));
    // Even with every task's answer gone from the trace, the recorded answer stands.
    const bare = events.map((e) => (e.type === 'llm.turn' ? { ...e, content: undefined } : e));
    expect(storedAnswer(header, bare)?.text).toBe(runAnswer(run, result.answers));
    expect(storedAnswer(header, bare)?.note).toBeUndefined();
  });

  it('rebuilds an older trace’s answer (no answer, no plan mode recorded) and says so', async () => {
    for (const [id, policy] of [
      ['compare-options', peersPolicy()],
      ['write-story', heuristicPolicy],
    ] as const) {
      const { run, result, events, header } = await live(id, policy);
      const { planMode: _, ...olderHeader } = header;
      const older = events.map((e) => (e.type === 'run.graded' ? { ...e, answer: undefined } : e));
      const stored = storedAnswer(olderHeader, older);
      expect(stored?.text, id).toBe(runAnswer(run, result.answers));
      expect(stored?.note, id).toMatch(/stored before traces recorded their final answer/);
    }
  });

  it('names the peers whose answers an older trace lacks rather than passing a partial vote off as the team’s', async () => {
    const { events, header } = await live('compare-options', peersPolicy());
    // Traces stored before settled answers were recorded on task.finished (and before the answer was).
    const { planMode: _, ...olderHeader } = header;
    const older = events.map((e) =>
      e.type === 'task.finished'
        ? { ...e, answer: undefined }
        : e.type === 'run.graded'
          ? { ...e, answer: undefined }
          : e,
    );
    const stored = storedAnswer(olderHeader, older);
    expect(stored?.note).toMatch(/does not hold what r2-peer-a, r2-peer-b, r2-peer-c answered/);
    expect(stored?.text).not.toMatch(/^Pick: /);
  });

  it('looks up the passages an answer from notes cites', async () => {
    const { events, header } = await live('rag-qa', heuristicPolicy);
    const stored = storedAnswer(header, events);
    const [, source = '', chunk = ''] = /\[([^\]#\n]+)#(\d+)\]/.exec(stored?.text ?? '') ?? [];
    expect(source).not.toBe('');
    expect(await stored?.lookup?.(source.trim(), Number(chunk))).toMatch(/\w/);
  });

  it('is absent for a run that answered nothing: a graph scenario', () => {
    expect(storedAnswer({ scenario: { id: 'diamond', kind: 'graph' } } as never, [])).toBeUndefined();
  });
});
