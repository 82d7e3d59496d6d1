/**
 * The DAG view's drawing: drawn again when a new layout arrives, and its statuses, marks and times
 * updated in place as the run goes on; zoomed and fitted by dag-zoom.ts.
 */
import { type Accessor, createEffect, untrack } from 'solid-js';
import type { TaskGraph } from '../../core/graph/types';
import type { Realized, TaskStatus } from '../model/replay';
import type { CriticalMarks } from './critical';
import { type Drawn, drawGraph, updateGraph } from './dag-draw';
import { dagZoom } from './dag-zoom';
import { stretchToAspect } from './fit-layout';
import { markFork, type NodeForkMarks } from './fork-marks';
import type { Laid } from './laid-out-graph';
import type { DagLayout } from './layout';
import { LABELS_UP_TO } from './node-labels';
import { nodeStates } from './node-states';
import type { PathMarks } from './run-graph';

const EMPTY: DagLayout = { nodes: [], edges: [], width: 0, height: 0, nodeWidth: 0, nodeHeight: 0 };

export function dagDrawing(parts: {
  readonly props: {
    readonly graph: TaskGraph;
    readonly status: (taskId: string) => TaskStatus;
    readonly realized?: Realized;
    readonly forkMarks?: NodeForkMarks | undefined;
  };
  readonly svg: () => SVGSVGElement | undefined;
  readonly canvas: () => SVGGElement | undefined;
  readonly laid: Accessor<Laid | undefined>;
  /** The realized path's marks, and the planned path's. */
  readonly marks: Accessor<PathMarks>;
  readonly planned: Accessor<CriticalMarks>;
}) {
  const { props, laid, marks, planned } = parts;
  // What is on screen: the layout stretched to the panel's proportions when it was drawn.
  let shownLayout: DagLayout = EMPTY;
  let drawn: Drawn | undefined;
  let shown = { nodes: [] as string[], edges: [] as string[] };

  createEffect(() => {
    const current = laid();
    const canvas = parts.canvas();
    if (!canvas || !current) return;
    const started = current.asked;
    const l = stretchToAspect(
      current.layout,
      panelAspect(current.layout),
      current.layout.nodes.length > LABELS_UP_TO,
    );
    shownLayout = l;
    drawn = drawGraph(canvas, l, current.graph.labels);
    markFork(
      drawn.groups,
      untrack(() => props.forkMarks),
    );
    shown = { nodes: [], edges: [] };
    untrack(update);
    untrack(fitToView);
    // Layout, drawing and the browser's first paint of it, for DevTools and bench/playground.ts.
    requestAnimationFrame(() =>
      setTimeout(() =>
        performance.measure('swarmflight:dag-render', { start: started, end: performance.now() }),
      ),
    );
  });
  function update() {
    const g = laid()?.graph;
    if (!drawn || !g) return;
    const m = marks();
    const plan = planned();
    updateGraph(
      drawn,
      nodeStates(g, props.graph, props.status, m, plan, props.realized),
      m.edges,
      plan.edges,
      shown,
    );
  }
  createEffect(() => {
    props.status;
    props.realized;
    marks();
    update();
  });
  createEffect(() => {
    const m = props.forkMarks;
    if (drawn) markFork(drawn.groups, m);
  });
  const { viewHeight, panelAspect, fitToView, reveal } = dagZoom({
    svg: parts.svg,
    canvas: parts.canvas,
    layout: () => shownLayout,
  });
  return { drawn: () => drawn, viewHeight, fitToView, reveal };
}
