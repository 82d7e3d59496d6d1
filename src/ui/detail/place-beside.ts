/**
 * Where a hover or focus detail goes: beside the thing it describes, never over it. Right of it,
 * else left of it, else (a phone, or a timeline bar as wide as the chart) below it, else above it;
 * along the other axis it stays as near the thing as the frame allows. Pure: boxes in the frame's
 * coordinates in, the detail's top-left corner out.
 */

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Room kept between the thing and its detail, in px. */
export const GAP = 8;

const clamp = (v: number, low: number, high: number) => Math.max(low, Math.min(v, Math.max(low, high)));

export function placeBeside(
  anchor: Box,
  detail: { readonly width: number; readonly height: number },
  frame: { readonly width: number; readonly height: number },
): { left: number; top: number; side: 'right' | 'left' | 'below' | 'above' } {
  const right = anchor.left + anchor.width + GAP;
  const bottom = anchor.top + anchor.height + GAP;
  // Beside it, its top level with the thing's, pulled up if it would run past the frame's foot.
  const top = clamp(anchor.top, 0, frame.height - detail.height);
  if (right + detail.width <= frame.width) return { left: right, top, side: 'right' };
  if (anchor.left - GAP - detail.width >= 0)
    return { left: anchor.left - GAP - detail.width, top, side: 'left' };
  // Under or over it, starting where it starts, pulled left if it would run past the frame's edge.
  const left = clamp(anchor.left, 0, frame.width - detail.width);
  // Above only when it fits there and not below: a detail may run past the frame's foot (the page
  // scrolls), never past its head, where it would cover the heading or be cut off.
  const above = anchor.top - GAP - detail.height;
  if (bottom + detail.height > frame.height && above >= 0) return { left, top: above, side: 'above' };
  return { left, top: bottom, side: 'below' };
}
