import { select } from 'd3-selection';
import { curveBasis, line } from 'd3-shape';
import { zoom, zoomIdentity } from 'd3-zoom';
import { createEffect, createMemo, createSignal, For, onCleanup, onMount, Show, untrack } from 'solid-js';
import type { TaskGraph } from '../../core/graph/types';
import type { TaskStatus } from '../model/replay';
import { criticalMarks, describeTask, edgeKey } from './critical';
import { layoutDag, taskGraphInput } from './layout';

export const STATUS_COLOURS: Readonly<Record<TaskStatus, string>> = {
  waiting: '#e4e7ee',
  ready: '#cfe0ff',
  running: '#f5c542',
  done: '#7cc79a',
  degraded: '#b7d9a8',
  failed: '#e0675f',
  skipped: '#b9bec9',
  cancelled: '#9aa0ab',
};

const VIEW_HEIGHT = 380;
/** Tasks up to which nodes carry their id and edges are curved. */
const LABELS_UP_TO = 400;

/**
 * The task graph, laid out once per graph; status changes only recolour nodes. Test hooks: every
 * node is `data-testid="dag-node"`, except those on the critical path, which are
 * `dag-node-critical` instead — so `[data-testid^="dag-node"]` finds them all.
 */
export function DagView(props: {
  graph: TaskGraph;
  status: (taskId: string) => TaskStatus;
  /** The orchestrator's step cost per task (mainStepCost), for the critical path and what-ifs. */
  overhead?: number;
}) {
  let svg: SVGSVGElement | undefined;
  let canvas: SVGGElement | undefined;
  // Memos on plain values, so a parent redrawing with the same graph and overhead redraws nothing.
  const graph = createMemo(() => props.graph);
  const overhead = createMemo(() => props.overhead ?? 0);
  const layout = createMemo(() => layoutDag(taskGraphInput(graph())));
  const marks = createMemo(() => criticalMarks(graph(), overhead()));
  const [hovered, setHovered] = createSignal<string | undefined>();
  const [factor, setFactor] = createSignal(2);
  let shapes: SVGRectElement[] = [];
  let shown: (TaskStatus | undefined)[] = [];

  // Draws the graph whenever it changes (once per run).
  createEffect(() => {
    const started = performance.now();
    const l = layout();
    const m = marks();
    if (!canvas) return;
    const root = select(canvas);
    root.selectChildren().remove();
    // Large graphs: straight segments and no labels, which cost more to draw than they tell.
    const large = l.nodes.length > LABELS_UP_TO;
    const path = large ? line() : line().curve(curveBasis);
    root
      .append('g')
      .attr('fill', 'none')
      .selectAll('path')
      .data(l.edges)
      .join('path')
      .attr('d', (e) => path(e.points as [number, number][]))
      .attr('stroke', (e) => (m.edges.has(edgeKey(e.source, e.target)) ? '#d1342f' : '#b4bac6'))
      .attr('stroke-width', (e) => (m.edges.has(edgeKey(e.source, e.target)) ? 2.5 : 1));
    const w = l.nodeWidth;
    const h = l.nodeHeight;
    const nodes = root
      .append('g')
      .selectAll('g')
      .data(l.nodes)
      .join('g')
      .attr('data-testid', (n) => (m.nodes.has(n.index) ? 'dag-node-critical' : 'dag-node'))
      .attr('data-task', (n) => n.id)
      .attr('transform', (n) => `translate(${n.x - w / 2},${n.y - h / 2})`);
    nodes
      .append('rect')
      .attr('width', w)
      .attr('height', h)
      .attr('rx', 4)
      .attr('stroke', (n) => (m.nodes.has(n.index) ? '#d1342f' : '#7d8595'))
      .attr('stroke-width', (n) => (m.nodes.has(n.index) ? 2.5 : 1));
    // Task ids come from the trace: set as text, never as markup.
    nodes
      .filter(() => !large)
      .append('text')
      .attr('x', w / 2)
      .attr('y', h / 2 + 4)
      .attr('text-anchor', 'middle')
      .attr('font-size', 10)
      .attr('pointer-events', 'none')
      .text((n) => (n.id.length > 9 ? `${n.id.slice(0, 8)}…` : n.id));
    shapes = nodes.select<SVGRectElement>('rect').nodes();
    shown = [];
    // Untracked: the drawing depends on the graph only; status changes go through the effect below.
    untrack(recolour);
    fitToView();
    // Layout, drawing and the browser's first paint of it, for DevTools and bench/playground.ts.
    requestAnimationFrame(() =>
      setTimeout(() =>
        performance.measure('swarmflight:dag-render', { start: started, end: performance.now() }),
      ),
    );
  });

  function recolour() {
    const l = layout();
    for (let i = 0; i < l.nodes.length; i++) {
      const status = props.status((l.nodes[i] as (typeof l.nodes)[number]).id);
      if (shown[i] === status) continue;
      shown[i] = status;
      shapes[i]?.setAttribute('fill', STATUS_COLOURS[status]);
    }
  }
  // Status changes: only fills that changed are touched.
  createEffect(() => {
    props.status;
    recolour();
  });

  const behaviour = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.02, 4])
    .on('zoom', (event) => canvas?.setAttribute('transform', event.transform.toString()));
  function fitToView() {
    if (!svg) return;
    const l = layout();
    const width = svg.clientWidth || 900;
    const k = Math.min(1.5, (width - 20) / Math.max(1, l.width), (VIEW_HEIGHT - 20) / Math.max(1, l.height));
    const t = zoomIdentity.translate((width - l.width * k) / 2, (VIEW_HEIGHT - l.height * k) / 2).scale(k);
    select(svg).call(behaviour.transform, t);
  }
  onMount(() => {
    if (svg) select(svg).call(behaviour);
    fitToView();
  });
  onCleanup(() => {
    if (svg) select(svg).on('.zoom', null);
  });

  const over = (event: MouseEvent) => {
    const g = (event.target as Element).closest('[data-task]');
    setHovered(g?.getAttribute('data-task') ?? undefined);
  };

  return (
    <div>
      <svg
        ref={svg}
        width="100%"
        height={VIEW_HEIGHT}
        role="img"
        aria-label={`Task graph of ${props.graph.n} tasks; the critical path is outlined in red`}
        onPointerOver={over}
        style={{ background: '#fbfbfd', cursor: 'grab', display: 'block' }}
      >
        <g ref={canvas} />
      </svg>
      <div class="actions note">
        <For each={Object.entries(STATUS_COLOURS)}>
          {([name, colour]) => (
            <span>
              <svg width="10" height="10" aria-hidden="true">
                <rect width="10" height="10" fill={colour} stroke="#7d8595" />
              </svg>{' '}
              {name}
            </span>
          )}
        </For>
        <span>· critical path: {marks().cpm.length} steps</span>
        <label>
          what-if speed-up{' '}
          <select value={factor()} onChange={(e) => setFactor(Number(e.currentTarget.value))}>
            <option value="2">2×</option>
            <option value="4">4×</option>
            <option value="10">10×</option>
          </select>
        </label>
        <button type="button" class="secondary" onClick={fitToView}>
          Fit
        </button>
      </div>
      <Show
        when={hovered()}
        fallback={<p class="note">Hover a task for its slack and what a faster subagent would change.</p>}
      >
        {(id) => (
          <p class="mono" data-testid="dag-hover">
            {describeTask(graph(), marks(), id(), factor(), overhead())}
          </p>
        )}
      </Show>
    </div>
  );
}
