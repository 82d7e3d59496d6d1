/**
 * The DAG view's zoom and drag: its height, fitted to a layout so the graph can be read, and a
 * node brought into view when the keyboard reaches it off screen.
 */
import { select } from 'd3-selection';
import { zoom, zoomIdentity, zoomTransform } from 'd3-zoom';
import { createSignal, onCleanup, onMount } from 'solid-js';
import type { DagLayout } from './layout';
import { LABELS_UP_TO } from './node-labels';

const VIEW_HEIGHT = 380;
/**
 * A graph whose widest layer would be drawn below this scale to fit 380 px (32 shards of one
 * wave: 960 px tall, 8 px nodes, unreadable) gets a taller view, up to MAX_VIEW_HEIGHT; beyond
 * that it is zoomed and dragged as before.
 */
const READABLE_SCALE = 0.75;
const MAX_VIEW_HEIGHT = 720;
/** The least scale a phone shows a labelled graph at: 10 px labels drawn at about 6 px. */
const PHONE_SCALE = 0.6;

/** The view's height for a layout `height` tall: enough to show it at READABLE_SCALE, within bounds. */
const viewHeightFor = (height: number) =>
  Math.round(Math.min(MAX_VIEW_HEIGHT, Math.max(VIEW_HEIGHT, height * READABLE_SCALE + 20)));

export function dagZoom(parts: {
  readonly svg: () => SVGSVGElement | undefined;
  readonly canvas: () => SVGGElement | undefined;
  /** The layout on screen. */
  readonly layout: () => DagLayout;
}) {
  const behaviour = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.02, 4])
    .on('zoom', (event) => parts.canvas()?.setAttribute('transform', event.transform.toString()));
  const [viewHeight, setViewHeight] = createSignal(VIEW_HEIGHT);
  /** Width over height of the panel a layout like `l` is shown in, margins off. */
  const panelAspect = (l: DagLayout) =>
    ((parts.svg()?.clientWidth || 900) - 20) / Math.max(1, viewHeightFor(l.height) - 20);
  function fitToView() {
    const svg = parts.svg();
    if (!svg) return;
    const l = parts.layout();
    const width = svg.clientWidth || 900;
    const height = viewHeightFor(l.height);
    setViewHeight(height);
    const fit = Math.min(1.5, (width - 20) / Math.max(1, l.width), (height - 20) / Math.max(1, l.height));
    // On a phone a graph of several columns fitted to the width had 3 px labels: it keeps a scale
    // its labels can be read at, starts at its left end, and is dragged sideways to see the rest.
    const readable = width < 600 && l.nodes.length <= LABELS_UP_TO ? PHONE_SCALE : 0;
    const k = Math.max(fit, Math.min(readable, 1.5));
    const x = l.width * k > width - 20 ? 10 : (width - l.width * k) / 2;
    const y = l.height * k > height - 20 ? 10 : (height - l.height * k) / 2;
    const t = zoomIdentity.translate(x, y).scale(k);
    select(svg).call(behaviour.transform, t);
  }
  onMount(() => {
    const svg = parts.svg();
    if (svg) select(svg).call(behaviour);
    fitToView();
  });
  onCleanup(() => {
    const svg = parts.svg();
    if (svg) select(svg).on('.zoom', null);
  });
  // A node reached by Tab or an arrow key outside the part of the graph on screen (a phone shows
  // a wide graph's start, the rest dragged into view) is brought into it: focus does not scroll an
  // SVG's zoom, and a detail beside a node nobody can see says nothing.
  const reveal = (node: Element) => {
    const svg = parts.svg();
    if (!svg) return;
    const box = node.getBoundingClientRect();
    const view = svg.getBoundingClientRect();
    const by = (low: number, high: number, from: number, to: number) =>
      low < from + 10 ? from + 10 - low : high > to - 10 ? Math.max(from + 10 - low, to - 10 - high) : 0;
    const dx = by(box.left, box.right, view.left, view.right);
    const dy = by(box.top, box.bottom, view.top, view.bottom);
    const k = zoomTransform(svg).k;
    if (dx !== 0 || dy !== 0) select(svg).call(behaviour.translateBy, dx / k, dy / k);
  };
  return { viewHeight, panelAspect, fitToView, reveal };
}
