import { describe, expect, it } from 'vitest';
import { stretchToAspect } from '../../../src/ui/dag/fit-layout';
import { type DagInput, layoutDag } from '../../../src/ui/dag/layout';

/**
 * A large graph in the run panel (walk-through: the 1,500-task stress run was a sliver using 5%
 * of the panel's width). A graph with a few very tall layers is stretched along x to the panel.
 */
function tall(width: number): DagInput {
  // A start, `width` tasks after it, and a join: three layers, the middle one very tall.
  const ids = ['start', ...Array.from({ length: width }, (_, i) => `t${i}`), 'join'];
  const edges: [number, number][] = [];
  for (let i = 1; i <= width; i++) edges.push([0, i], [i, width + 1]);
  return { ids, kinds: ids.map(() => 'task'), edges };
}

/** The scale the view fits a layout at, in a panel W × H (dag-zoom.ts's fitToView). */
const scaleToFit = (w: number, h: number, W: number, H: number) => Math.min(1.5, (W - 20) / w, (H - 20) / h);

describe('a tall graph in a wide panel', () => {
  const W = 1100;
  const H = 720;
  const aspect = (W - 20) / (H - 20);
  const plain = layoutDag(tall(500));

  it('was a sliver before, and fills the panel once stretched', () => {
    const k0 = scaleToFit(plain.width, plain.height, W, H);
    expect((plain.width * k0) / (W - 20)).toBeLessThan(0.1);
    const l = stretchToAspect(plain, aspect, true);
    const k = scaleToFit(l.width, l.height, W, H);
    expect((l.width * k) / (W - 20)).toBeGreaterThan(0.9);
    expect((l.height * k) / (H - 20)).toBeGreaterThan(0.9);
  });

  it('keeps every node in its layer and row, nodes apart, and edges on their nodes', () => {
    const l = stretchToAspect(plain, aspect, true);
    const xs = [...new Set(l.nodes.map((n) => n.x))].sort((a, b) => a - b);
    expect(xs).toHaveLength(3);
    for (let k = 1; k < xs.length; k++)
      expect((xs[k] as number) - (xs[k - 1] as number)).toBeGreaterThan(l.nodeWidth);
    expect(l.nodes.map((n) => n.y)).toEqual(plain.nodes.map((n) => n.y));
    expect(Math.min(...l.nodes.map((n) => n.x - l.nodeWidth / 2))).toBeCloseTo(0);
    expect(Math.max(...l.nodes.map((n) => n.x + l.nodeWidth / 2))).toBeCloseTo(l.width);
    for (const e of l.edges) {
      const s = l.nodes[e.source];
      const t = l.nodes[e.target];
      expect(e.points[0]?.[0]).toBeCloseTo(s?.x as number);
      expect(e.points.at(-1)?.[0]).toBeCloseTo(t?.x as number);
    }
  });

  it('leaves a graph that is already wide, and labelled nodes, their width', () => {
    const chain = layoutDag({
      ids: ['a', 'b', 'c', 'd'],
      kinds: ['task', 'task', 'task', 'task'],
      edges: [
        [0, 1],
        [1, 2],
        [2, 3],
      ],
    });
    expect(stretchToAspect(chain, aspect, false)).toBe(chain);
    expect(stretchToAspect(layoutDag(tall(20)), aspect, false).nodeWidth).toBe(56);
  });
});
