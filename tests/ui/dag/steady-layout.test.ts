import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GraphScenario, TaskGraph } from '../../../src/core/graph/types';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import type { TraceEvent } from '../../../src/core/trace/events';
import { type DagLayout, layoutDag } from '../../../src/ui/dag/layout';
import { runGraph } from '../../../src/ui/dag/run-graph';
import { foldTrace } from '../../../src/ui/model/replay';
import { killedRun } from '../../support/killed-run';

/**
 * Issue 44, walkthrough finding: while a run went on, the run graph's tasks changed places in
 * their column each time the graph was laid out again (a new orchestrator step, the run's end) —
 * a wide search's searches turned upside down at its first step and were shuffled again at its
 * end. Laid out at every step of real runs, a task keeps its height from before the run to the
 * finished picture, and its column from the moment its last attempt starts.
 */

const loadGraph = (id: string) =>
  graphOrThrow(JSON.parse(readFileSync(`scenarios/graphs/${id}.json`, 'utf8')) as GraphScenario);

/**
 * The layout before the run, after each orchestrator step (as the page lays it out), and at the
 * end; with the tasks whose last attempt has started by then.
 */
function layouts(graph: TaskGraph, events: readonly TraceEvent[], mainStepCost: number) {
  const out: { layout: DagLayout; started: Set<string> }[] = [
    { layout: layoutDag(runGraph(graph, undefined).input), started: new Set() },
  ];
  const cuts = events.filter((e) => e.type === 'orchestrator.step').map((e) => e.seq);
  // Each task's last attempt in the whole run: once it has started, the task has its launch.
  const lastAttempt = new Map(
    foldTrace(events, Infinity, mainStepCost).realized.attempts.map((a) => [a.task, a.attempt]),
  );
  for (const upTo of [...cuts, Number.POSITIVE_INFINITY]) {
    const realized = foldTrace(events, upTo, mainStepCost).realized;
    const started = new Set(
      realized.attempts.filter((a) => lastAttempt.get(a.task) === a.attempt).map((a) => a.task),
    );
    out.push({ layout: layoutDag(runGraph(graph, realized).input), started });
  }
  return out;
}

/** Column of each node: the rank of its x among the layout's columns. */
function columns(l: DagLayout): Map<string, number> {
  const xs = [...new Set(l.nodes.map((n) => n.x))].sort((a, b) => a - b);
  return new Map(l.nodes.map((n) => [n.id, xs.indexOf(n.x)]));
}

function checkSteady(graph: TaskGraph, events: readonly TraceEvent[], mainStepCost: number) {
  const all = layouts(graph, events, mainStepCost);
  expect(all.length).toBeGreaterThan(3);
  const first = all[0]?.layout as DagLayout;
  const height = (l: DagLayout, id: string) => l.nodes.find((n) => n.id === id)?.y;
  // Every task at the height it had before the run, and the picture as tall.
  for (const { layout } of all)
    for (const id of graph.ids) expect([id, height(layout, id)]).toEqual([id, height(first, id)]);
  for (const { layout } of all) expect(layout.height).toBe(first.height);
  let columnSince = new Map<string, number>();
  for (const { layout, started } of all) {
    // A started task stays in its column.
    const column = columns(layout);
    for (const [id, c] of columnSince) if (started.has(id)) expect([id, column.get(id)]).toEqual([id, c]);
    columnSince = new Map([...started].map((id) => [id, column.get(id) as number]));
    // Nothing overlaps in a column, and every edge goes to the right.
    const byColumn = new Map<number, number[]>();
    for (const n of layout.nodes) byColumn.set(n.x, [...(byColumn.get(n.x) ?? []), n.y]);
    for (const ys of byColumn.values()) {
      ys.sort((a, b) => a - b);
      for (let k = 1; k < ys.length; k++)
        expect((ys[k] as number) - (ys[k - 1] as number)).toBeGreaterThanOrEqual(layout.nodeHeight);
    }
    for (const e of layout.edges)
      expect(layout.nodes[e.source]?.x).toBeLessThan(layout.nodes[e.target]?.x as number);
  }
  return all;
}

describe("the run graph's tasks hold still while the run goes on", () => {
  it('a wide search with a worker killed: the searches keep their order and heights, the retry in its row', async () => {
    const { run, result } = await killedRun('wide-search', 1);
    const all = checkSteady(run.graph, result.events, run.config.mainStepCost);
    const end = all.at(-1)?.layout as DagLayout;
    const at = (id: string) => end.nodes.find((n) => n.id === id) as DagLayout['nodes'][number];
    // Top to bottom in the plan's order, and the killed attempt's node beside its task.
    const ys = run.graph.ids.map((id) => at(id).y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    const retried = end.nodes.find((n) => n.id.includes('#'));
    expect(retried?.y).toBe(at(retried?.id.split('#')[0] as string).y);
    // The orchestrator's steps and the end on one lane, between the searches.
    const lane = new Set(end.nodes.filter((n) => n.kind === 'main').map((n) => n.y));
    expect(lane.size).toBe(1);
    expect(Math.min(...ys)).toBeLessThan([...lane][0] as number);
    expect(Math.max(...ys)).toBeGreaterThan([...lane][0] as number);
  });

  it.each(['stg-50', 'deep-chain', 'wide-fanout'])('graph scenario %s under the heuristic', (id) => {
    const graph = loadGraph(id);
    const config = makeConfig({ seed: 1 });
    const run = simulate({ graph, config, policy: heuristicPolicy });
    checkSteady(graph, run.events, config.mainStepCost);
  });
});
