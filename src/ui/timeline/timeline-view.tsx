import { createEffect, createMemo, createSignal, onCleanup, onMount, Show } from 'solid-js';
import { isPeersPlan } from '../dag/peers';
import { DetailBeside } from '../detail/detail-beside';
import { PictureDownload } from '../export/picture-download';
import { t } from '../i18n/t';
import { decisionBehind } from '../model/fork-view';
import { barPointing } from './bar-pointing';
import { barDetail, barKey } from './bar-words';
import { drawTimeline, type TimelineInput } from './timeline-draw';
import { items } from './timeline-focus';
import type { TimelineLayout } from './timeline-layout';

export interface TimelineViewProps extends TimelineInput {
  /** "Fork from here": a bar's detail offers to fork the run at the decision behind it. */
  readonly onFork?: ((decision: number) => void) | undefined;
}

/**
 * The orchestrator's lane (a dark bar per step over its S_main; in an orchestration episode these
 * are most of the critical steps), then one lane per subagent, a bar per attempt coloured by how
 * it ended (failed attempts red, so a retry shows as red then green), and a line at the current
 * step-time. Several timelines share an x scale through `maxT` in the compare view. Bars are
 * joined by attempt and steps by number, so a redraw of a live run touches attributes, not
 * elements.
 */
export function TimelineView(props: TimelineViewProps) {
  let svg: SVGSVGElement | undefined;
  const [width, setWidth] = createSignal(900);
  // The layout drawn last: a live run's bar grows under its detail, which says so as it does.
  const [laid, setLaid] = createSignal<TimelineLayout | undefined>();
  const { hovered, setHovered, itemOf, left, keys } = barPointing({ svg: () => svg, laid });
  const peers = createMemo(() =>
    isPeersPlan(props.snapshot.graph?.ids ?? props.snapshot.segments.map((s) => s.task)),
  );
  onMount(() => {
    if (!svg) return;
    const observer = new ResizeObserver(() => setWidth(svg?.clientWidth || 900));
    observer.observe(svg);
    onCleanup(() => observer.disconnect());
  });
  // `task#attempt` of every attempt, and `step` of every orchestrator step, on the realized
  // critical path.
  const critical = () =>
    new Set(
      props.snapshot.realized.path.nodes.flatMap((n) =>
        n.kind === 'task' ? [`${n.task}#${n.attempt}`] : n.kind === 'main' ? [`step ${n.step}`] : [],
      ),
    );
  createEffect(() => {
    if (!svg) return;
    const crit = critical();
    setLaid(drawTimeline(svg, props, width(), crit));
  });
  const hoveredBar = () => {
    const h = hovered();
    return h && items(laid()).find((b) => barKey(b) === h.key);
  };
  const detail = () => {
    const bar = hoveredBar();
    return bar ? barDetail(bar, props.snapshot.names, props.snapshot.realized.stages.length) : undefined;
  };
  // The decision behind a bar: an orchestrator step's own, or the one that launched the attempt.
  const forkAction = () => {
    const run = props.onFork;
    const bar = hoveredBar();
    if (!run || !bar) return undefined;
    const decision = decisionBehind(props.snapshot.realized, barKey(bar));
    return decision === undefined
      ? undefined
      : { label: `Fork from decision ${decision}`, run: () => run(decision), testId: 'timeline-fork-here' };
  };
  return (
    <div>
      <div class="detail-frame">
        <svg
          ref={svg}
          width="100%"
          // What "Ask a model about this run" finds and shows the model (views/ask-run-panel.tsx).
          data-picture="timeline"
          role="application"
          aria-label={peers() ? t('timeline.labelPeers') : t('timeline.label')}
          style={{ display: 'block' }}
          onPointerOver={(event) => setHovered(itemOf(event.target) ?? hovered())}
          onPointerLeave={left}
          onFocusIn={(event) => setHovered(itemOf(event.target))}
          onFocusOut={(event) => {
            if (!svg?.parentElement?.contains(event.relatedTarget as Node | null)) setHovered(undefined);
          }}
          onKeyDown={keys}
        />
        <Show when={detail()}>
          {(text) => (
            <DetailBeside
              text={text()}
              anchor={hovered()?.element}
              layout={laid()}
              testId="timeline-hover"
              action={forkAction()}
              onLeave={() => setHovered(undefined)}
            />
          )}
        </Show>
      </div>
      <Show when={!props.compact}>
        <div class="actions note">
          <span>{peers() ? t('timeline.hintPeers') : t('timeline.hint')}</span>
          <PictureDownload
            svg={() => svg}
            name="timeline"
            label={t('timeline.pictureName')}
            title={peers() ? t('timeline.titlePeers') : t('timeline.title')}
          />
        </div>
      </Show>
    </div>
  );
}
