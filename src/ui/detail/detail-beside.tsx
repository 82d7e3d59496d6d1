/**
 * The detail of a graph node or a timeline bar, drawn beside it (place-beside.ts) while it is
 * hovered or has the keyboard's focus. The frame is the detail's positioned parent
 * (`.detail-frame`); the picture it sits on is in that frame. A detail may carry one action (a
 * fork from the decision it describes): Tab from the element reaches it (the view moves the focus
 * there: actionOf below), Tab from it goes on to the element after, Shift+Tab back.
 */

import { createEffect, Show } from 'solid-js';
import { placeBeside } from './place-beside';

export interface DetailAction {
  readonly label: string;
  readonly run: () => void;
  readonly testId: string;
}

export function DetailBeside(props: {
  /** What it says. */
  text: string;
  /** The element it is about; its detail is measured and placed again whenever either changes. */
  anchor: Element | undefined;
  testId: string;
  /** What moves the element when it changes (a live timeline's layout): it is placed again then. */
  layout?: unknown;
  action?: DetailAction | undefined;
  /** The focus left the action for somewhere outside the frame: the view hides the detail. */
  onLeave?: () => void;
}) {
  let detail: HTMLDivElement | undefined;
  let words: HTMLParagraphElement | undefined;
  createEffect(() => {
    const anchor = props.anchor;
    props.text;
    props.layout;
    props.action;
    if (!detail || !anchor) return;
    // A node drawn again (a new layout) leaves the old one detached, with no box to be beside.
    detail.hidden = !anchor.isConnected;
    const frame = detail.offsetParent;
    if (!frame) return;
    // Measured where it floats, at the frame's left edge: near the right edge its width would
    // shrink to the room left; under the picture (a phone's) it is in the flow and full width.
    detail.classList.remove('under');
    detail.style.left = '0px';
    detail.style.top = '0px';
    const f = frame.getBoundingClientRect();
    const a = anchor.getBoundingClientRect();
    const at = placeBeside(
      { left: a.left - f.left, top: a.top - f.top, width: a.width, height: a.height },
      { width: detail.offsetWidth, height: detail.offsetHeight },
      { width: f.width, height: f.height },
    );
    detail.style.left = `${at.left}px`;
    detail.style.top = `${at.top}px`;
    detail.dataset.side = at.side;
    // Said on the words too: they are what a test or a reader finds by its test id.
    if (words) words.dataset.side = at.side;
    detail.classList.toggle('under', at.side === 'under');
  });
  const keys = (event: KeyboardEvent) => {
    const anchor = props.anchor as (Element & { focus?: () => void }) | undefined;
    if (event.key === 'Escape' || (event.key === 'Tab' && event.shiftKey)) {
      event.preventDefault();
      anchor?.focus?.();
      return;
    }
    if (event.key !== 'Tab' || !anchor) return;
    // On to the element after the one described, as if the action were not there; after the
    // picture's last, the browser's own order goes on past the detail.
    const stops = [...(anchor.closest('svg')?.querySelectorAll<SVGElement>('[tabindex="0"]') ?? [])];
    const next = stops[stops.indexOf(anchor as SVGElement) + 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };
  // The words in their own element (what is read out, and what tests read), the action after them.
  return (
    <div ref={detail} class="detail-beside">
      <p ref={words} class="mono" data-testid={props.testId} role="status">
        {props.text}
      </p>
      <Show when={props.action}>
        {(action) => (
          <button
            type="button"
            class="secondary detail-action"
            data-testid={action().testId}
            onClick={() => action().run()}
            onKeyDown={keys}
            onFocusOut={(event) => {
              const frame = detail?.offsetParent;
              if (!frame?.contains(event.relatedTarget as Node | null)) props.onLeave?.();
            }}
          >
            {action().label}
          </button>
        )}
      </Show>
    </div>
  );
}

/** The action button of the detail in `frame`, for Tab from the element it describes. */
export const actionOf = (frame: Element | null | undefined): HTMLElement | null =>
  frame?.querySelector<HTMLElement>('.detail-beside .detail-action') ?? null;
