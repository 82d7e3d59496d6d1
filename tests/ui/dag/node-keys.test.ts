import { describe, expect, it } from 'vitest';
import type { DagLayout } from '../../../src/ui/dag/layout';
import { nextNode } from '../../../src/ui/dag/node-keys';

// s → a, b; a, b → m. Columns: s | a, b (a above) | m.
const layout: DagLayout = {
  nodes: [
    { index: 0, id: 's', kind: 'task', x: 0, y: 50 },
    { index: 1, id: 'a', kind: 'task', x: 100, y: 20 },
    { index: 2, id: 'b', kind: 'task', x: 100, y: 80 },
    { index: 3, id: 'm', kind: 'task', x: 200, y: 50 },
  ],
  edges: [
    { source: 0, target: 1, points: [] },
    { source: 0, target: 2, points: [] },
    { source: 1, target: 3, points: [] },
    { source: 2, target: 3, points: [] },
  ],
  width: 200,
  height: 100,
  nodeWidth: 40,
  nodeHeight: 22,
};

describe('arrow keys on the run graph', () => {
  it('follow edges right and left, and move within a column up and down', () => {
    expect(nextNode(layout, 0, 'ArrowRight')).toBe(1);
    expect(nextNode(layout, 1, 'ArrowDown')).toBe(2);
    expect(nextNode(layout, 2, 'ArrowUp')).toBe(1);
    expect(nextNode(layout, 2, 'ArrowRight')).toBe(3);
    expect(nextNode(layout, 3, 'ArrowLeft')).toBe(1);
    // Nowhere to go: off the end of an edge or a column.
    expect(nextNode(layout, 3, 'ArrowRight')).toBeUndefined();
    expect(nextNode(layout, 1, 'ArrowUp')).toBeUndefined();
  });
});
