import { createMemo, createSignal, Show } from 'solid-js';
import type { TaskGraph } from '../../core/graph/types';
import { DetailBeside } from '../detail/detail-beside';
import { PictureDownload } from '../export/picture-download';
import { t } from '../i18n/t';
import type { Realized, TaskStatus } from '../model/replay';
import { criticalMarks, realizedTaskGraph } from './critical';
import { dagDrawing } from './dag-drawing';
import { DagNotes } from './dag-notes';
import type { NodeForkMarks } from './fork-marks';
import { laidOutGraph } from './laid-out-graph';
import { forkAction, nodeDetail } from './node-detail';
import { nodePointing } from './node-pointing';
import { pathSummary, plannedWords } from './path-summary';
import { isPeersPlan } from './peers';
import { type PathMarks, realizedMarks } from './run-graph';
import { StatusLegend } from './status-legend';

export interface DagViewProps {
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
}

/**
 * The run's graph: tasks, and the orchestrator's steps once the run has them, with the realized
 * critical path in red and the planned one dashed. It is laid out again only when its shape
 * changes (a new orchestrator step, the run's end); status, marks and times are updated in place.
 * Test hooks: every node is `dag-node`, or `dag-node-critical` on the realized path, with
 * `data-task`, `data-kind` (`task` | `main`), `data-start` and `data-finish` (step-time).
 */
export function DagView(props: DagViewProps) {
  let svg: SVGSVGElement | undefined;
  let canvas: SVGGElement | undefined;
  const overhead = createMemo(() => props.overhead ?? 0);
  const peers = createMemo(() => isPeersPlan(props.graph.ids));
  const planned = createMemo(() => criticalMarks(props.graph, overhead()));
  const estimate = () =>
    props.bounds ? { value: props.bounds.planned, workers: props.bounds.workers } : undefined;
  const { graph, laid, layoutError } = laidOutGraph(props);
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
  const [factor, setFactor] = createSignal(2);
  const { drawn, viewHeight, fitToView, reveal } = dagDrawing({
    props,
    svg: () => svg,
    canvas: () => canvas,
    laid,
    marks,
    planned,
  });
  const pointing = nodePointing({ svg: () => svg, laid, drawn, reveal });
  const { hovered, setHovered } = pointing;
  const describe = (id: string) =>
    nodeDetail(
      {
        graph: () => laid()?.graph ?? graph(),
        realized: () => props.realized,
        bounds: () => props.bounds,
        finished,
        basis,
        basisMarks,
        factor,
        overhead,
      },
      id,
    );

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
          onPointerOver={pointing.over}
          onFocusIn={pointing.focused}
          onKeyDown={pointing.keys}
          style={{ background: '#fbfbfd', cursor: 'grab', display: 'block' }}
          data-testid="dag"
        >
          <g ref={canvas} />
        </svg>
        <Show when={hovered()}>
          {(id) => (
            <DetailBeside
              text={describe(id())}
              anchor={pointing.anchor()}
              testId="dag-hover"
              action={forkAction(props.onFork, props.realized, id())}
              onLeave={() => setHovered(undefined)}
            />
          )}
        </Show>
      </div>
      <div class="actions note">
        <StatusLegend />
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
      <DagNotes
        realized={props.realized}
        peers={peers()}
        layoutError={layoutError}
        laid={laid}
        graph={graph}
        hovered={hovered}
      />
    </div>
  );
}
