import { describe, expect, it } from 'vitest';
import { GAP, placeBeside } from '../../../src/ui/detail/place-beside';

const detail = { width: 300, height: 60 };
const overlaps = (
  a: { left: number; top: number; width: number; height: number },
  b: { left: number; top: number; width: number; height: number },
) =>
  Math.min(a.left + a.width, b.left + b.width) > Math.max(a.left, b.left) &&
  Math.min(a.top + a.height, b.top + b.height) > Math.max(a.top, b.top);

describe("a node's or a bar's detail", () => {
  it('goes right of it, level with it, where there is room', () => {
    const anchor = { left: 100, top: 50, width: 60, height: 20 };
    expect(placeBeside(anchor, detail, { width: 1000, height: 400 })).toEqual({
      left: 160 + GAP,
      top: 50,
      side: 'right',
    });
  });

  it('goes left of it near the right edge, and is pulled up off the frame foot', () => {
    const anchor = { left: 900, top: 380, width: 60, height: 20 };
    expect(placeBeside(anchor, detail, { width: 1000, height: 400 })).toEqual({
      left: 900 - GAP - 300,
      top: 340,
      side: 'left',
    });
  });

  it('on a phone, goes under the whole picture, over none of it', () => {
    const frame = { width: 340, height: 380 };
    for (const anchor of [
      { left: 150, top: 100, width: 40, height: 14 },
      { left: 290, top: 40, width: 40, height: 14 },
      { left: 150, top: 350, width: 40, height: 14 },
    ]) {
      const at = placeBeside(anchor, detail, frame);
      expect(at).toEqual({ left: 0, top: 380 + GAP, side: 'under' });
    }
    // Still beside it where there is room, as on a wider picture.
    expect(
      placeBeside({ left: 10, top: 10, width: 20, height: 14 }, { width: 200, height: 60 }, frame).side,
    ).toBe('right');
  });

  it('on a wide chart, goes under a bar as wide as the chart (over it near the foot), never on it', () => {
    const frame = { width: 640, height: 380 };
    for (const anchor of [
      { left: 250, top: 100, width: 100, height: 14 },
      { left: 280, top: 40, width: 80, height: 14 },
      { left: 260, top: 350, width: 100, height: 14 },
      // A timeline bar as wide as the chart.
      { left: 20, top: 30, width: 600, height: 14 },
    ]) {
      const at = placeBeside(anchor, detail, frame);
      expect(overlaps(anchor, { ...at, ...detail })).toBe(false);
      expect(at.left).toBeGreaterThanOrEqual(0);
      expect(at.left + detail.width).toBeLessThanOrEqual(frame.width);
      expect(at.side).toBe(anchor.top > 300 ? 'above' : 'below');
    }
  });
});
