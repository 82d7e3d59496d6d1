import type { CurvePoint } from './train';
/**
 * Learning curves as one standalone SVG 1.1 string: a grid of small-multiple panels that share an x
 * axis, a palette and a legend. Only string building, so the CLI can write the result to a file, the
 * UI can inline it and GitHub can show it (no CSS, no scripts). Every coordinate is rounded to two
 * decimals, so the same chart always gives the same bytes.
 */

export interface CurveSeries {
  readonly name: string;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}
export interface CurvePanel {
  readonly title: string;
  readonly yLabel: string;
  readonly series: readonly CurveSeries[];
  readonly yMin?: number;
  readonly yMax?: number;
}
export interface CurveChart {
  readonly title: string;
  readonly xLabel: string;
  readonly panels: readonly CurvePanel[];
  /** @default 2 */
  readonly columns?: number;
  /** A tick's label from its value and the decimals the axis needs; @default `value.toFixed(decimals)`. */
  readonly tick?: (value: number, decimals: number) => string;
}

/** Bounds of an axis and its ticks; `decimals` is how many digits the tick labels need. */
export interface NiceAxis {
  readonly lo: number;
  readonly hi: number;
  readonly ticks: readonly number[];
  readonly decimals: number;
}

/** Okabe & Ito (2008), colour-blind safe; yellow goes last because it is faint on white. */
const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];

const PANEL_W = 340;
const PANEL_H = 220;
const M = { left: 58, right: 14, top: 26, bottom: 24 }; // plot area inside a panel
const PLOT_W = PANEL_W - M.left - M.right;
const PLOT_H = PANEL_H - M.top - M.bottom;
const CLIP_ID = 'swarmflight-curve-plot';
const PAD = 16;
const TITLE_H = 34;
const LEGEND_ROW = 18;
const FOOTER_H = 30;
const MIDDLE = ' text-anchor="middle"';
const END = ' text-anchor="end"';
const CHAR_W = 6.5; // rough width of an 11px sans-serif character, only to wrap the legend
const EPS = 1e-9; // 0.3 / 0.1 is 2.9999999999999996; without slack floor() adds a spurious tick

/**
 * Axis bounds with 4–6 ticks on a step of 1, 2 or 5 × 10^k (d3-scale's tickIncrement steps).
 * By default the bounds widen to the nearest ticks, on the smallest step that gives 4–6 of them; when
 * no step does (e.g. [5.1, 14.9]), when widening adds over a quarter of the range, or with `fixed`,
 * the bounds stay and the ticks fall inside them.
 * An empty range is padded, since a flat line still needs an axis.
 */
export function niceAxis(lo: number, hi: number, fixed = false): NiceAxis {
  if (!Number.isFinite(hi - lo)) return niceAxis(0, 1);
  if (hi < lo) [lo, hi] = [hi, lo];
  // A flat range (or one lost in rounding) is padded by a tenth of its value; near 0, by 1.
  if (!(hi - lo > 1e-12 * Math.max(Math.abs(lo), Math.abs(hi)) && hi - lo > 1e-100)) {
    const pad = Math.abs(lo) > 1e-90 ? Math.abs(lo) * 0.1 : 1;
    return niceAxis(lo - pad, lo + pad);
  }
  const mag = Math.floor(Math.log10(hi - lo));
  const steps: [number, number][] = [];
  for (let e = mag - 2; e <= mag + 1; e++) for (const m of [1, 2, 5]) steps.push([m, e]);
  // i·m/10^k rather than i·(m·10^-k): 3·0.1 is 0.30000000000000004, 3/10 is 0.3.
  const at = (i: number, m: number, e: number) => (e < 0 ? (i * m) / 10 ** -e : i * m * 10 ** e);
  const axis = (m: number, e: number, from: number, to: number, keep: boolean): NiceAxis => {
    const ticks = Array.from({ length: to - from + 1 }, (_, i) => at(from + i, m, e));
    return { lo: keep ? lo : ticks[0]!, hi: keep ? hi : ticks.at(-1)!, ticks, decimals: Math.max(0, -e) };
  };
  let nearest: NiceAxis | undefined;
  const firstFit = (keep: boolean): NiceAxis | undefined => {
    for (const [m, e] of steps) {
      const s = m * 10 ** e;
      const from = keep ? Math.ceil(lo / s - EPS) : Math.floor(lo / s + EPS);
      const to = keep ? Math.floor(hi / s + EPS) : Math.ceil(hi / s - EPS);
      const n = to - from + 1;
      if (n >= 4 && n <= 6) return axis(m, e, from, to, keep);
      if (keep && n >= 2 && (!nearest || Math.abs(n - 5) < Math.abs(nearest.ticks.length - 5))) {
        nearest = axis(m, e, from, to, keep);
      }
    }
    return undefined;
  };
  const widened = fixed ? undefined : firstFit(false);
  const kept = firstFit(true);
  // Widening [0, 119] to [0, 150] leaves a fifth of the plot empty; ticks inside [0, 119] look better.
  if (widened && (!kept || widened.hi - widened.lo <= 1.25 * (hi - lo))) return widened;
  // Fixed bounds may admit no 4–6 ticks (e.g. [2083606, 2097045] holds 3 or 7); take the nearest count.
  return kept ?? nearest!;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

/** Text content or attribute value, safe for user-supplied names; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text.replace(XML_FORBIDDEN, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

// Clamped so a far-off point under a fixed y range still prints as a number, not "Infinity".
const num = (v: number) => String(Math.round(Math.max(-1e6, Math.min(1e6, v)) * 100) / 100);
const finite = (p: { x: number; y: number }) => Number.isFinite(p.x) && Number.isFinite(p.y);
const orElse = (v: number | undefined, fallback: number) => (Number.isFinite(v) ? (v as number) : fallback);

function extent(values: readonly number[]): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

function text(x: number, y: number, content: string, attrs = ''): string {
  return `<text x="${num(x)}" y="${num(y)}"${attrs}>${escapeXml(content)}</text>`;
}

function renderPanel(
  panel: CurvePanel,
  origin: { x: number; y: number },
  xAxis: NiceAxis,
  colour: (name: string) => string,
  tick: (value: number, decimals: number) => string,
): string {
  const ys = extent(panel.series.flatMap((s) => s.points.filter(finite).map((p) => p.y)));
  const fixed = Number.isFinite(panel.yMin) && Number.isFinite(panel.yMax);
  const yAxis = niceAxis(orElse(panel.yMin, ys[0]), orElse(panel.yMax, ys[1]), fixed);
  const [pw, ph] = [PLOT_W, PLOT_H];
  const sx = (v: number) => M.left + ((v - xAxis.lo) / (xAxis.hi - xAxis.lo)) * pw;
  const sy = (v: number) => M.top + ph - ((v - yAxis.lo) / (yAxis.hi - yAxis.lo)) * ph;
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    `<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}"/>`;
  const out = [`<g transform="translate(${num(origin.x)},${num(origin.y)})">`];
  out.push(text(M.left + pw / 2, 16, panel.title, `${MIDDLE} font-size="13" font-weight="bold"`));
  out.push('<g stroke="#e6e6e6">');
  for (const t of yAxis.ticks) out.push(line(M.left, sy(t), M.left + pw, sy(t)));
  for (const t of xAxis.ticks) out.push(line(sx(t), M.top, sx(t), M.top + ph));
  out.push('</g>', `<g fill="#444">`);
  for (const t of yAxis.ticks) out.push(text(M.left - 6, sy(t) + 4, tick(t, yAxis.decimals), END));
  for (const t of xAxis.ticks) out.push(text(sx(t), M.top + ph + 15, tick(t, xAxis.decimals), MIDDLE));
  const yLabelAt = `translate(14,${num(M.top + ph / 2)}) rotate(-90)`;
  out.push(text(0, 0, panel.yLabel, `${MIDDLE} transform="${yLabelAt}"`), '</g>');
  out.push(`<rect x="${M.left}" y="${M.top}" width="${pw}" height="${ph}" fill="none" stroke="#999"/>`);
  out.push(`<g clip-path="url(#${CLIP_ID})" fill="none" stroke-width="1.75" stroke-linejoin="round">`);
  for (const s of panel.series) {
    const pts = s.points.filter(finite);
    const c = colour(s.name);
    const xy = pts.map((p) => `${num(sx(p.x))},${num(sy(p.y))}`);
    out.push(`<polyline stroke="${c}" points="${xy.join(' ')}"/>`);
    // One point draws no line, so it gets a dot.
    const [cx, cy] = xy.length === 1 ? xy[0]!.split(',') : [];
    if (cy) out.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${c}"/>`);
  }
  out.push('</g>', '</g>');
  return out.join('\n');
}

/** The whole chart: title, one legend for every series name (first appearance order), then the panels. */
export function renderCurvesSvg(chart: CurveChart): string {
  const names = [...new Set(chart.panels.flatMap((p) => p.series.map((s) => s.name)))];
  const colour = (name: string) => PALETTE[names.indexOf(name) % PALETTE.length]!;
  const cols = Math.max(1, Math.min(Math.floor(chart.columns ?? 2) || 1, chart.panels.length || 1));
  const rows = Math.ceil(chart.panels.length / cols);
  const width = cols * PANEL_W + 2 * PAD;

  const legend: string[] = [];
  let lx = PAD;
  let row = 0;
  for (const name of names) {
    const w = 30 + name.length * CHAR_W;
    if (lx > PAD && lx + w > width - PAD) [lx, row] = [PAD, row + 1];
    const y = TITLE_H + row * LEGEND_ROW + 8;
    const swatch = `x1="${num(lx)}" y1="${y}" x2="${num(lx + 18)}" y2="${y}" stroke="${colour(name)}"`;
    legend.push(`<line ${swatch} stroke-width="3"/>`, text(lx + 23, y + 4, name));
    lx += w;
  }
  const top = TITLE_H + (names.length > 0 ? row + 1 : 0) * LEGEND_ROW + 6;
  const height = top + rows * PANEL_H + FOOTER_H;

  const xs = chart.panels.flatMap((p) => p.series.flatMap((s) => s.points.filter(finite).map((q) => q.x)));
  const xAxis = niceAxis(...extent(xs));
  const panels = chart.panels.map((p, i) => {
    const origin = { x: PAD + (i % cols) * PANEL_W, y: top + Math.floor(i / cols) * PANEL_H };
    return renderPanel(p, origin, xAxis, colour, chart.tick ?? ((v, decimals) => v.toFixed(decimals)));
  });
  // Every panel clips to the same rectangle in its own (translated) coordinates, so one clipPath serves
  // all, and two charts inlined in one page may share the id harmlessly. It is 2px larger than the plot
  // so a line lying on the top or bottom edge keeps its full width.
  const clipRect = `<rect x="${M.left - 2}" y="${M.top - 2}" width="${PLOT_W + 4}" height="${PLOT_H + 4}"/>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(chart.title)}</title>`,
    `<defs><clipPath id="${CLIP_ID}">${clipRect}</clipPath></defs>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    text(width / 2, 22, chart.title, `${MIDDLE} font-size="15" font-weight="bold"`),
    ...legend,
    ...panels,
    text(width / 2, height - 10, chart.xLabel, `${MIDDLE} font-size="12"`),
    '</svg>',
    '',
  ].join('\n');
}

/** A panel's title and its y axis's label. */
export interface PanelWords {
  readonly title: string;
  readonly y: string;
}

/**
 * The words of the learning curves: the CLI's English by default; the page passes its language's
 * (and its number format for the ticks). The series' names (a policy, `r_perf`) are not words.
 */
export interface CurveWords {
  readonly episode: string;
  readonly reward: PanelWords;
  /** One run's reward terms in one panel. */
  readonly terms: PanelWords;
  /** The y label of each term's own panel (several runs). */
  readonly term: string;
  readonly quality: PanelWords;
  readonly criticalSteps: PanelWords;
  readonly parallelism: PanelWords;
  readonly spawns: PanelWords;
  readonly finish: PanelWords;
  readonly tick?: (value: number, decimals: number) => string;
}

export const englishCurveWords: CurveWords = {
  episode: 'episode',
  reward: { title: 'training reward (r_perf + λ terms)', y: 'reward' },
  terms: { title: 'reward terms', y: 'term' },
  term: 'term',
  quality: { title: 'quality (item-F1 / share right / pass@1)', y: 'quality' },
  criticalSteps: { title: 'critical steps', y: 'steps' },
  parallelism: { title: 'average parallelism', y: 'subagents busy' },
  spawns: { title: 'subagents spawned', y: 'spawns' },
  finish: { title: 'r_finish (spares count as unfinished)', y: 'rate' },
};

/** The learning curves as small multiples, one line per run (experiments overlay several). */
export function trainingCurvesSvg(
  title: string,
  runs: readonly { name: string; curves: readonly CurvePoint[] }[],
  /** Panels a row: 2, or 1 where two do not fit (a phone's Train view). */
  columns = 2,
  words: CurveWords = englishCurveWords,
): string {
  const panel = (
    name: string,
    yLabel: string,
    pick: (p: CurvePoint) => number,
    yMin?: number,
    yMax?: number,
  ) => ({
    title: name,
    yLabel,
    series: runs.map((r) => ({ name: r.name, points: r.curves.map((p) => ({ x: p.episodes, y: pick(p) })) })),
    ...(yMin !== undefined ? { yMin } : {}),
    ...(yMax !== undefined ? { yMax } : {}),
  });
  // One run: its reward's three terms share a panel, so their sizes compare at a glance (the λ
  // terms fade as their weights anneal; r_perf is what remains). Several runs: one panel per term.
  const terms: [string, (p: CurvePoint) => number][] = [
    ['r_perf', (p) => p.perf],
    ['λ1·r_parallel', (p) => p.parallelTerm],
    ['λ2·r_finish', (p) => p.finishTerm],
  ];
  const termPanels =
    runs.length === 1
      ? [
          {
            title: words.terms.title,
            yLabel: words.terms.y,
            series: terms.map(([name, pick]) => ({
              name,
              points: (runs[0]?.curves ?? []).map((p) => ({ x: p.episodes, y: pick(p) })),
            })),
          },
        ]
      : terms.map(([name, pick]) => panel(name, words.term, pick));
  return renderCurvesSvg({
    title,
    xLabel: words.episode,
    columns,
    ...(words.tick ? { tick: words.tick } : {}),
    panels: [
      panel(words.reward.title, words.reward.y, (p) => p.reward),
      ...termPanels,
      panel(words.quality.title, words.quality.y, (p) => p.quality),
      panel(words.criticalSteps.title, words.criticalSteps.y, (p) => p.criticalSteps),
      panel(words.parallelism.title, words.parallelism.y, (p) => p.avgParallelism),
      panel(words.spawns.title, words.spawns.y, (p) => p.spawnCount),
      panel(words.finish.title, words.finish.y, (p) => p.finishRate),
    ],
  });
}
