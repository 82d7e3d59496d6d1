import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CurveChart,
  type CurveSeries,
  englishCurveWords,
  escapeXml,
  niceAxis,
  renderCurvesSvg,
  trainingCurvesSvg,
} from '../../../src/core/learning/curves-svg';
import type { CurvePoint } from '../../../src/core/learning/train';
import { fcRuns } from '../../support/fc-runs';

const TEXT = /^(?:[^<>&]|&(?:amp|lt|gt|quot|apos);)*$/;
const TAG = /<(\/?)([A-Za-z][\w-]*)((?:\s+[\w:-]+="(?:[^"<&]|&(?:amp|lt|gt|quot|apos);)*")*)\s*(\/?)>/g;

/**
 * A small XML well-formedness check (node has no DOMParser): one root, tags balanced, and nothing
 * between tags or inside attribute values that is a raw `<`, `>` or a bare `&`.
 */
function wellFormedProblem(xml: string): string | undefined {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  const stack: string[] = [];
  let last = 0;
  let roots = 0;
  for (const m of body.matchAll(TAG)) {
    const between = body.slice(last, m.index);
    if (!TEXT.test(between)) return `bad text before ${m[0]}: ${JSON.stringify(between)}`;
    if (stack.length === 0 && between.trim() !== '') return 'text outside the root';
    last = m.index + m[0].length;
    const [, close, name, , selfClose] = m;
    if (stack.length === 0 && !close) roots++;
    if (close) {
      const open = stack.pop();
      if (open !== name) return `</${name}> closes <${open}>`;
    } else if (!selfClose) stack.push(name!);
  }
  if (body.slice(last).trim() !== '') return `trailing text: ${body.slice(last)}`;
  if (stack.length > 0) return `unclosed: ${stack.join(', ')}`;
  return roots === 1 ? undefined : `${roots} root elements`;
}

const count = (svg: string, needle: string) => svg.split(needle).length - 1;
const polylines = (svg: string) =>
  [...svg.matchAll(/<polyline stroke="(#[0-9A-F]{6})" points="([^"]*)"\/>/g)].map((m) => ({
    stroke: m[1]!,
    points: m[2] === '' ? [] : m[2]!.split(' ').map((p) => p.split(',').map(Number) as [number, number]),
  }));
/** The y tick labels of each panel, in drawing order (bottom to top). */
const yTickLabels = (svg: string) =>
  svg
    .split('<g transform="translate(')
    .slice(1)
    .map((panel) => [...panel.matchAll(/text-anchor="end">([^<]*)</g)].map((m) => m[1]));

const line = (name: string, ys: number[]): CurveSeries => ({ name, points: ys.map((y, x) => ({ x, y })) });

describe('the well-formedness check', () => {
  it('accepts a well-formed document and rejects broken ones', () => {
    expect(wellFormedProblem('<svg a="1"><g><text>x &amp; y</text></g><line/></svg>')).toBeUndefined();
    expect(wellFormedProblem('<svg><g></svg>')).toBe('</svg> closes <g>');
    expect(wellFormedProblem('<svg><text>a<b</text></svg>')).toMatch(/bad text/);
    expect(wellFormedProblem('<svg><text>a & b</text></svg>')).toMatch(/bad text/);
    expect(wellFormedProblem('<svg a="x"y"/>')).toMatch(/trailing text|root/);
    expect(wellFormedProblem('<svg/><svg/>')).toBe('2 root elements');
  });
});

describe('niceAxis', () => {
  it('widens [0, 1] to nothing and ticks every 0.2', () => {
    expect(niceAxis(0, 1)).toEqual({ lo: 0, hi: 1, ticks: [0, 0.2, 0.4, 0.6, 0.8, 1], decimals: 1 });
  });

  it('ticks a small range on 0.001 without float noise', () => {
    expect(niceAxis(0.003, 0.0071)).toEqual({
      lo: 0.003,
      hi: 0.008,
      ticks: [0.003, 0.004, 0.005, 0.006, 0.007, 0.008],
      decimals: 3,
    });
  });

  it('takes a range across zero out to the next steps of 50', () => {
    expect(niceAxis(-5, 120)).toEqual({ lo: -50, hi: 150, ticks: [-50, 0, 50, 100, 150], decimals: 0 });
    expect(niceAxis(-3, -1).ticks).toEqual([-3, -2.5, -2, -1.5, -1]);
  });

  it('keeps the bounds when widening would waste over a quarter of the plot, or no widening fits', () => {
    expect(niceAxis(0, 119)).toEqual({ lo: 0, hi: 119, ticks: [0, 20, 40, 60, 80, 100], decimals: 0 });
    expect(niceAxis(5.1, 14.9)).toEqual({ lo: 5.1, hi: 14.9, ticks: [6, 8, 10, 12, 14], decimals: 0 });
  });

  it('pads an empty range and treats non-finite bounds as [0, 1]', () => {
    expect(niceAxis(0, 0)).toEqual({ lo: -1, hi: 1, ticks: [-1, -0.5, 0, 0.5, 1], decimals: 1 });
    expect(niceAxis(3, 3).ticks).toEqual([2.6, 2.8, 3, 3.2, 3.4]);
    expect(niceAxis(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY).ticks).toEqual([
      0, 0.2, 0.4, 0.6, 0.8, 1,
    ]);
    expect(niceAxis(Number.NaN, 4).lo).toBe(0);
  });

  it('keeps fixed bounds exactly', () => {
    expect(niceAxis(0.05, 0.95, true)).toEqual({
      lo: 0.05,
      hi: 0.95,
      ticks: [0.2, 0.4, 0.6, 0.8],
      decimals: 1,
    });
  });

  it('gives 4–6 evenly spaced ticks on a 1/2/5 × 10^k step that cover any free range', () => {
    const bound = fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(bound, bound, (a, b) => {
        const { lo, hi, ticks } = niceAxis(a, b);
        expect(ticks.length).toBeGreaterThanOrEqual(4);
        expect(ticks.length).toBeLessThanOrEqual(6);
        // Bounds may miss the data by float noise (a billionth of the range), as 0.30000000000000004 does 0.3.
        const slack = 1e-9 * (hi - lo);
        expect(lo).toBeLessThanOrEqual(Math.min(a, b) + slack);
        expect(hi).toBeGreaterThanOrEqual(Math.max(a, b) - slack);
        expect(ticks[0]!).toBeGreaterThanOrEqual(lo - slack);
        expect(ticks.at(-1)!).toBeLessThanOrEqual(hi + slack);
        const step = ticks[1]! - ticks[0]!;
        for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBeCloseTo(step, 6);
        const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
        expect([1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-6)).toBe(true);
      }),
      { seed: 42, numRuns: fcRuns(2000) },
    );
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials and drops control characters', () => {
    expect(escapeXml(`a<b&"c"'d'>`)).toBe('a&lt;b&amp;&quot;c&quot;&apos;d&apos;&gt;');
    expect(escapeXml('tab\tok\u0001gone')).toBe('tab\tokgone');
  });
});

describe('renderCurvesSvg', () => {
  const chart: CurveChart = {
    title: 'Training & tuning',
    xLabel: 'episode',
    panels: [
      {
        title: 'reward',
        yLabel: 'mean reward',
        series: [line('parl', [0, 0.5, 1]), line('bandit', [0, 0.2, 0.4])],
      },
      { title: 'quality', yLabel: 'F1', series: [line('bandit', [0.1, 0.2, 0.3])], yMin: 0, yMax: 1 },
      { title: 'spawns', yLabel: 'count', series: [line('parl', [1, 2, 3]), line('serial', [1, 1, 1])] },
    ],
  };

  it('is a standalone, well-formed SVG 1.1 document sized by its grid', () => {
    const svg = renderCurvesSvg(chart);
    expect(wellFormedProblem(svg)).toBeUndefined();
    expect(svg).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /,
    );
    expect(svg).toContain(
      'version="1.1" width="712" height="528" viewBox="0 0 712 528" font-family="sans-serif"',
    );
    expect(svg).not.toMatch(/<style|<script|class=|href=/);
    expect(svg).toContain('<title>Training &amp; tuning</title>');
    expect(renderCurvesSvg({ ...chart, columns: 3 })).toContain('viewBox="0 0 1052 308"');
  });

  it('draws one polyline per series per panel, each name in one colour everywhere and one legend entry', () => {
    const svg = renderCurvesSvg(chart);
    const lines = polylines(svg);
    expect(lines.map((l) => l.stroke)).toEqual(['#0072B2', '#D55E00', '#D55E00', '#0072B2', '#009E73']);
    expect(count(svg, 'stroke-width="3"')).toBe(3);
    expect(lines[0]!.points).toHaveLength(3);
    // x is shared: the same episode sits at the same x in every panel.
    expect(lines.map((l) => l.points[2]![0])).toEqual([326, 326, 326, 326, 326]);
  });

  it('gives each panel its own y axis and labels ticks with the digits the step needs', () => {
    const [reward, quality, spawns] = yTickLabels(renderCurvesSvg(chart));
    expect(reward).toEqual(['0.0', '0.2', '0.4', '0.6', '0.8', '1.0']);
    expect(quality).toEqual(['0.0', '0.2', '0.4', '0.6', '0.8', '1.0']);
    expect(spawns).toEqual(['1.0', '1.5', '2.0', '2.5', '3.0']);
  });

  it('escapes series names and titles that come from users', () => {
    const svg = renderCurvesSvg({
      title: "it's <b>",
      xLabel: 'x',
      panels: [{ title: 'p', yLabel: 'y', series: [line('a<b&"c"', [1, 2])] }],
    });
    expect(wellFormedProblem(svg)).toBeUndefined();
    expect(svg).toContain('>a&lt;b&amp;&quot;c&quot;</text>');
    expect(svg).toContain('<title>it&apos;s &lt;b&gt;</title>');
    expect(svg).not.toContain('a<b');
  });

  it('draws a constant series as a flat line inside a padded axis', () => {
    const svg = renderCurvesSvg({
      title: 't',
      xLabel: 'x',
      panels: [{ title: 'finish rate', yLabel: 'fraction', series: [line('h', [0.93, 0.93, 0.93, 0.93])] }],
    });
    const [flat] = polylines(svg);
    // 0.93 ± 0.093 keeps its bounds (widening to [0.8, 1.05] would waste a third), so the line is
    // mid-plot: top margin 26 + half of the 170px plot.
    expect(flat!.points.map(([, y]) => y)).toEqual([111, 111, 111, 111]);
    expect(yTickLabels(svg)[0]).toEqual(['0.85', '0.90', '0.95', '1.00']);
  });

  it('skips NaN and Infinity, marks a lone point, and leaves an empty series empty', () => {
    const svg = renderCurvesSvg({
      title: 't',
      xLabel: 'x',
      panels: [
        {
          title: 'p',
          yLabel: 'y',
          series: [
            {
              name: 'gappy',
              points: [
                { x: 0, y: -4 },
                { x: 1, y: Number.NaN },
                { x: Number.POSITIVE_INFINITY, y: 2 },
                { x: 3, y: Number.NEGATIVE_INFINITY },
                { x: 4, y: -2 },
              ],
            },
            { name: 'lone', points: [{ x: 2, y: -3 }] },
            { name: 'none', points: [] },
          ],
        },
      ],
    });
    expect(wellFormedProblem(svg)).toBeUndefined();
    expect(svg).not.toMatch(/NaN|Infinity/);
    expect(polylines(svg).map((l) => l.points.length)).toEqual([2, 1, 0]);
    expect(count(svg, '<circle ')).toBe(1);
    expect(yTickLabels(svg)[0]).toEqual(['-4.0', '-3.5', '-3.0', '-2.5', '-2.0']);
  });

  it('renders a chart without panels', () => {
    const svg = renderCurvesSvg({ title: 'nothing yet', xLabel: 'episode', panels: [] });
    expect(wellFormedProblem(svg)).toBeUndefined();
    expect(count(svg, '<polyline')).toBe(0);
    expect(svg).toContain('viewBox="0 0 372 70"');
    expect(svg).toContain('>nothing yet</text>');
  });

  it('is deterministic and prints coordinates with at most two decimals', () => {
    const noisy: CurveChart = {
      title: 't',
      xLabel: 'x',
      panels: [{ title: 'p', yLabel: 'y', series: [line('s', [Math.PI, Math.E, 1 / 3, -1 / 7])] }],
    };
    const svg = renderCurvesSvg(noisy);
    expect(renderCurvesSvg(noisy)).toBe(svg);
    const attributes = [...svg.matchAll(/="([^"]*)"/g)].map((m) => m[1]!);
    expect(attributes.filter((a) => /\d\.\d{3}/.test(a))).toEqual([]);
    expect(polylines(svg)[0]!.points.some(([x, y]) => !Number.isInteger(x) || !Number.isInteger(y))).toBe(
      true,
    );
  });
});

describe('the learning curves on a phone', () => {
  it('wrap to one panel a row, every panel still drawn', () => {
    // Only the fields the panels draw.
    const point = {
      episodes: 10,
      reward: 0.5,
      perf: 0.4,
      parallelTerm: 0.05,
      finishTerm: 0.05,
      quality: 0.7,
      criticalSteps: 12,
      avgParallelism: 2,
      spawnCount: 4,
      finishRate: 1,
    } as unknown as CurvePoint;
    const runs = [{ name: 'parl', curves: [point, { ...point, episodes: 20 }] }];
    const width = (svg: string) => Number(/<svg [^>]*width="(\d+)"/.exec(svg)?.[1]);
    const two = trainingCurvesSvg('parl on mix', runs);
    const one = trainingCurvesSvg('parl on mix', runs, 1);
    // Two panels of 340 a row (712 px, cut off on a 390 px phone), or one (372 px).
    expect([width(two), width(one)]).toEqual([712, 372]);
    for (const title of ['reward terms', 'critical steps', 'subagents spawned']) expect(one).toContain(title);
    expect(wellFormedProblem(one)).toBeUndefined();
  });

  it("says its titles, axes and ticks in the words passed, the CLI's English when none are", () => {
    const point = {
      episodes: 10,
      reward: 0.25,
      perf: 0.5,
      parallelTerm: 0.1,
      finishTerm: 0.05,
      quality: 0.5,
      criticalSteps: 12,
      avgParallelism: 1.5,
      spawnCount: 3,
      finishRate: 0.5,
    } as unknown as CurvePoint;
    const runs = [{ name: 'parl', curves: [point, { ...point, episodes: 20, reward: 0.75 }] }];
    expect(trainingCurvesSvg('parl on mix', runs, 2, englishCurveWords)).toBe(
      trainingCurvesSvg('parl on mix', runs),
    );
    const ru = trainingCurvesSvg('parl на mix', runs, 2, {
      ...englishCurveWords,
      episode: 'эпизод',
      criticalSteps: { title: 'критические шаги', y: 'шаги' },
      tick: (v, decimals) => v.toFixed(decimals).replace('.', ','),
    });
    expect(ru).toContain('>эпизод</text>');
    expect(ru).toContain('>критические шаги</text>');
    expect(ru).not.toContain('>critical steps</text>');
    // The reward's ticks with a decimal comma, none with a point.
    expect(ru).toMatch(/>0,\d+<\/text>/);
    expect(ru).not.toMatch(/>\d+\.\d+<\/text>/);
    expect(wellFormedProblem(ru)).toBeUndefined();
  });
});
