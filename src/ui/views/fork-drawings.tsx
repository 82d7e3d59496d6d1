/**
 * A fork drawn beside the run it came from (issue 61): the two run graphs and the two timelines
 * side by side (one above the other on a phone), on one step-time scale; what the two share shaded
 * (model/fork-view.ts), the first decision that differs and what it launched in amber on both.
 */

import { createMemo, For, Show } from 'solid-js';
import type { TraceEvent } from '../../core/trace/events';
import { DagView } from '../dag/dag-view';
import { DIFFERS_FILL, SHARED_FILL } from '../dag/fork-marks';
import { forkMarks, sharedPrefix } from '../model/fork-view';
import { foldTrace } from '../model/replay';
import { TimelineView } from '../timeline/timeline-view';

export interface ForkSideDrawn {
  /** "heuristic, as run" or "serial from decision 2". */
  readonly title: string;
  readonly side: 'original' | 'fork';
  readonly events: readonly TraceEvent[];
}

export function ForkDrawings(props: {
  original: ForkSideDrawn;
  fork: ForkSideDrawn;
  mainStepCost: number;
  /** Events the two share (ForkResult.prefixEvents). */
  prefixEvents: number;
  /** The first decision whose actions differ, if any. */
  firstDifference: number | undefined;
}) {
  const prefix = createMemo(() => sharedPrefix(props.original.events, props.prefixEvents));
  const shared = () =>
    prefix().decisions === 0
      ? 'nothing: they part at the run’s first decision'
      : `the same as the original up to decision ${prefix().decisions} (step-time 0–${prefix().until})`;
  const sides = createMemo(() =>
    [props.original, props.fork].map((side) => {
      const snapshot = foldTrace(side.events, Number.POSITIVE_INFINITY, props.mainStepCost);
      const marks = forkMarks(side.events, props.prefixEvents, props.firstDifference);
      return { side, snapshot, marks };
    }),
  );
  const maxT = () => Math.max(...sides().map((s) => s.snapshot.t), 1);
  return (
    <div class="fork-drawings" data-testid="fork-drawings">
      <p class="note fork-legend" data-testid="fork-legend">
        <span class="swatch" style={{ background: SHARED_FILL }} aria-hidden="true" /> Shaded: {shared()}.{' '}
        <Show
          when={props.firstDifference}
          fallback="The two make the same decisions from there on: nothing differs to mark."
        >
          {(d) => (
            <>
              <span class="swatch" style={{ background: DIFFERS_FILL }} aria-hidden="true" /> Amber: decision{' '}
              {d()}, the first that differs, and what it launched on each side.
            </>
          )}
        </Show>
      </p>
      <div class="fork-sides">
        <For each={sides()}>
          {(s) => (
            <section class="figure fork-side" data-testid="fork-side" data-side={s.side.side}>
              <h4>{s.side.title}</h4>
              <Show when={s.snapshot.graph}>
                {(graph) => (
                  <DagView
                    graph={graph()}
                    status={(id) => s.snapshot.status.get(id) ?? 'waiting'}
                    overhead={props.mainStepCost}
                    realized={s.snapshot.realized}
                    forkMarks={{ shared: s.marks.sharedNodes, differs: s.marks.differNodes }}
                  />
                )}
              </Show>
              <TimelineView
                snapshot={s.snapshot}
                maxT={maxT()}
                fork={{
                  sharedUntil: prefix().decisions === 0 ? 0 : prefix().until,
                  differs: s.marks.differBars,
                  label: `Shaded: ${shared()}`,
                }}
              />
            </section>
          )}
        </For>
      </div>
    </div>
  );
}
