import { describe, expect, it } from 'vitest';
import { randomGraph } from '../../../src/core/graph/generate';
import type { TaskGraph } from '../../../src/core/graph/types';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { layoutDag as layoutInput, taskGraphInput } from '../../../src/ui/dag/layout';

const layoutDag = (graph: TaskGraph) => layoutInput(taskGraphInput(graph));

import { diamond, forkJoin, scenario, task } from '../../core/graph/test-graphs';

function checkLayout(graph: TaskGraph) {
  const l = layoutDag(graph);
  expect(l.nodes).toHaveLength(graph.n);
  // A task is to the right of everything it depends on.
  for (let i = 0; i < graph.n; i++) {
    for (const p of graph.preds[i] ?? []) expect(l.nodes[p]?.x).toBeLessThan(l.nodes[i]?.x as number);
  }
  // No two boxes overlap.
  const byColumn = new Map<number, number[]>();
  for (const n of l.nodes) byColumn.set(n.x, [...(byColumn.get(n.x) ?? []), n.y]);
  for (const ys of byColumn.values()) {
    ys.sort((a, b) => a - b);
    for (let k = 1; k < ys.length; k++)
      expect((ys[k] as number) - (ys[k - 1] as number)).toBeGreaterThanOrEqual(l.nodeHeight);
  }
  // Everything is inside the drawing, and every edge starts at its source and ends at its target.
  for (const n of l.nodes) {
    expect(n.x).toBeGreaterThanOrEqual(0);
    expect(n.x).toBeLessThanOrEqual(l.width);
    expect(n.y).toBeGreaterThanOrEqual(0);
    expect(n.y).toBeLessThanOrEqual(l.height);
  }
  expect(l.edges).toHaveLength(graph.preds.reduce((s, p) => s + p.length, 0));
  for (const e of l.edges) {
    expect(e.points[0]?.[0]).toBeCloseTo(l.nodes[e.source]?.x as number);
    expect(e.points.at(-1)?.[0]).toBeCloseTo(l.nodes[e.target]?.x as number);
  }
  return l;
}

describe('DAG layout', () => {
  it('puts the diamond in three columns with the two branches one above the other', () => {
    const l = checkLayout(graphOrThrow(diamond));
    const [a, b, c, d] = l.nodes;
    expect(b?.x).toBe(c?.x);
    expect(b?.y).not.toBe(c?.y);
    expect(a?.x).toBeLessThan(b?.x as number);
    expect(d?.x).toBeGreaterThan(b?.x as number);
  });

  it('lays out named and random graphs without overlaps', () => {
    checkLayout(graphOrThrow(forkJoin));
    checkLayout(graphOrThrow(scenario('lonely', [task('only', 1)])));
    checkLayout(graphOrThrow(randomGraph({ tasks: 120, seed: 3, method: 'sameprob' })));
  });

  it('lays out 1,500 tasks (the cheap operators)', () => {
    const l = checkLayout(
      graphOrThrow(randomGraph({ tasks: 1500, seed: 1, method: 'layrpred', meanPreds: 2 })),
    );
    expect(l.width).toBeGreaterThan(0);
  });

  it('gives an empty drawing for an empty graph', () => {
    expect(layoutDag(graphOrThrow(scenario('empty', [])))).toMatchObject({ nodes: [], edges: [], width: 0 });
  });
});
