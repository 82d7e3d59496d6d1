import { describe, expect, it } from 'vitest';
import { criticalPath } from '../../../src/core/graph/cpm';
import { randomGraph } from '../../../src/core/graph/generate';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalMarks, describeTask, edgeKey, whatIf } from '../../../src/ui/dag/critical';
import { diamond } from '../../core/graph/test-graphs';

// diamond: a[1] → b[2], c[4] → d[1]; critical path a, c, d = 6; b has slack 2.
const graph = graphOrThrow(diamond);

describe('critical path marking', () => {
  it('marks the tasks and edges of the longest path', () => {
    const marks = criticalMarks(graph);
    expect([...marks.nodes].map((i) => graph.ids[i])).toEqual(['a', 'c', 'd']);
    expect([...marks.edges]).toEqual([edgeKey(0, 2), edgeKey(2, 3)]);
    expect(marks.cpm.length).toBe(6);
  });

  it('marks only tasks of zero slack', () => {
    const g = graphOrThrow(randomGraph({ tasks: 80, seed: 7, method: 'layrprob' }));
    const marks = criticalMarks(g, 1);
    for (const i of marks.nodes) expect(marks.cpm.slack[i]).toBe(0);
  });

  it('answers what-ifs worked out by hand', () => {
    // c 2× faster: c = 2, paths a-b-d = 4 and a-c-d = 4.
    expect(whatIf(graph, 'c', 2)).toEqual({ before: 6, after: 4, delta: -2 });
    // c 10× faster: c = 1, then a-b-d = 4 is the longest.
    expect(whatIf(graph, 'c', 10)).toEqual({ before: 6, after: 4, delta: -2 });
    // b is off the path: no change.
    expect(whatIf(graph, 'b', 4)).toEqual({ before: 6, after: 6, delta: 0 });
    // With one step of overhead per task: 2 + 5 + 2 = 9 before, 2 + 3 + 2 = 7 after.
    expect(whatIf(graph, 'c', 2, 1)).toEqual({ before: 9, after: 7, delta: -2 });
    expect(criticalPath(graph, 1).length).toBe(9);
  });

  it('says it in one line', () => {
    const marks = criticalMarks(graph);
    expect(describeTask(graph, marks, 'c', 2)).toBe(
      'c: 4 steps, on the critical path — 2× faster: longest chain 6 → 4 (−2)',
    );
    expect(describeTask(graph, marks, 'b', 2)).toBe(
      'b: 2 steps, slack 2 — 2× faster: longest chain 6 → 6 (±0)',
    );
  });

  it('says it in the units of the cards: the bound they show, by its name there', () => {
    // On one subagent the work over P is the bound: 8 steps; c 2× faster takes 2 off it.
    expect(whatIf(graph, 'c', 2, 0, 1)).toEqual({ before: 8, after: 6, delta: -2 });
    // b is off the longest chain but not off the work: faster, it lowers the bound too.
    expect(whatIf(graph, 'b', 2, 0, 1)).toEqual({ before: 8, after: 7, delta: -1 });
    const marks = criticalMarks(graph);
    expect(describeTask(graph, marks, 'b', 2, 0, { name: 'lower bound', value: 8, workers: 1 })).toBe(
      'b: 2 steps, slack 2 — 2× faster: lower bound 8 → 7 (−1)',
    );
    // The card's figure is the one moved (a run's bound counts each retry's orchestrator step).
    expect(describeTask(graph, marks, 'c', 2, 0, { name: 'lower bound', value: 9, workers: 100 })).toBe(
      'c: 4 steps, on the critical path — 2× faster: lower bound 9 → 7 (−2)',
    );
  });
});
