import { describe, expect, it } from 'vitest';
import { showsLabels, subagentRadius } from '../../../src/ui/dag/agent-graph';

const SIZE = 320;
const FULL = 24;
const RING = SIZE / 2 - 44;
/** The distance between neighbours' centres with n subagents on the ring. */
const chord = (n: number) => 2 * RING * Math.sin(Math.PI / n);

describe('the agent graph’s ring', () => {
  it('keeps every subagent apart from its neighbours, up to the hundred a run may have', () => {
    for (let n = 2; n <= 100; n++)
      expect(2 * subagentRadius(n, SIZE, FULL), `n = ${n}`).toBeLessThan(chord(n));
  });

  it('draws a small team at full size with names, and a large one smaller without', () => {
    expect(subagentRadius(8, SIZE, FULL)).toBe(FULL);
    expect(showsLabels(8, SIZE)).toBe(true);
    expect(subagentRadius(59, SIZE, FULL)).toBeLessThan(6);
    expect(showsLabels(59, SIZE)).toBe(false);
  });
});
