/**
 * The run graph the DAG view draws, and its layout: laid out again only when its shape changes (a
 * new orchestrator step, the run's end), here or, past OFF_THREAD_FROM nodes, in a worker.
 */
import { createEffect, createMemo, createSignal, on, onCleanup, untrack } from 'solid-js';
import type { TaskGraph } from '../../core/graph/types';
import type { Realized } from '../model/replay';
import type { DagLayout } from './layout';
import { createLayouter, Superseded } from './layout-client';
import { graphShape, type RunGraph, runGraph } from './run-graph';
import { throttledShape } from './throttled-shape';

/** A graph and the layout made for it; `asked` is when the layout was asked for (performance.now). */
export interface Laid {
  readonly graph: RunGraph;
  readonly layout: DagLayout;
  readonly asked: number;
}

export function laidOutGraph(props: { readonly graph: TaskGraph; readonly realized?: Realized }) {
  // The shape: which nodes exist. Marks and times change far more often; while a run goes on a
  // new shape is laid out at most once per RELAYOUT_MS, so layouts do not crowd the main thread.
  const shape = throttledShape(
    () => graphShape(props.graph, props.realized),
    () => props.realized?.endedAt !== undefined,
  );
  const graph = createMemo(
    on([() => props.graph, shape], () => untrack(() => runGraph(props.graph, props.realized))),
  );
  // The drawing follows the graph that was laid out, so a newer graph waiting for its layout
  // never meets an older layout.
  const layouter = createLayouter();
  // A layout can arrive after the view is gone (d3-dag is loaded with the first graph): it must
  // then touch nothing, not even the graph it was asked for, whose props are stale by then.
  let disposed = false;
  onCleanup(() => {
    disposed = true;
    layouter.dispose();
  });
  const [laid, setLaid] = createSignal<Laid>();
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
  return { graph, laid, layoutError };
}
