import { describe, expect, it } from 'vitest';
import { type LaneItem, nextBar } from '../../../src/ui/timeline/bar-keys';

// Lane 0: the orchestrator's two steps. Lane 1: an attempt that failed, then its retry. Lane 2:
// nothing (an agent that never ran). Lane 3: one long attempt. Given out of order, as drawn.
const items: LaneItem[] = [
  { lane: 1, x: 60, width: 30 }, // 0: lane 1, second
  { lane: 0, x: 0, width: 10 }, // 1: step 1
  { lane: 1, x: 10, width: 40 }, // 2: lane 1, first
  { lane: 3, x: 10, width: 80 }, // 3
  { lane: 0, x: 40, width: 10 }, // 4: step 2
];

describe('arrow keys on the timeline', () => {
  it('move along a lane in time, and stop at its ends', () => {
    expect(nextBar(items, 2, 'ArrowRight')).toBe(0);
    expect(nextBar(items, 0, 'ArrowLeft')).toBe(2);
    expect(nextBar(items, 0, 'ArrowRight')).toBeUndefined();
    expect(nextBar(items, 2, 'ArrowLeft')).toBeUndefined();
    expect(nextBar(items, 1, 'ArrowRight')).toBe(4);
    expect(nextBar(items, 0, 'Home')).toBe(2);
    expect(nextBar(items, 2, 'End')).toBe(0);
  });

  it('move across lanes to the bar that overlaps most, skipping empty lanes', () => {
    // Step 2 (40–50) overlaps the first attempt (10–50), not the second (60–90).
    expect(nextBar(items, 4, 'ArrowDown')).toBe(2);
    // Step 1 (0–10) overlaps neither: the nearest in time, the first (centre 30 against 75, from 5).
    expect(nextBar(items, 1, 'ArrowDown')).toBe(2);
    // The long attempt (10–90) overlaps the first by 40, the second by 30.
    expect(nextBar(items, 3, 'ArrowUp')).toBe(2);
    // Lane 2 has no bar: ↓ from lane 1 goes to lane 3.
    expect(nextBar(items, 0, 'ArrowDown')).toBe(3);
    expect(nextBar(items, 1, 'ArrowUp')).toBeUndefined();
    expect(nextBar(items, 3, 'ArrowDown')).toBeUndefined();
  });
});
