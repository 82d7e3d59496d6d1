import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import { drawsSteps, graphShape, realizedMarks, runGraph } from '../../../src/ui/dag/run-graph';
import { foldTrace } from '../../../src/ui/model/replay';
import { scenario, task } from '../../core/graph/test-graphs';
import { killedRun } from '../../support/killed-run';

/** Wide search, seed 1, with a worker killed while it ran the third attempt (the Run view's "Kill a worker"). */
async function killedWideSearch() {
  const { run, result } = await killedRun('wide-search', 1);
  return {
    graph: run.graph,
    result,
    snapshot: foldTrace(result.events, Number.POSITIVE_INFINITY, run.config.mainStepCost),
  };
}

// A fan-out of three searches with one slow one, then a merge: s[1] → a[2], b[5], c[2] → m[1].
const fan = scenario('fan', [
  task('s', 1),
  task('a', 2, ['s']),
  task('b', 5, ['s']),
  task('c', 2, ['s']),
  task('m', 1, ['a', 'b', 'c']),
]);

function runOf() {
  const graph = graphOrThrow(fan);
  const r = simulate({ graph, config: makeConfig({}), policy: heuristicPolicy });
  return { graph, r, snapshot: foldTrace(r.events, Number.POSITIVE_INFINITY, 1) };
}

describe("the run's graph", () => {
  it('adds the orchestrator steps: fan-out to what each launched, fan-in to the next, and an end', () => {
    const { graph, snapshot } = runOf();
    const rg = runGraph(graph, snapshot.realized);
    const name = (i: number) => rg.input.ids[i];
    const edges = rg.input.edges.map(([s, t]) => `${name(s)}>${name(t)}`);
    const steps = snapshot.realized.stages.map((s) => s.step);
    expect(rg.input.kinds.filter((k) => k === 'main')).toHaveLength(steps.length + 1);
    // The step after s launched all three searches; the merge waits on them through later steps.
    const second = `main:${steps[1]}`;
    expect(edges).toEqual(
      expect.arrayContaining([`main:1>s`, `s>${second}`, `${second}>a`, `${second}>b`, `${second}>c`]),
    );
    expect(edges.filter((e) => e.endsWith('>main:end'))).toContain('m>main:end');
    // Every node has a time once the run is over; the end node sits at the run's end.
    expect(rg.start.every((t) => t !== undefined)).toBe(true);
    expect(rg.finish.at(-1)).toBe(snapshot.realized.endedAt);
  });

  it('marks one chain in time from 0 to the end through the slow branch', () => {
    const { graph, r, snapshot } = runOf();
    const rg = runGraph(graph, snapshot.realized);
    const marks = realizedMarks(rg, snapshot.realized, graph);
    const red = [...marks.nodes].sort((x, y) => (rg.start[x] as number) - (rg.start[y] as number));
    expect(red.map((i) => rg.input.ids[i])).toContain('b');
    expect(red.map((i) => rg.input.ids[i])).not.toContain('a');
    expect(rg.start[red[0] as number]).toBe(0);
    expect(rg.finish[red.at(-1) as number]).toBe(r.metrics.criticalSteps);
    for (let k = 1; k < red.length; k++)
      expect(rg.start[red[k] as number]).toBeGreaterThanOrEqual(rg.finish[red[k - 1] as number] as number);
    // Consecutive marked nodes are joined by marked edges that exist in the graph.
    const existing = new Set(rg.input.edges.map(([s, t]) => `${s}>${t}`));
    for (const e of marks.edges) expect(existing.has(e)).toBe(true);
  });

  it('keeps to tasks only when the steps would make the graph too large to lay out quickly, and for old traces', () => {
    const { graph, r, snapshot } = runOf();
    expect(drawsSteps(graph, snapshot.realized)).toBe(true);
    const many = {
      ...snapshot.realized,
      stages: Array.from({ length: 500 }, () => snapshot.realized.stages[0]),
    };
    expect(drawsSteps(graph, many as typeof snapshot.realized)).toBe(false);
    expect(graphShape(graph, many as typeof snapshot.realized)).toBe('tasks');
    const old = foldTrace(
      r.events.filter((e) => e.type !== 'orchestrator.step'),
      Number.POSITIVE_INFINITY,
      1,
    );
    expect(old.realized.path.unavailable).toBeDefined();
    expect(runGraph(graph, old.realized).input.ids).toEqual(graph.ids);
  });

  it('runs the red path through a killed attempt and its retry, every link an edge, the steps in time order', async () => {
    // Issue 44: after "Kill a worker" the red path read main 3 → rows-10 → end, main 1 outlined with
    // no red edge, and the killed attempt was not drawn.
    const { graph, result, snapshot } = await killedWideSearch();
    const killed = result.events.find((e) => e.type === 'task.failed' && /killed on request/.test(e.error));
    if (killed?.type !== 'task.failed') throw new Error('no attempt was killed');
    const rg = runGraph(graph, snapshot.realized);
    const own = rg.attemptNode.get(`${killed.task}#${killed.attempt}`);
    expect(own).toBeDefined();
    expect(rg.labels[own as number]).toBe(`${killed.task} #${killed.attempt} failed`);
    const marks = realizedMarks(rg, snapshot.realized, graph);
    // The path waited for the killed attempt: it runs through its node, then its retry (the task's node).
    expect(marks.nodes.has(own as number)).toBe(true);
    expect(marks.nodes.has(graph.index.get(killed.task) as number)).toBe(true);
    const existing = new Set(rg.input.edges.map(([s, t]) => `${s}>${t}`));
    const name = (e: string) =>
      e
        .split('>')
        .map((i) => rg.input.ids[Number(i)])
        .join('>');
    for (const e of marks.edges) expect(existing.has(e), name(e)).toBe(true);
    // One chain of marked nodes in time from 0 to the critical steps, joined edge to edge.
    const red = [...marks.nodes].sort((x, y) => (rg.start[x] as number) - (rg.start[y] as number));
    expect(rg.start[red[0] as number]).toBe(0);
    expect(rg.finish[red.at(-1) as number]).toBe(result.metrics.criticalSteps);
    for (let k = 1; k < red.length; k++) expect(marks.edges.has(`${red[k - 1]}>${red[k]}`)).toBe(true);
    // The orchestrator's steps follow one another, so a layering puts them in time order.
    const steps = snapshot.realized.stages.map((st) => rg.stepNode.get(st.step) as number);
    for (let k = 1; k < steps.length; k++) expect(existing.has(`${steps[k - 1]}>${steps[k]}`)).toBe(true);
  });
});
