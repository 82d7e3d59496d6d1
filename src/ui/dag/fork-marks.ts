/**
 * A fork's marks on the run graph (views/fork-drawings.tsx): a shaded halo behind each node the
 * fork shares with its original, an amber one behind each node of the first decision that
 * differs. Drawn behind the node's own shape, so the status fill and the critical path's outline
 * stay as they are; `data-fork` says which, for tests and for the legend's words.
 */

export interface NodeForkMarks {
  readonly shared: ReadonlySet<string>;
  readonly differs: ReadonlySet<string>;
}

export const SHARED_FILL = '#c9d3e6';
export const DIFFERS_FILL = '#f0a000';
const PAD = 4;

export function markFork(groups: readonly SVGGElement[], marks: NodeForkMarks | undefined): void {
  for (const g of groups) {
    const id = g.getAttribute('data-task') ?? '';
    const kind = !marks
      ? undefined
      : marks.differs.has(id)
        ? 'differs'
        : marks.shared.has(id)
          ? 'shared'
          : undefined;
    let halo = g.querySelector<SVGRectElement>(':scope > rect.fork-mark');
    if (!kind) {
      halo?.remove();
      g.removeAttribute('data-fork');
      continue;
    }
    const shape = g.querySelector<SVGRectElement>(':scope > rect:not(.fork-mark)');
    if (!halo) {
      halo = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      halo.setAttribute('class', 'fork-mark');
      halo.setAttribute('aria-hidden', 'true');
      g.insertBefore(halo, g.firstChild);
    }
    const w = Number(shape?.getAttribute('width') ?? 0);
    const h = Number(shape?.getAttribute('height') ?? 0);
    halo.setAttribute('x', String(-PAD));
    halo.setAttribute('y', String(-PAD));
    halo.setAttribute('width', String(w + 2 * PAD));
    halo.setAttribute('height', String(h + 2 * PAD));
    halo.setAttribute('rx', String(Number(shape?.getAttribute('rx') ?? 0) + PAD));
    halo.setAttribute('fill', kind === 'shared' ? SHARED_FILL : DIFFERS_FILL);
    g.setAttribute('data-fork', kind);
  }
}
