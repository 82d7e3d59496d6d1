import { describe, expect, it } from 'vitest';
import { type ParetoPoint, paretoFront, paretoSvg } from '../../../src/core/bench/pareto-svg';

const p = (name: string, quality: number, relativeCost: number, criticalSteps: number): ParetoPoint => ({
  name,
  quality,
  relativeCost,
  criticalSteps,
});

describe('the Pareto plot of policies', () => {
  const points = [
    p('cheap', 0.4, 1.0, 40),
    p('dominated', 0.5, 1.8, 45),
    p('best', 0.7, 1.3, 30),
    p('dear', 0.75, 2, 35),
  ];

  it('keeps exactly the policies no other beats on both axes, in order of the axis', () => {
    expect(paretoFront(points, 'relativeCost').map((i) => points[i]?.name)).toEqual([
      'cheap',
      'best',
      'dear',
    ]);
    expect(paretoFront(points, 'criticalSteps').map((i) => points[i]?.name)).toEqual(['best', 'dear']);
  });

  it('draws one point per policy, names escaped, and the same bytes for the same points', () => {
    const svg = paretoSvg('a <title>', [...points, p('x & y', 0.6, 1.5, 33)]);
    expect(svg.match(/<circle cx=/g)?.length).toBe(2 * 5 + 5); // two panels, plus the legend
    expect(svg).toContain('a &lt;title&gt;');
    expect(svg).toContain('x &amp; y');
    expect(svg).toBe(paretoSvg('a <title>', [...points, p('x & y', 0.6, 1.5, 33)]));
    expect(() => paretoSvg('none', [])).toThrow(/at least one/);
  });
});
