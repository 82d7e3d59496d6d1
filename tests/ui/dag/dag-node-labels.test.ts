import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { charsFor, fitLabels, MAX_NODE_WIDTH, nodeWidthFor } from '../../../src/ui/dag/node-labels';
import { runGraph } from '../../../src/ui/dag/run-graph';
import { scenario, task } from '../../core/graph/test-graphs';

/**
 * Task names on the run graph (walk-through: "Teach a lesson" drew two nodes both reading
 * "exercise…", and "lesson-p…", "introduc…", in a panel with room to spare).
 */
const lesson = scenario('lesson', [
  task('lesson-plan', 1),
  task('introduction', 2, ['lesson-plan']),
  task('concept', 2, ['lesson-plan']),
  task('examples', 2, ['lesson-plan']),
  task('exercises-1-3', 2, ['lesson-plan']),
  task('exercises-4-6', 2, ['lesson-plan']),
  task('summary', 1, ['lesson-plan']),
  task('assemble', 1, ['introduction', 'concept', 'examples', 'exercises-1-3', 'exercises-4-6', 'summary']),
]);

describe('task names on the run graph', () => {
  it("makes the nodes wide enough for a lesson's names, so each is shown whole", () => {
    const graph = graphOrThrow(lesson);
    const rg = runGraph(graph, undefined);
    const width = rg.input.nodeWidth as number;
    expect(fitLabels(rg.labels, charsFor(width))).toEqual([...graph.ids]);
  });

  it('cuts only names too long for the widest node, and never into two alike', () => {
    const names = [
      'countWordsInParagraph-implementation',
      'countWordsInParagraph-tests',
      'countWordsInParagraph-docs',
      'parseCsvRowsWithQuotes',
      'short',
    ];
    const width = nodeWidthFor(names);
    expect(width).toBe(MAX_NODE_WIDTH);
    const shown = fitLabels(names, charsFor(width));
    expect(new Set(shown).size).toBe(names.length);
    expect(shown.at(-1)).toBe('short');
    for (const s of shown) expect([...s].length).toBeLessThanOrEqual(charsFor(width));
    // What was cut keeps enough of its ends to be told from its neighbours.
    expect(shown[1]).toMatch(/^countW.*….*tests$/);
  });

  it('keeps the narrow default for a graph without names (past the labelled size)', () => {
    expect(nodeWidthFor(Array.from({ length: 1500 }, (_, i) => `t${i}-with-a-long-name`))).toBe(56);
  });
});
