import { select } from 'd3-selection';
import { zoom, zoomIdentity, zoomTransform } from 'd3-zoom';
import { createEffect, createMemo, createSignal, For, on, onCleanup, onMount, Show, untrack } from 'solid-js';
import type { TaskGraph } from '../../core/graph/types';
import { actionOf, DetailBeside } from '../detail/detail-beside';
import { PictureDownload } from '../export/picture-download';
import { t } from '../i18n/t';
import { decisionBehind } from '../model/fork-view';
import { formatNumber } from '../model/format';
import type { Realized, TaskStatus } from '../model/replay';
import { criticalMarks, describeTask, realizedTaskGraph } from './critical';
import { type Drawn, drawGraph, type NodeState, STATUS_COLOURS, updateGraph } from './dag-draw';
import { stretchToAspect } from './fit-layout';
import { markFork, type NodeForkMarks } from './fork-marks';
import type { DagLayout } from './layout';
import { createLayouter, Superseded } from './layout-client';
import { type ArrowKey, nextNode } from './node-keys';
import { LABELS_UP_TO } from './node-labels';
import { pathSummary, plannedWords } from './path-summary';
import { isPeersPlan } from './peers';
import { graphShape, type PathMarks, type RunGraph, realizedMarks, runGraph } from './run-graph';
import { StageStrip } from './stage-strip';
import { throttledShape } from './throttled-shape';

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
const EMPTY: DagLayout = { nodes: [], edges: [], width: 0, height: 0, nodeWidth: 0, nodeHeight: 0 };

/** How each retried attempt's node ended, by node index: failed, or cancelled. */
function failedAttempts(g: RunGraph): Map<number, 'failed' | 'cancelled'> {
  const out = new Map<number, 'failed' | 'cancelled'>();
  for (const node of g.attemptNode.values()) {
    out.set(node, (g.labels[node] ?? '').endsWith('cancelled') ? 'cancelled' : 'failed');
  }
  return out;
}

/**
 * The run's graph: tasks, and the orchestrator's steps once the run has them, with the realized
 * critical path in red and the planned one dashed. It is laid out again only when its shape
 * changes (a new orchestrator step, the run's end); status, marks and times are updated in place.
 * Test hooks: every node is `dag-node`, or `dag-node-critical` on the realized path, with
 * `data-task`, `data-kind` (`task` | `main`), `data-start` and `data-finish` (step-time).
 */
export function DagView(props: {
  graph: TaskGraph;
  status: (taskId: string) => TaskStatus;
  /** The orchestrator's step cost (mainStepCost), for the planned path and what-ifs. */
  overhead?: number;
  /** What the run took so far; absent before it starts. */
  realized?: Realized;
  /**
   * The bounds the metric cards show, so the caption and the what-ifs say the same numbers: the
   * plan's estimate and P (the subagents a bound shares the work among).
   */
  bounds?: { readonly planned: number; readonly workers: number };
  /** "Fork from here": a node's detail offers to fork the run at the decision behind it. */
  onFork?: ((decision: number) => void) | undefined;
  /** A fork's marks (views/fork-drawings.tsx): nodes shared with the original, and the first difference. */
  forkMarks?: NodeForkMarks | undefined;
}) {
  let svg: SVGSVGElement | undefined;
  let canvas: SVGGElement | undefined;
  const overhead = createMemo(() => props.overhead ?? 0);
  const peers = createMemo(() => isPeersPlan(props.graph.ids));
  const planned = createMemo(() => criticalMarks(props.graph, overhead()));
  const estimate = () =>
    props.bounds ? { value: props.bounds.planned, workers: props.bounds.workers } : undefined;
  // The shape: which nodes exist. Marks and times change far more often; while a run goes on a
  // new shape is laid out at most once per RELAYOUT_MS, so layouts do not crowd the main thread.
  const shape = throttledShape(
    () => graphShape(props.graph, props.realized),
    () => props.realized?.endedAt !== undefined,
  );
  const graph = createMemo(
    on([() => props.graph, shape], () => untrack(() => runGraph(props.graph, props.realized))),
  );
  // Laid out here or, past OFF_THREAD_FROM nodes, in a worker; the drawing follows the graph that
  // was laid out, so a newer graph waiting for its layout never meets an older layout.
  const layouter = createLayouter();
  // A layout can arrive after the view is gone (d3-dag is loaded with the first graph): it must
  // then touch nothing, not even the graph it was asked for, whose props are stale by then.
  let disposed = false;
  onCleanup(() => {
    disposed = true;
    layouter.dispose();
  });
  const [laid, setLaid] = createSignal<{ graph: RunGraph; layout: DagLayout; asked: number }>();
  const [layoutError, setLayoutError] = createSignal<string>();
  createEffect(() => {
    const g = graph();
    const asked = performance.now();
    layouter.layout(g.input).then(
      (layout) => {
        if (!disposed && graph() === g) setLaid({ graph: g, layout, asked });
      },
      (error: unknown) => {
        if (!disposed && !(error instanceof Superseded)) setLayoutError((error as Error).message);
      },
    );
  });
  // What is on screen: the layout stretched to the panel's proportions when it was drawn.
  let shownLayout: DagLayout = EMPTY;
  const layout = () => shownLayout;
  const finished = () => props.realized?.endedAt !== undefined;
  const showRealized = () => Boolean(props.realized && !props.realized.path.unavailable);
  const marks = createMemo<PathMarks>(() =>
    props.realized && showRealized()
      ? realizedMarks(laid()?.graph ?? graph(), props.realized, props.graph)
      : { nodes: new Set(), edges: new Set() },
  );
  // Slack and what-ifs: on the steps the run took once it ended, on the plan before.
  const basis = createMemo(() =>
    finished() && props.realized ? realizedTaskGraph(props.graph, props.realized) : props.graph,
  );
  const basisMarks = createMemo(() => criticalMarks(basis(), overhead()));
  const [hovered, setHovered] = createSignal<string | undefined>();
  const [factor, setFactor] = createSignal(2);
  let drawn: Drawn | undefined;
  let shown = { nodes: [] as string[], edges: [] as string[] };

  createEffect(() => {
    const current = laid();
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
    const realized = props.realized;
    // Live times: a task's last attempt so far, read from the snapshot, not the laid-out copy.
    const times = new Map<string, { start: number; end: number | undefined }>();
    for (const a of realized?.attempts ?? []) times.set(a.task, { start: a.start, end: a.end });
    const stateOf = (i: number): NodeState => {
      if (i < g.taskCount) {
        const id = props.graph.ids[i] as string;
        const time = times.get(id);
        return {
          fill: STATUS_COLOURS[props.status(id)],
          onPath: m.nodes.has(i),
          planned: plan.nodes.has(i),
          start: time?.start,
          finish: time?.end,
        };
      }
      // A retried attempt's own node: the colour of how it ended.
      const attempt = failedAttempts(g).get(i);
      return {
        fill: attempt ? STATUS_COLOURS[attempt] : undefined,
        onPath: m.nodes.has(i),
        planned: false,
        start: g.start[i],
        finish: g.finish[i],
      };
    };
    updateGraph(drawn, stateOf, m.edges, plan.edges, shown);
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

  const behaviour = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.02, 4])
    .on('zoom', (event) => canvas?.setAttribute('transform', event.transform.toString()));
  const [viewHeight, setViewHeight] = createSignal(VIEW_HEIGHT);
  /** Width over height of the panel a layout like `l` is shown in, margins off. */
  const panelAspect = (l: DagLayout) =>
    ((svg?.clientWidth || 900) - 20) / Math.max(1, viewHeightFor(l.height) - 20);
  function fitToView() {
    if (!svg) return;
    const l = layout();
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
    if (svg) select(svg).call(behaviour);
    fitToView();
  });
  onCleanup(() => {
    if (svg) select(svg).on('.zoom', null);
  });

  // The node the detail is about: drawn beside it, not below the picture (detail/detail-beside.tsx).
  const [anchor, setAnchor] = createSignal<Element | undefined>();
  const point = (g: Element | null) => {
    setAnchor(g ?? undefined);
    setHovered(g?.getAttribute('data-task') ?? undefined);
  };
  // The pointer on the background keeps the last node's detail (WCAG 1.4.13: it can be moved onto
  // the detail's action); another node or Escape replaces it.
  const over = (event: MouseEvent) => {
    const node = (event.target as Element).closest('[data-task]');
    if (node) point(node);
  };
  const focused = (event: FocusEvent) => {
    const node = (event.target as Element).closest('[data-task]');
    if (node) reveal(node);
    point(node);
  };
  // A node reached by Tab or an arrow key outside the part of the graph on screen (a phone shows
  // a wide graph's start, the rest dragged into view) is brought into it: focus does not scroll an
  // SVG's zoom, and a detail beside a node nobody can see says nothing.
  const reveal = (node: Element) => {
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
  const keys = (event: KeyboardEvent) => {
    // The detail is dismissed without moving the focus (WCAG 1.4.13).
    if (event.key === 'Escape') return setHovered(undefined);
    // Tab from a node whose detail has an action goes to the action first (detail-beside.tsx).
    const action = event.key === 'Tab' && !event.shiftKey ? actionOf(svg?.parentElement) : null;
    if (action) {
      event.preventDefault();
      return action.focus();
    }
    const key = event.key as ArrowKey;
    if (!['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown'].includes(key)) return;
    const id = (event.target as Element).closest('[data-task]')?.getAttribute('data-task');
    const l = laid();
    if (!id || !l) return;
    const from = l.graph.input.ids.indexOf(id);
    const to = nextNode(l.layout, from, key);
    event.preventDefault();
    const target =
      to === undefined
        ? undefined
        : drawn?.groups.find((g) => g.getAttribute('data-task') === l.graph.input.ids[to]);
    target?.focus();
  };
  const describe = (id: string) => {
    const g = laid()?.graph ?? graph();
    const node = g.input.ids.indexOf(id);
    if (node >= g.taskCount && g.attemptNode.has(id)) {
      const [task, attempt] = id.split('#');
      const a = props.realized?.attempts.find((x) => x.task === task && String(x.attempt) === attempt);
      return t('dag.attempt', {
        task: task ?? '',
        attempt: attempt ?? '',
        start: String(a?.start),
        end: String(a?.end),
        subagent: String(a?.subagent),
        outcome: a?.outcome ?? '',
      });
    }
    if (node >= g.taskCount) {
      const step = props.realized?.stages.find((s) => `main:${s.step}` === id);
      if (!step) return t('dag.end', { label: g.labels[node] ?? id });
      return t('dag.decision', {
        step: step.step,
        steps: props.realized?.stages.length ?? 0,
        t: step.t,
        main: step.main,
        n: step.launched.length,
        slowest: step.maxSub,
      });
    }
    const prefix = finished() ? t('dag.asRun') : t('dag.asPlanned');
    const b = props.bounds;
    // After the run, the lower-bound card's figure; before it, the planned estimate's.
    const shown = b
      ? finished() && props.realized
        ? { name: t('dag.lowerBound'), value: props.realized.lowerBound, workers: b.workers }
        : { name: t('dag.plannedEstimate'), value: b.planned, workers: b.workers }
      : undefined;
    return t('dag.with', {
      text: describeTask(basis(), basisMarks(), id, factor(), overhead(), shown),
      how: prefix,
    });
  };

  const forkAction = (id: string) => {
    const run = props.onFork;
    const decision = run ? decisionBehind(props.realized, id) : undefined;
    return run && decision !== undefined
      ? {
          label: t('dag.forkFrom', { decision }),
          run: () => run(decision),
          testId: 'dag-fork-here',
        }
      : undefined;
  };

  return (
    <div>
      <div class="detail-frame">
        <svg
          ref={svg}
          width="100%"
          height={viewHeight()}
          role="application"
          aria-label={t('dag.label', {
            peers: peers() ? 'yes' : 'no',
            n: props.graph.n,
            main: peers() ? 0 : (props.realized?.stages.length ?? 0),
          })}
          onPointerOver={over}
          onFocusIn={focused}
          onKeyDown={keys}
          style={{ background: '#fbfbfd', cursor: 'grab', display: 'block' }}
          data-testid="dag"
        >
          <g ref={canvas} />
        </svg>
        <Show when={hovered()}>
          {(id) => (
            <DetailBeside
              text={describe(id())}
              anchor={anchor()}
              testId="dag-hover"
              action={forkAction(id())}
              onLeave={() => setHovered(undefined)}
            />
          )}
        </Show>
      </div>
      <div class="actions note">
        <For each={Object.entries(STATUS_COLOURS)}>
          {([name, colour]) => (
            <span>
              <svg width="10" height="10" aria-hidden="true">
                <rect width="10" height="10" fill={colour} stroke="#7d8595" />
              </svg>{' '}
              {t(`node.${name as TaskStatus}`)}
            </span>
          )}
        </For>
        <span data-testid="critical-path-summary">
          {props.realized
            ? pathSummary(props.realized, planned().cpm.length, peers(), estimate())
            : plannedWords(planned().cpm.length, estimate())}
        </span>
        <label>
          {t('dag.whatIf')}{' '}
          <select value={factor()} onChange={(e) => setFactor(Number(e.currentTarget.value))}>
            <option value="2">2×</option>
            <option value="4">4×</option>
            <option value="10">10×</option>
          </select>
        </label>
        <button type="button" class="secondary" onClick={fitToView}>
          {t('dag.fit')}
        </button>
        <PictureDownload
          svg={() => svg}
          content={() => canvas}
          name="dag"
          label={t('dag.pictureName')}
          title={t('dag.pictureTitle', { id: props.graph.id })}
        />
      </div>
      <Show when={props.realized?.stages.length}>
        <StageStrip realized={props.realized as Realized} peers={peers()} />
      </Show>
      <Show when={layoutError()}>
        <p class="error" role="alert" data-testid="dag-error">
          {t('dag.layoutFailed', { error: layoutError() ?? '' })}
        </p>
      </Show>
      <Show when={!laid()}>
        <p class="note" data-testid="dag-laying-out">
          {t('dag.layingOut', { n: formatNumber(graph().input.ids.length) })}
        </p>
      </Show>
      <Show when={!hovered()}>
        <p class="note">{t('dag.hint')}</p>
      </Show>
    </div>
  );
}
