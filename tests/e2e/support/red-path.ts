import type { Page } from 'playwright-core';

/** The path colour of the run's graph (src/ui/dag/dag-draw.ts). */
const PATH_COLOUR = '#d1342f';

/**
 * What the run's graph shows of the realized critical path: its red nodes (id, start, finish) in
 * time order, how many red edges join them, and the Critical steps card's value.
 */
export async function redPathOf(page: Page) {
  const drawn = await page.evaluate((colour) => {
    const svg = document.querySelector('[data-testid="dag"]') as Element;
    const nodes = [...svg.querySelectorAll('[data-testid="dag-node-critical"]')].map((g) => ({
      id: g.getAttribute('data-task') ?? '',
      start: Number(g.getAttribute('data-start')),
      finish: Number(g.getAttribute('data-finish')),
    }));
    const edges = [...svg.querySelectorAll('path')].filter((p) => p.getAttribute('stroke') === colour).length;
    const card = document.querySelector('[data-testid="metric-critical-steps"]')?.textContent ?? '';
    return { nodes, edges, card };
  }, PATH_COLOUR);
  return {
    nodes: [...drawn.nodes].sort((a, b) => a.start - b.start),
    edges: drawn.edges,
    // The card's value is its first number.
    critical: Number(/\d+/.exec(drawn.card)?.[0]),
  };
}
