/**
 * Which node of the DAG view its detail is about, by pointer, focus or keys: the pointer on the
 * background keeps the last node's detail (WCAG 1.4.13: it can be moved onto the detail's
 * action); another node or Escape replaces it; arrow keys move along edges and columns.
 */
import { createSignal } from 'solid-js';
import { actionOf } from '../detail/detail-beside';
import type { Drawn } from './dag-draw';
import type { Laid } from './laid-out-graph';
import { type ArrowKey, nextNode } from './node-keys';

export function nodePointing(parts: {
  readonly svg: () => SVGSVGElement | undefined;
  readonly laid: () => Laid | undefined;
  readonly drawn: () => Drawn | undefined;
  /** Brings a node reached off screen into view. */
  readonly reveal: (node: Element) => void;
}) {
  const [hovered, setHovered] = createSignal<string | undefined>();
  // The node the detail is about: drawn beside it, not below the picture (detail/detail-beside.tsx).
  const [anchor, setAnchor] = createSignal<Element | undefined>();
  const point = (g: Element | null) => {
    setAnchor(g ?? undefined);
    setHovered(g?.getAttribute('data-task') ?? undefined);
  };
  const over = (event: MouseEvent) => {
    const node = (event.target as Element).closest('[data-task]');
    if (node) point(node);
  };
  const focused = (event: FocusEvent) => {
    const node = (event.target as Element).closest('[data-task]');
    if (node) parts.reveal(node);
    point(node);
  };
  const keys = (event: KeyboardEvent) => {
    // The detail is dismissed without moving the focus (WCAG 1.4.13).
    if (event.key === 'Escape') return setHovered(undefined);
    // Tab from a node whose detail has an action goes to the action first (detail-beside.tsx).
    const action = event.key === 'Tab' && !event.shiftKey ? actionOf(parts.svg()?.parentElement) : null;
    if (action) {
      event.preventDefault();
      return action.focus();
    }
    const key = event.key as ArrowKey;
    if (!['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown'].includes(key)) return;
    const id = (event.target as Element).closest('[data-task]')?.getAttribute('data-task');
    const l = parts.laid();
    if (!id || !l) return;
    const from = l.graph.input.ids.indexOf(id);
    const to = nextNode(l.layout, from, key);
    event.preventDefault();
    const target =
      to === undefined
        ? undefined
        : parts.drawn()?.groups.find((g) => g.getAttribute('data-task') === l.graph.input.ids[to]);
    target?.focus();
  };
  return { hovered, setHovered, anchor, over, focused, keys };
}
