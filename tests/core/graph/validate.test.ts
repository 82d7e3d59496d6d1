import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaskGraph } from '../../../src/core/graph/types';
import { buildGraph, type GraphIssue, graphOrThrow } from '../../../src/core/graph/validate';
import { arbitraryGraph } from './graph-arbitrary';
import { chain, forkJoin, namedGraphs, scenario, task, wideStar } from './test-graphs';

function issuesOf(input: unknown): GraphIssue[] {
  const result = buildGraph(input);
  if (result.ok) throw new Error('expected the graph to be rejected');
  return result.issues;
}

/** The one issue of a rejected input, checked to name each of `ids` in quotes. */
function soleIssue(input: unknown, kind: GraphIssue['kind'], ids: string[]): GraphIssue {
  const issues = issuesOf(input);
  expect(issues).toHaveLength(1);
  const issue = issues[0] as GraphIssue;
  expect(issue.kind).toBe(kind);
  if (issue.kind !== 'shape') expect(issue.ids).toEqual(ids);
  for (const id of ids) expect(issue.message).toContain(`"${id}"`);
  return issue;
}

/** The cycle's ids turned so that the smallest id comes first: a cycle has no natural start. */
function fromSmallest(ids: readonly string[]): string[] {
  const first = ids.indexOf([...ids].sort()[0] as string);
  return [...ids.slice(first), ...ids.slice(0, first)];
}

function soleCycle(input: unknown): string[] {
  const issues = issuesOf(input);
  expect(issues).toHaveLength(1);
  const issue = issues[0] as GraphIssue;
  if (issue.kind !== 'cycle') throw new Error(`expected a cycle, got ${issue.kind}: ${issue.message}`);
  expect(issue.message).toBe(`cycle ${[...issue.ids, issue.ids[0]].join(' → ')}`);
  return fromSmallest(issue.ids);
}

function expectTopological(graph: TaskGraph): void {
  const position = new Map<number, number>();
  graph.topo.forEach((task, k) => {
    position.set(task, k);
  });
  expect([...graph.topo].sort((a, b) => a - b)).toEqual([...Array(graph.n).keys()]);
  for (let i = 0; i < graph.n; i++) {
    for (const p of graph.preds[i] as number[]) {
      expect(position.get(p) as number).toBeLessThan(position.get(i) as number);
    }
  }
}

describe('buildGraph on valid graphs', () => {
  it.each(namedGraphs.map((g) => [g.id, g] as const))('builds %s', (_, input) => {
    const result = buildGraph(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { graph } = result;
    expect(graph.n).toBe(input.tasks.length);
    expect(graph.ids).toEqual(input.tasks.map((t) => t.id));
    expect([...graph.steps]).toEqual(input.tasks.map((t) => t.steps));
    expectTopological(graph);
  });

  it('indexes tasks in file order and links both directions', () => {
    const graph = graphOrThrow(forkJoin);
    expect([...graph.index]).toEqual([
      ['s', 0],
      ['y', 1],
      ['x', 2],
      ['z', 3],
      ['j', 4],
    ]);
    expect(graph.preds).toEqual([[], [0], [0], [0], [2, 1, 3]]);
    expect(graph.succs).toEqual([[1, 2, 3], [4], [4], [4], []]);
    expect(graph.id).toBe('fork-join');
  });

  it('takes sources in file order (Kahn), whatever the ids', () => {
    const graph = graphOrThrow(scenario('g', [task('c', 1, ['a']), task('b', 1), task('a', 1)]));
    expect([...graph.topo]).toEqual([1, 2, 0]);
  });

  it('counts a repeated dependency once', () => {
    const graph = graphOrThrow(scenario('g', [task('a', 1), task('b', 1, ['a', 'a'])]));
    expect(graph.preds).toEqual([[], [0]]);
    expect(graph.succs).toEqual([[1], []]);
  });

  it('ranks ids in code-unit order, not locale order', () => {
    const ids = ['b', 'B', 'a', 'é', 'aa', 'Z'];
    const graph = graphOrThrow(
      scenario(
        'g',
        ids.map((id) => task(id, 1)),
      ),
    );
    // Code units: B (66) < Z (90) < a < aa < b < é (233).
    expect([...graph.idRank]).toEqual([4, 0, 2, 5, 3, 1]);
  });

  it('ranks the leaves of the wide star after its hub', () => {
    expect([...graphOrThrow(wideStar).idRank]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('accepts the optional fields in range', () => {
    const input = scenario('g', [
      { id: 'a', steps: 0, deps: [], failProbability: 0, toolCalls: 0, tokensIn: 5, tokensOut: 7 },
      { id: 'b', steps: 3, deps: ['a'], failProbability: 1, default: null },
    ]);
    expect(buildGraph({ ...input, title: 'Two tasks' }).ok).toBe(true);
  });

  it('builds any random DAG, in an order that respects every dependency, ranks ids by id', () => {
    fc.assert(
      fc.property(arbitraryGraph(30), (input) => {
        const graph = graphOrThrow(input);
        expectTopological(graph);
        const sorted = [...graph.ids].sort();
        for (let i = 0; i < graph.n; i++) expect(sorted[graph.idRank[i] as number]).toBe(graph.ids[i]);
      }),
    );
  });
});

describe('buildGraph on bad tasks', () => {
  it('reports a duplicate id with both positions', () => {
    const issue = soleIssue(scenario('g', [task('a', 1), task('b', 1), task('a', 2)]), 'duplicate-id', ['a']);
    expect(issue.message).toContain('#0');
    expect(issue.message).toContain('#2');
  });

  it('reports an unknown dependency with the task and the missing id', () => {
    soleIssue(scenario('g', [task('a', 1), task('b', 1, ['a', 'ghost'])]), 'unknown-dependency', [
      'b',
      'ghost',
    ]);
  });

  it.each([
    ['negative', -1, '-1'],
    ['fractional', 1.5, '1.5'],
    ['a string', '3', '"3"'],
    ['missing', undefined, 'undefined'],
    ['null', null, 'null'],
  ])('reports steps that are %s', (_, steps, shown) => {
    const input = scenario('g', [task('a', 1), { id: 'b', deps: ['a'], steps } as never]);
    expect(soleIssue(input, 'bad-cost', ['b']).message).toContain(`steps ${shown};`);
  });

  it.each([[-0.1], [1.01], ['0.5'], [Number.NaN]])('reports failProbability %s', (failProbability) => {
    const input = scenario('g', [{ id: 'a', steps: 1, deps: [], failProbability } as never]);
    expect(soleIssue(input, 'bad-field', ['a']).message).toContain('failProbability');
  });

  it.each([
    ['toolCalls', -1],
    ['tokensIn', 2.5],
    ['tokensOut', '10'],
  ])('reports %s = %j', (field, value) => {
    const input = scenario('g', [{ id: 'a', steps: 1, deps: [], [field]: value } as never]);
    expect(soleIssue(input, 'bad-field', ['a']).message).toContain(field);
  });

  it('reports every problem at once', () => {
    const issues = issuesOf(
      scenario('g', [task('a', 1), task('a', -2), task('b', 1.5, ['nope']), task('c', 1, ['a'])]),
    );
    expect(issues.map((i) => i.kind).sort()).toEqual([
      'bad-cost',
      'bad-cost',
      'duplicate-id',
      'unknown-dependency',
    ]);
  });

  it('graphOrThrow throws one error listing every issue', () => {
    const input = scenario('g', [task('a', -1), task('b', 1, ['zz'])]);
    expect(() => graphOrThrow(input)).toThrow(/"a".*; .*"zz"/);
    expect(graphOrThrow(chain).n).toBe(3);
  });
});

describe('buildGraph on cycles', () => {
  it('reports a self-loop', () => {
    expect(soleCycle(scenario('g', [task('x', 1), task('a', 1, ['a', 'x'])]))).toEqual(['a']);
    expect(issuesOf(scenario('g', [task('a', 1, ['a'])]))[0]?.message).toBe('cycle a → a');
  });

  it('reports a 2-cycle', () => {
    expect(soleCycle(scenario('g', [task('a', 1, ['b']), task('b', 1, ['a'])]))).toEqual(['a', 'b']);
  });

  it('reports a longer cycle as the ids around it, in dependency order', () => {
    // a → b → c → d → a: b depends on a, and so on round.
    const input = scenario('g', [
      task('a', 1, ['d']),
      task('b', 1, ['a']),
      task('c', 1, ['b']),
      task('d', 1, ['c']),
    ]);
    expect(soleCycle(input)).toEqual(['a', 'b', 'c', 'd']);
    // Listed in another file order, the same cycle still reads in dependency order.
    expect(soleCycle({ ...input, tasks: [...input.tasks].reverse() })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reports only the cycle when other tasks hang below it or feed it', () => {
    //   up → p → q → r → p, and r → below1 → below2, with below2 listed first.
    const input = scenario('g', [
      task('below2', 1, ['below1']),
      task('below1', 1, ['r']),
      task('up', 1),
      task('p', 1, ['up', 'r']),
      task('q', 1, ['p']),
      task('r', 1, ['q']),
      task('free', 1, ['up']),
    ]);
    expect(soleCycle(input)).toEqual(['p', 'q', 'r']);
  });

  it('reports a real cycle when a back edge closes one in a random DAG', () => {
    fc.assert(
      fc.property(arbitraryGraph(20), fc.nat(), fc.nat(), (input, x, y) => {
        const graph = graphOrThrow(input);
        if (graph.n === 0) return;
        // u reaches v (or u = v), so the edge v → u closes a cycle.
        const u = graph.topo[x % graph.n] as number;
        const below = [...graph.topo].filter((_, k) => k >= x % graph.n);
        const reach = new Set([u]);
        for (const t of below) if ((graph.preds[t] as number[]).some((p) => reach.has(p))) reach.add(t);
        const reached = [...reach];
        const v = reached[y % reached.length] as number;
        const tasks = input.tasks.map((t, i) =>
          i === u ? { ...t, deps: [...t.deps, graph.ids[v] as string] } : t,
        );

        const issues = issuesOf({ ...input, tasks });
        expect(issues).toHaveLength(1);
        const cycle = issues[0] as GraphIssue & { ids: string[] };
        expect(cycle.kind).toBe('cycle');
        expect(new Set(cycle.ids).size).toBe(cycle.ids.length);
        const depsOf = new Map(tasks.map((t) => [t.id, t.deps]));
        cycle.ids.forEach((id, k) => {
          const next = cycle.ids[(k + 1) % cycle.ids.length] as string;
          expect(depsOf.get(next)).toContain(id);
        });
      }),
    );
  });
});

describe('buildGraph on a bad shape', () => {
  it.each([
    ['null', null, 'object'],
    ['an array', [], 'object'],
    ['a string', 'graph', 'object'],
    ['a number', 42, 'object'],
    ['kind not "graph"', { kind: 'workflow', id: 'g', tasks: [] }, '"kind"'],
    ['kind missing', { id: 'g', tasks: [] }, '"kind"'],
    ['id missing', { kind: 'graph', tasks: [] }, '"id"'],
    ['id empty', { kind: 'graph', id: '', tasks: [] }, '"id"'],
    ['title not a string', { kind: 'graph', id: 'g', title: 3, tasks: [] }, '"title"'],
    ['tasks not an array', { kind: 'graph', id: 'g', tasks: {} }, '"tasks"'],
    ['tasks missing', { kind: 'graph', id: 'g' }, '"tasks"'],
    ['a task not an object', { kind: 'graph', id: 'g', tasks: [task('a', 1), 'b'] }, 'tasks[1]'],
    ['a task without id', { kind: 'graph', id: 'g', tasks: [{ steps: 1, deps: [] }] }, 'tasks[0].id'],
    ['deps missing', { kind: 'graph', id: 'g', tasks: [{ id: 'a', steps: 1 }] }, '"a": "deps" is missing'],
    [
      'deps not an array',
      { kind: 'graph', id: 'g', tasks: [{ id: 'a', steps: 1, deps: 'b' }] },
      '"a": "deps"',
    ],
    ['deps not ids', { kind: 'graph', id: 'g', tasks: [{ id: 'a', steps: 1, deps: [1] }] }, '"a": "deps"'],
  ])('rejects %s', (_, input, mentions) => {
    const issues = issuesOf(input);
    expect(issues).toEqual([{ kind: 'shape', message: expect.stringContaining(mentions) }]);
  });
});
