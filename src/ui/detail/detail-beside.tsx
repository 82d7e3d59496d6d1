/**
 * The detail of a graph node or a timeline bar, drawn beside it (place-beside.ts) while it is
 * hovered or has the keyboard's focus. The frame is the detail's positioned parent
 * (`.detail-frame`); the picture it sits on is in that frame.
 */

import { createEffect } from 'solid-js';
import { placeBeside } from './place-beside';

export function DetailBeside(props: {
  /** What it says. */
  text: string;
  /** The element it is about; its detail is measured and placed again whenever either changes. */
  anchor: Element | undefined;
  testId: string;
  /** What moves the element when it changes (a live timeline's layout): it is placed again then. */
  layout?: unknown;
}) {
  let detail: HTMLParagraphElement | undefined;
  createEffect(() => {
    const anchor = props.anchor;
    props.text;
    props.layout;
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
    detail.classList.toggle('under', at.side === 'under');
  });
  return (
    <p ref={detail} class="mono detail-beside" data-testid={props.testId} role="status">
      {props.text}
    </p>
  );
}
