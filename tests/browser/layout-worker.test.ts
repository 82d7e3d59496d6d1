import { describe, expect, it } from 'vitest';
import { randomGraph } from '../../src/core/graph/generate';
import { graphOrThrow } from '../../src/core/graph/validate';
import { layoutDag, taskGraphInput } from '../../src/ui/dag/layout';
import { createLayouter, OFF_THREAD_FROM, Superseded } from '../../src/ui/dag/layout-client';

// A real module Worker in real Chromium: workers/layout.worker.ts served by Vite.
const big = taskGraphInput(
  graphOrThrow(randomGraph({ tasks: 1500, seed: 1, method: 'layrpred', meanPreds: 2 })),
);

describe('the DAG layout worker', () => {
  it('lays out a 1,500-task graph off the main thread exactly as the main thread would', async () => {
    const layouter = createLayouter();
    try {
      let ticks = 0;
      // The main thread stays free while the worker works: timers keep firing.
      const timer = setInterval(() => ticks++, 5);
      const laid = await layouter.layout(big);
      clearInterval(timer);
      expect(laid).toEqual(layoutDag(big));
      expect(ticks).toBeGreaterThan(3);
    } finally {
      layouter.dispose();
    }
  });

  it('keeps only the newest input while one is in flight: the ones it replaced reject as Superseded', async () => {
    const layouter = createLayouter();
    try {
      const first = layouter.layout(big);
      const second = layouter.layout({ ...big, ids: big.ids.map((id) => `b-${id}`) });
      const third = layouter.layout({ ...big, ids: big.ids.map((id) => `c-${id}`) });
      await expect(second).rejects.toBeInstanceOf(Superseded);
      expect((await first).nodes[0]?.id).toBe(big.ids[0]);
      expect((await third).nodes[0]?.id).toBe(`c-${big.ids[0]}`);
    } finally {
      layouter.dispose();
    }
  });

  it("rejects with the worker's message on a bad edge, and lays out the next graph", async () => {
    const layouter = createLayouter();
    try {
      const bad = { ...big, edges: [...big.edges, [0, 99_999] as const] };
      await expect(layouter.layout(bad)).rejects.toThrow(/edge 0→99999 names a node outside/);
      expect((await layouter.layout(big)).nodes).toHaveLength(1500);
      // Small graphs are laid out here, at once.
      expect(OFF_THREAD_FROM).toBeGreaterThan(3);
      const small = await layouter.layout({ ids: ['a', 'b'], kinds: ['task', 'task'], edges: [[0, 1]] });
      expect(small.nodes.map((n) => n.id)).toEqual(['a', 'b']);
    } finally {
      layouter.dispose();
    }
  });
});
