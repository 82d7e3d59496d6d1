import { describe, expect, it } from 'vitest';
import { buildGraph, MAX_TASK_STEPS, MAX_TOTAL_STEPS } from '../../../src/core/graph/validate';

const messages = (input: unknown): string[] => {
  const r = buildGraph(input);
  return r.ok ? [] : r.issues.map((i) => i.message);
};

describe('graph limits', () => {
  it('reports a 200,000-task cycle as a cycle, shortened, without overflowing the stack', () => {
    const n = 200_000;
    const tasks = Array.from({ length: n }, (_, i) => ({
      id: `t${i}`,
      steps: 1,
      deps: [`t${(i + n - 1) % n}`],
    }));
    const r = buildGraph({ kind: 'graph', id: 'ring', tasks });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(1);
    const issue = r.issues[0];
    expect(issue?.kind).toBe('cycle');
    expect(issue && 'ids' in issue ? issue.ids : []).toHaveLength(n);
    expect(r.issues[0]?.message).toMatch(
      /^cycle of 200000 tasks t0 → t1 → .* → t19 → … \(199980 more\) → t0$/,
    );
  });

  it('still spells out a short cycle whole', () => {
    const tasks = [
      { id: 'a', steps: 1, deps: ['b'] },
      { id: 'b', steps: 1, deps: ['a'] },
    ];
    expect(messages({ kind: 'graph', id: 'g', tasks })).toEqual(['cycle a → b → a']);
  });

  it.each([1e308, 4294967295, 2147483648, MAX_TASK_STEPS + 1])('refuses steps %s with the range', (steps) => {
    expect(messages({ kind: 'graph', id: 'g', tasks: [{ id: 'a', steps, deps: [] }] })).toEqual([
      `task "a" has steps ${steps}; steps must be a whole number from 0 to ${MAX_TASK_STEPS}`,
    ]);
  });

  it('accepts steps at the bound and refuses a graph whose steps add up past the total bound', () => {
    expect(
      buildGraph({ kind: 'graph', id: 'g', tasks: [{ id: 'a', steps: MAX_TASK_STEPS, deps: [] }] }).ok,
    ).toBe(true);
    const count = MAX_TOTAL_STEPS / MAX_TASK_STEPS + 1;
    const tasks = Array.from({ length: count }, (_, i) => ({ id: `t${i}`, steps: MAX_TASK_STEPS, deps: [] }));
    expect(messages({ kind: 'graph', id: 'g', tasks })).toEqual([
      `the tasks' steps add up to ${count * MAX_TASK_STEPS}; a graph's steps must add up to at most ${MAX_TOTAL_STEPS}`,
    ]);
  });

  it.each(['../x', 'a/b', 'a\\b', '..', 'a\u0000b'])(
    'refuses the graph id %j, which names trace files',
    (id) => {
      expect(messages({ kind: 'graph', id, tasks: [] })[0]).toMatch(/^field "id" must not contain/);
    },
  );
});
