import { describe, expect, it } from 'vitest';
import { randomGraph } from '../../../src/core/graph/generate';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import { foldTrace, RunFolder } from '../../../src/ui/model/replay';
import { diamond, scenario, task } from '../../core/graph/test-graphs';

describe('replay fold', () => {
  it('ends a finished run with every task done, one bar per attempt, and the graph from the trace', () => {
    const run = simulate({
      graph: graphOrThrow(diamond),
      config: makeConfig({ seed: 1 }),
      policy: criticalPathPolicy,
    });
    const snap = foldTrace(run.events);
    expect(snap.finished).toBe(true);
    expect(snap.graph?.ids).toEqual(['a', 'b', 'c', 'd']);
    expect([...snap.status.values()]).toEqual(['done', 'done', 'done', 'done']);
    expect(snap.segments.map((s) => [s.task, s.outcome])).toEqual([
      ['a', 'finished'],
      ['c', 'finished'],
      ['b', 'finished'],
      ['d', 'finished'],
    ]);
    // Attempts span the task's steps.
    for (const s of snap.segments)
      expect((s.end as number) - s.start).toBe(diamond.tasks.find((t) => t.id === s.task)?.steps);
  });

  it('shows a state part way: the running attempt open, its dependents waiting, siblings ready', () => {
    const run = simulate({
      graph: graphOrThrow(diamond),
      config: makeConfig({ seed: 1 }),
      policy: criticalPathPolicy,
    });
    const firstStart = run.events.find((e) => e.type === 'task.started');
    const snap = foldTrace(run.events, firstStart?.seq);
    expect(snap.status.get('a')).toBe('running');
    expect(snap.status.get('d')).toBe('waiting');
    expect(snap.segments).toHaveLength(1);
    expect(snap.segments[0]?.end).toBeUndefined();
    const aDone = run.events.find((e) => e.type === 'task.finished' && e.task === 'a');
    const after = foldTrace(run.events, aDone?.seq);
    expect(after.status.get('b')).toBe('ready');
    expect(after.status.get('c')).toBe('ready');
    expect(after.status.get('d')).toBe('waiting');
  });

  it('records failed attempts and their retries, and a task failed for good', () => {
    const flaky = scenario('flaky', [
      task('a', 2),
      { ...task('b', 3, ['a']), failProbability: 0.6 },
      task('c', 1, ['b']),
    ]);
    const graph = graphOrThrow(flaky);
    // Find a seed where b fails at least once.
    let found = false;
    for (let seed = 1; seed < 50 && !found; seed++) {
      const run = simulate({ graph, config: makeConfig({ seed }), policy: criticalPathPolicy });
      const snap = foldTrace(run.events);
      const b = snap.segments.filter((s) => s.task === 'b');
      if (b.length < 2) continue;
      found = true;
      expect(b[0]?.outcome).toBe('failed');
      expect(b.map((s) => s.attempt)).toEqual(b.map((_, i) => i + 1));
      const last = b.at(-1);
      expect(snap.status.get('b')).toBe(last?.outcome === 'finished' ? 'done' : 'failed');
    }
    expect(found).toBe(true);
  });

  it('folds one event at a time to the same snapshot as a whole trace', () => {
    const graph = graphOrThrow(randomGraph({ tasks: 60, seed: 4, method: 'layrprob', failProbability: 0.2 }));
    const run = simulate({
      graph,
      config: makeConfig({ seed: 2, budgets: { maxConcurrentSubagents: 5 } }),
      policy: criticalPathPolicy,
    });
    const folder = new RunFolder();
    const half = run.events[Math.floor(run.events.length / 2)]?.seq as number;
    for (const e of run.events) {
      folder.push(e);
      if (e.seq === half) expect(folder.snapshot()).toEqual(foldTrace(run.events, half));
    }
    expect(folder.snapshot()).toEqual(foldTrace(run.events));
  });

  it("keeps a model orchestrator's latest calls, refused ones marked, and its last error", () => {
    const folder = new RunFolder();
    let seq = 0;
    const base = () => ({ seq: seq++, t: 1, wallMs: 0 });
    const turn = (finishReason: string) =>
      folder.push({
        ...base(),
        type: 'llm.turn',
        subagent: 'orchestrator',
        finishReason,
        'gen_ai.usage.input_tokens': 10,
        'gen_ai.usage.output_tokens': 5,
      });
    turn('tool_calls');
    for (let i = 0; i < 150; i++) {
      folder.push({
        ...base(),
        type: 'tool.call',
        caller: 'orchestrator',
        callId: `c${i}`,
        tool: 'assign_task',
        args: { agent: 'a', prompt: `[r${i}] ${'x'.repeat(300)}` },
        ok: i !== 149,
        result: i === 149 ? 'Error: a is busy' : 'ok',
      });
    }
    // A subagent's turn is not the orchestrator's.
    folder.push({
      ...base(),
      type: 'llm.turn',
      subagent: 'sa-1',
      task: 'r1',
      finishReason: 'stop',
      'gen_ai.usage.input_tokens': 1,
      'gen_ai.usage.output_tokens': 1,
    });
    turn('error: HTTP 429 rate limited');
    const snap = folder.snapshot();
    expect(snap.orchestratorTurns).toBe(2);
    expect(snap.orchestratorError).toBe('HTTP 429 rate limited');
    expect(snap.orchestrator).toHaveLength(60);
    expect(snap.orchestrator.at(-1)).toMatchObject({ ok: false, result: 'Error: a is busy' });
    expect(snap.orchestrator.at(-1)?.args.startsWith('{"agent":"a","prompt":"[r149]')).toBe(true);
    // Cut after its last whole word, within 160 characters and "…" (ui/shorten-label.ts).
    expect(snap.orchestrator.at(-1)?.args).toBe('{"agent":"a","prompt":"[r149]…');
  });
});
