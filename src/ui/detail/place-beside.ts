/**
 * Where a hover or focus detail goes: beside the thing it describes, never over it. Right of it,
 * else left of it; on a picture as narrow as a phone's, under the whole picture, in the page's
 * flow (below or above a node there, it covered the node's neighbours, the very things a what-if
 * or a slack is about); else (a timeline bar as wide as a wide chart) below it, else above it.
 * Along the other axis it stays as near the thing as the frame allows. Pure: boxes in the frame's
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

/** A picture narrower than this is a phone's: a detail with no room beside a thing goes under it. */
export const NARROW_FRAME = 600;

const clamp = (v: number, low: number, high: number) => Math.max(low, Math.min(v, Math.max(low, high)));

export function placeBeside(
  anchor: Box,
  detail: { readonly width: number; readonly height: number },
  frame: { readonly width: number; readonly height: number },
): { left: number; top: number; side: 'right' | 'left' | 'below' | 'above' | 'under' } {
  const right = anchor.left + anchor.width + GAP;
  const bottom = anchor.top + anchor.height + GAP;
  // Beside it, its top level with the thing's, pulled up if it would run past the frame's foot.
  const top = clamp(anchor.top, 0, frame.height - detail.height);
  if (right + detail.width <= frame.width) return { left: right, top, side: 'right' };
  if (anchor.left - GAP - detail.width >= 0)
    return { left: anchor.left - GAP - detail.width, top, side: 'left' };
  if (frame.width < NARROW_FRAME) return { left: 0, top: frame.height + GAP, side: 'under' };
  // Under or over it, starting where it starts, pulled left if it would run past the frame's edge.
  const left = clamp(anchor.left, 0, frame.width - detail.width);
  // Above only when it fits there and not below: a detail may run past the frame's foot (the page
  // scrolls), never past its head, where it would cover the heading or be cut off.
  const above = anchor.top - GAP - detail.height;
  if (bottom + detail.height > frame.height && above >= 0) return { left, top: above, side: 'above' };
  return { left, top: bottom, side: 'below' };
}
