import { describe, expect, it } from 'vitest';
import { galleryEntries } from '../../src/ui/catalog';

/**
 * Issue 44: "Companies at a glance" and "Wide search: 32 lookups" looked like the same scenario
 * twice. The gallery now sets task cards and scheduling-only graph cards under their own headings
 * (src/ui/views/gallery.tsx); a graph card must not take a task card's name as its own.
 */
describe('the gallery’s cards', () => {
  const entries = galleryEntries();
  const tasks = entries.filter((e) => e.type === 'task');
  const graphs = entries.filter((e) => e.type === 'graph');

  it('have distinct titles', () => {
    const titles = entries.map((e) => e.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('name no graph after a kind of task, and say what a task-shaped graph leaves out', () => {
    const kinds = new Set(tasks.map((e) => (e.type === 'task' ? e.spec.kind : '').replace('-', ' ')));
    // Not vacuous: there are graph cards, and one of them is shaped like a search.
    expect(graphs.length).toBeGreaterThan(0);
    expect(kinds.size).toBeGreaterThan(0);
    expect(graphs.some((g) => /search/i.test(g.description))).toBe(true);
    for (const graph of graphs) {
      const opening = graph.title.toLowerCase();
      for (const kind of kinds) expect(opening.startsWith(kind), `${graph.id}: “${graph.title}”`).toBe(false);
      if (/search/i.test(graph.description)) expect(graph.description).toMatch(/without its work/);
    }
  });
});
