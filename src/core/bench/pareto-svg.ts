/**
 * Quality against cost and against critical steps, one point per policy, as one standalone SVG
 * (docs/experiments.md, the Train view's leaderboard). Lower cost or fewer steps and higher quality
 * are better, so the policies no other beats on both axes are joined as the Pareto front. String
 * building only, coordinates rounded, so the same points always give the same bytes.
 */
import { escapeXml, niceAxis } from '../learning/curves-svg';

export interface ParetoPoint {
  readonly name: string;
  readonly quality: number;
  readonly relativeCost: number;
  readonly criticalSteps: number;
  /** Points of one group share a colour (e.g. every training seed of PARL). */
  readonly group?: string;
}

type Axis = 'relativeCost' | 'criticalSteps';

const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];
const W = 380;
const H = 300;
const M = { left: 56, right: 16, top: 30, bottom: 40 };
const PW = W - M.left - M.right;
const PH = H - M.top - M.bottom;
const r2 = (x: number) => Math.round(x * 100) / 100;

/** Indices of the points not dominated on (lower `axis`, higher quality), ordered by `axis`. */
export function paretoFront(points: readonly ParetoPoint[], axis: Axis): number[] {
  const order = points
    .map((_, i) => i)
    .sort((a, b) => {
      const pa = points[a] as ParetoPoint;
      const pb = points[b] as ParetoPoint;
      return pa[axis] - pb[axis] || pb.quality - pa.quality;
    });
  const front: number[] = [];
  let best = Number.NEGATIVE_INFINITY;
  for (const i of order) {
    const q = (points[i] as ParetoPoint).quality;
    if (q > best) {
      front.push(i);
      best = q;
    }
  }
  return front;
}

/** The values' range widened by 4% each side, so no point sits on the frame. */
function padded(values: readonly number[]): [number, number] {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = (hi - lo) * 0.04;
  return [lo - pad, hi + pad];
}

function panel(
  points: readonly ParetoPoint[],
  axis: Axis,
  xLabel: string,
  colour: (p: ParetoPoint) => string,
  dx: number,
): string {
  const xs = niceAxis(...padded(points.map((p) => p[axis])));
  const ys = niceAxis(...padded(points.map((p) => p.quality)));
  const X = (v: number) => r2(dx + M.left + ((v - xs.lo) / (xs.hi - xs.lo || 1)) * PW);
  const Y = (v: number) => r2(M.top + PH - ((v - ys.lo) / (ys.hi - ys.lo || 1)) * PH);
  const out: string[] = [];
  out.push(`<rect x="${dx + M.left}" y="${M.top}" width="${PW}" height="${PH}" fill="none" stroke="#999"/>`);
  for (const t of xs.ticks)
    out.push(
      `<line x1="${X(t)}" y1="${M.top + PH}" x2="${X(t)}" y2="${M.top + PH + 4}" stroke="#999"/>`,
      `<text x="${X(t)}" y="${M.top + PH + 16}" text-anchor="middle">${t.toFixed(xs.decimals)}</text>`,
    );
  for (const t of ys.ticks)
    out.push(
      `<line x1="${dx + M.left - 4}" y1="${Y(t)}" x2="${dx + M.left}" y2="${Y(t)}" stroke="#999"/>`,
      `<text x="${dx + M.left - 7}" y="${r2(Y(t) + 4)}" text-anchor="end">${t.toFixed(ys.decimals)}</text>`,
    );
  out.push(
    `<text x="${r2(dx + M.left + PW / 2)}" y="${H - 6}" text-anchor="middle">${escapeXml(xLabel)}</text>`,
    `<text transform="translate(${dx + 14} ${r2(M.top + PH / 2)}) rotate(-90)" text-anchor="middle">quality</text>`,
  );
  const front = paretoFront(points, axis);
  if (front.length > 1) {
    const path = front.map(
      (i) => `${X((points[i] as ParetoPoint)[axis])},${Y((points[i] as ParetoPoint).quality)}`,
    );
    out.push(`<polyline points="${path.join(' ')}" fill="none" stroke="#888" stroke-dasharray="4 3"/>`);
  }
  for (const p of points)
    out.push(
      `<circle cx="${X(p[axis])}" cy="${Y(p.quality)}" r="4" fill="${colour(p)}" fill-opacity="0.85"><title>${escapeXml(
        `${p.name}: quality ${p.quality.toFixed(3)}, cost ×${p.relativeCost.toFixed(2)}, ${p.criticalSteps.toFixed(1)} critical steps`,
      )}</title></circle>`,
    );
  return out.join('');
}

/** Two panels side by side, quality against cost and against critical steps, with a legend. */
export function paretoSvg(title: string, points: readonly ParetoPoint[]): string {
  if (points.length === 0) throw new Error('a Pareto plot needs at least one policy');
  const groups = [...new Set(points.map((p) => p.group ?? p.name))];
  const colour = (p: ParetoPoint) => PALETTE[groups.indexOf(p.group ?? p.name) % PALETTE.length] as string;
  const legendRows = Math.ceil(groups.length / 3);
  const width = 2 * W;
  const height = H + 20 + legendRows * 18;
  const legend = groups.map((g, i) => {
    const x = 20 + (i % 3) * 240;
    const y = H + 18 + Math.floor(i / 3) * 18;
    return `<circle cx="${x}" cy="${y - 4}" r="4" fill="${PALETTE[i % PALETTE.length]}"/><text x="${x + 10}" y="${y}">${escapeXml(g)}</text>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="18" text-anchor="middle" font-size="13">${escapeXml(title)}</text>`,
    panel(points, 'relativeCost', 'cost (× the instance’s reference cost)', colour, 0),
    panel(points, 'criticalSteps', 'critical steps', colour, W),
    ...legend,
    '</svg>',
  ].join('');
}
