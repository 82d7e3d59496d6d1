/**
 * A run's DAG as one SVG document, as a string: the picture a model is shown when asked about the
 * run (docs/models.md, "Models that see"). It is the Run view's own graph — the same nodes
 * (run-graph.ts: tasks, the orchestrator's steps, retried attempts, the end), the same layout
 * (layout.ts), the same realized critical path in red (realizedMarks) and the same colours
 * (dag-draw.ts) — drawn without a DOM, so the CLI and the API in Node draw exactly what the page
 * draws, and the page turns the same string into its PNG. Pure: strings only.
 *
 * The CLI and the API may import this file and only this one of src/ui (.dependency-cruiser.cjs,
 * rule `cli-not-ui`'s exception): it reaches no DOM, no Solid and no adapter.
 */

import { curveBasis, line } from 'd3-shape';
import type { TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import { foldTrace, type RunSnapshot } from '../model/replay';
import { MAIN_FILL, PATH_COLOUR, STATUS_COLOURS } from './dag-draw';
import { layoutDag } from './layout';
import { charsFor, fitLabels, LABELS_UP_TO } from './node-labels';
import { realizedMarks, runGraph } from './run-graph';

const EDGE_COLOUR = '#b4bac6';
const OUTLINE = '#7d8595';
/** Room around the graph, and the band above it that says what the red means. */
const MARGIN = 16;
const BAND = 28;

export interface RunPicture {
  readonly svg: string;
  /** The SVG's size in px (its viewBox): a PNG drawn at zoom z is z times this. */
  readonly width: number;
  readonly height: number;
  /** Every node drawn, by id (tasks, `main:<step>`, `task#attempt`, `main:end`), in node order. */
  readonly nodes: readonly string[];
  /** The nodes on the realized critical path, in node order. */
  readonly critical: readonly string[];
}

/** The run's picture from its trace; `snapshot` when the caller has folded it already (the page). */
export function runPicture(
  header: Pick<TraceHeader, 'mainStepCost' | 'roles' | 'scenario'>,
  events: readonly TraceEvent[],
  snapshot: RunSnapshot = foldTrace(events, Number.POSITIVE_INFINITY, header.mainStepCost, header.roles),
): RunPicture {
  const graph = snapshot.graph;
  if (graph === undefined) throw new Error('the trace has no run.started event: there is no graph to draw');
  const realized = snapshot.realized;
  const rg = runGraph(graph, realized);
  const l = layoutDag(rg.input);
  const marks = realized.path.unavailable
    ? { nodes: new Set<number>(), edges: new Set<string>() }
    : realizedMarks(rg, realized, graph);
  const title = `${header.scenario.title ?? header.scenario.id}: red is the realized critical path (${realized.path.length} steps)`;
  // The title is not cut when the graph is narrower than it (wide search): about 0.6 em a
  // character at 12 px, DejaVu Sans's average, so the picture is as wide as the longer of the two.
  const width = Math.ceil(Math.max(l.width, title.length * 7.2) + 2 * MARGIN);
  const height = Math.ceil(l.height + 2 * MARGIN + BAND);
  const large = l.nodes.length > LABELS_UP_TO;
  const path = large ? line() : line().curve(curveBasis);
  const w = l.nodeWidth;
  const h = l.nodeHeight;
  const names = large
    ? []
    : fitLabels(
        l.nodes.map((n) => rg.labels[n.index] ?? n.id),
        charsFor(w),
      );
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${MARGIN}" y="${MARGIN + 4}" font-size="12" fill="#1d2330">${asText(title)}</text>`,
    `<g transform="translate(${MARGIN},${MARGIN + BAND})">`,
    `<g fill="none">`,
  ];
  for (const e of l.edges) {
    const onPath = marks.edges.has(`${e.source}>${e.target}`);
    const d = path(e.points as [number, number][]) ?? '';
    out.push(
      `<path d="${d}" stroke="${onPath ? PATH_COLOUR : EDGE_COLOUR}" stroke-width="${onPath ? 2.5 : 1}"${onPath ? ' data-critical="true"' : ''}/>`,
    );
  }
  out.push('</g>');
  l.nodes.forEach((n, k) => {
    const onPath = marks.nodes.has(n.index);
    const fill =
      n.kind === 'main'
        ? MAIN_FILL
        : (STATUS_COLOURS[snapshot.status.get(n.id) ?? 'waiting'] ?? STATUS_COLOURS.waiting);
    out.push(
      `<g data-testid="${onPath ? 'dag-node-critical' : 'dag-node'}" data-task="${asText(n.id)}" data-kind="${n.kind}" transform="translate(${n.x - w / 2},${n.y - h / 2})">`,
      `<rect width="${w}" height="${h}" rx="${n.kind === 'main' ? h / 2 : 4}" fill="${fill}" stroke="${onPath ? PATH_COLOUR : OUTLINE}" stroke-width="${onPath ? 2.5 : 1}"/>`,
    );
    if (!large)
      out.push(
        `<text x="${w / 2}" y="${h / 2 + 4}" text-anchor="middle" font-size="10" fill="${n.kind === 'main' ? '#ffffff' : '#1d2330'}">${asText(names[k] ?? '')}</text>`,
      );
    out.push('</g>');
  });
  out.push('</g>', '</svg>');
  const ids = rg.input.ids;
  return {
    svg: out.join('\n'),
    width,
    height,
    nodes: [...ids],
    critical: ids.filter((_, i) => marks.nodes.has(i)),
  };
}

/** Text and attribute values from the trace, as text: never markup. */
function asText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
