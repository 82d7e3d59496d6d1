/**
 * Which bar of the timeline its detail is about, by pointer, focus or keys (bar-keys.ts): the
 * pointer leaving the chart gives the detail back to the bar with the keyboard's focus.
 */
import { createSignal } from 'solid-js';
import { actionOf } from '../detail/detail-beside';
import { BAR_KEYS, type BarKey, nextBar } from './bar-keys';
import { barKey } from './bar-words';
import { items } from './timeline-focus';
import type { TimelineLayout } from './timeline-layout';

export function barPointing(parts: {
  readonly svg: () => SVGSVGElement | undefined;
  /** The layout drawn last. */
  readonly laid: () => TimelineLayout | undefined;
}) {
  // The bar whose detail shows (hovered, or focused from the keyboard), by key: a live run's bar
  // grows under its detail, which says so as it does.
  const [hovered, setHovered] = createSignal<{ key: string; element: Element } | undefined>();
  const itemOf = (target: EventTarget | null) => {
    const element = (target as Element | null)?.closest?.('[data-key]');
    const key = element?.getAttribute('data-key');
    return element && key ? { key, element } : undefined;
  };
  // The pointer leaving the chart gives the detail back to the bar with the keyboard's focus, if
  // any; leaving it for the detail's action keeps the detail.
  const left = (event: PointerEvent) => {
    if ((event.relatedTarget as Element | null)?.closest?.('.detail-beside')) return;
    setHovered(itemOf(parts.svg()?.contains(document.activeElement) ? document.activeElement : null));
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Escape') return setHovered(undefined);
    // Tab from a bar whose detail has an action goes to the action first (detail-beside.tsx).
    const action = event.key === 'Tab' && !event.shiftKey ? actionOf(parts.svg()?.parentElement) : null;
    if (action) {
      event.preventDefault();
      return action.focus();
    }
    if (!BAR_KEYS.includes(event.key)) return;
    const from = itemOf(event.target);
    const all = items(parts.laid());
    const at = all.findIndex((b) => barKey(b) === from?.key);
    if (at < 0) return;
    event.preventDefault();
    const to = all[nextBar(all, at, event.key as BarKey) ?? -1];
    if (to)
      parts
        .svg()
        ?.querySelector<SVGElement>(`[data-key="${CSS.escape(barKey(to))}"]`)
        ?.focus();
  };
  return { hovered, setHovered, itemOf, left, keys };
}
