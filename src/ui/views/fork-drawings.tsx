/**
 * A fork drawn beside the run it came from (issue 61): the two run graphs and the two timelines
 * side by side (one above the other on a phone), on one step-time scale; what the two share shaded
 * (model/fork-view.ts), the first decision that differs and what it launched in amber on both.
 */

import { createMemo, For, Show } from 'solid-js';
import type { TraceEvent } from '../../core/trace/events';
import { DagView } from '../dag/dag-view';
import { DIFFERS_FILL, SHARED_FILL } from '../dag/fork-marks';
import { t } from '../i18n/t';
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
      ? t('fork.sharedNothing')
      : t('fork.sharedUpTo', { decisions: prefix().decisions, until: prefix().until });
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
        <span class="swatch" style={{ background: SHARED_FILL }} aria-hidden="true" />{' '}
        {t('fork.shaded', { shared: shared() })}{' '}
        <Show when={props.firstDifference} fallback={t('fork.noDiff')}>
          {(d) => (
            <>
              <span class="swatch" style={{ background: DIFFERS_FILL }} aria-hidden="true" />{' '}
              {t('fork.amber', { d: d() })}
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
                  label: t('fork.shadedLabel', { shared: shared() }),
                }}
              />
            </section>
          )}
        </For>
      </div>
    </div>
  );
}
