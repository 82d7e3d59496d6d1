import { select } from 'd3-selection';
import { createEffect, createMemo, createSignal, onCleanup, onMount, Show } from 'solid-js';
import { MAIN_FILL } from '../dag/dag-draw';
import { DIFFERS_FILL, SHARED_FILL } from '../dag/fork-marks';
import { LABELS_UP_TO } from '../dag/node-labels';
import { isPeersPlan } from '../dag/peers';
import { actionOf, DetailBeside } from '../detail/detail-beside';
import { PictureDownload } from '../export/picture-download';
import { t } from '../i18n/t';
import { decisionBehind } from '../model/fork-view';
import type { RunSnapshot } from '../model/replay';
import { BAR_KEYS, type BarKey, nextBar } from './bar-keys';
import { type AnyBar, barDetail, barKey, barName } from './bar-words';
import {
  type Bar,
  layoutTimeline,
  type Mark,
  type RoundBar,
  type StepBar,
  type TimelineLayout,
} from './timeline-layout';

const ROUND_FILL = '#9fb4d9';

const MARK_FILL = { fault: 'none', anomaly: '#d1342f', action: '#2f5bd3' } as const;

/** A ring for a fault, a triangle for an anomaly, a square for an action, centred on (x, y). */
function markPath(type: Mark['incident']['type'], x: number, y: number, r: number): string {
  if (type === 'fault') return `M${x - r},${y} a${r},${r} 0 1,0 ${2 * r},0 a${r},${r} 0 1,0 ${-2 * r},0`;
  if (type === 'anomaly') return `M${x},${y - r} L${x + r},${y + r} L${x - r},${y + r} Z`;
  return `M${x - r},${y - r} h${2 * r} v${2 * r} h${-2 * r} Z`;
}

const COLOURS = { running: '#f5c542', finished: '#7cc79a', failed: '#e0675f', cancelled: '#9aa0ab' } as const;

/**
 * The orchestrator's lane (a dark bar per step over its S_main; in an orchestration episode these
 * are most of the critical steps), then one lane per subagent, a bar per attempt coloured by how
 * it ended (failed attempts red, so a retry shows as red then green), and a line at the current
 * step-time. Several timelines share an x scale through `maxT` in the compare view. Bars are
 * joined by attempt and steps by number, so a redraw of a live run touches attributes, not
 * elements.
 */
export function TimelineView(props: {
  snapshot: RunSnapshot;
  maxT?: number;
  compact?: boolean;
  /** A live run's step-time now, between events (model/live-step.ts). */
  now?: number;
  /** "Fork from here": a bar's detail offers to fork the run at the decision behind it. */
  onFork?: ((decision: number) => void) | undefined;
  /**
   * A fork's marks (views/fork-drawings.tsx): the step-time up to which it is the original's,
   * shaded, and the bars of the first decision that differs, outlined in amber.
   */
  fork?:
    | { readonly sharedUntil: number; readonly differs: ReadonlySet<string>; readonly label: string }
    | undefined;
}) {
  let svg: SVGSVGElement | undefined;
  const [width, setWidth] = createSignal(900);
  // The bar whose detail shows (hovered, or focused from the keyboard), by key, and the layout
  // drawn last: a live run's bar grows under its detail, which says so as it does.
  const [hovered, setHovered] = createSignal<{ key: string; element: Element } | undefined>();
  const [laid, setLaid] = createSignal<TimelineLayout | undefined>();
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
    const l = layoutTimeline(props.snapshot, {
      width: width(),
      ...(props.maxT !== undefined ? { maxT: props.maxT } : {}),
      ...(props.compact ? { compact: true } : {}),
      ...(props.now !== undefined ? { now: props.now } : {}),
    });
    const root = select(svg).attr('height', l.height);
    const h = l.laneHeight;
    const layer = (name: string) =>
      root.selectAll<SVGGElement, null>(`g.${name}`).data([null]).join('g').attr('class', name);
    // A fork's shared prefix, shaded behind everything: the first layer made is the lowest.
    const fork = props.fork;
    layer('shared')
      .selectAll('rect')
      .data(fork ? [fork] : [])
      .join('rect')
      .attr('data-testid', 'timeline-shared')
      .attr('x', l.x(0))
      .attr('y', 0)
      .attr('width', (f) => Math.max(0, l.x(f.sharedUntil) - l.x(0)))
      .attr('height', l.lanes.length * h)
      .attr('fill', SHARED_FILL)
      .selectAll('title')
      .data((f) => [f])
      .join('title')
      .text((f) => f.label);
    const differs = (key: string) => fork?.differs.has(key) === true;
    layer('lanes')
      .selectAll('text')
      .data(l.labelSize > 0 ? l.lanes : [])
      .join('text')
      .attr('x', l.left - 6)
      // On the lane's middle line whatever the lane's height.
      .attr('y', (_, i) => i * h + h / 2)
      .attr('dominant-baseline', 'central')
      .attr('text-anchor', 'end')
      .attr('font-size', l.labelSize)
      .attr('fill', '#5b6475')
      // A name too long for the margin is cut after a word, and whole in its tooltip.
      .text((_, i) => l.laneNames[i] ?? '')
      .selectAll('title')
      .data((id, i) => (l.laneNames[i] === id ? [] : [id]))
      .join('title')
      .text((id) => id);
    // The orchestrator's steps on its lane, outlined when they are links of the realized path.
    // Drawn before the agents' bars, which go lane by lane and in time: the order Tab takes.
    const onPath = (b: StepBar) => crit.has(`step ${b.stage.step}`);
    layer('steps')
      .selectAll<SVGRectElement, StepBar>('rect')
      .data(l.steps, (b) => String(b.stage.step))
      .join('rect')
      .attr('data-testid', 'timeline-step')
      .attr('x', (b) => b.x)
      .attr('y', 1)
      .attr('width', (b) => b.width)
      .attr('height', h - 2)
      .attr('fill', MAIN_FILL)
      .attr('stroke', (b) => (differs(`step ${b.stage.step}`) ? DIFFERS_FILL : onPath(b) ? '#d1342f' : null))
      .attr('stroke-width', (b) => (differs(`step ${b.stage.step}`) ? 3 : onPath(b) ? 2 : null))
      .attr('data-fork', (b) => (differs(`step ${b.stage.step}`) ? 'differs' : null))
      .attr('data-critical', (b) => (onPath(b) ? 'true' : null));
    // A peers run's rounds on the first lane, each over its longest turn, named inside when it fits.
    const rounds = layer('rounds')
      .selectAll<SVGGElement, RoundBar>('g')
      .data(l.rounds, (b) => String(b.round.round))
      .join((enter) => {
        const g = enter.append('g').attr('data-testid', 'timeline-round');
        g.append('rect');
        g.append('text');
        return g;
      })
      .attr('data-round', (b) => b.round.round);
    rounds
      .select('rect')
      .attr('x', (b) => b.x)
      .attr('y', 1)
      .attr('width', (b) => b.width)
      .attr('height', h - 2)
      .attr('fill', ROUND_FILL);
    rounds
      .select('text')
      .attr('x', (b) => b.x + b.width / 2)
      .attr('y', h / 2)
      .attr('dominant-baseline', 'central')
      .attr('text-anchor', 'middle')
      .attr('font-size', Math.max(8, h - 5))
      .attr('fill', '#1d2330')
      .attr('pointer-events', 'none')
      .text((b) => (b.width > 44 ? `round ${b.round.round}` : b.width > 14 ? `r${b.round.round}` : ''));
    layer('bars')
      .selectAll<SVGRectElement, Bar>('rect')
      .data(
        [...l.bars].sort((a, b) => a.lane - b.lane || a.x - b.x),
        (b) => `${b.segment.task}#${b.segment.attempt}`,
      )
      .join('rect')
      .order()
      .attr('data-testid', 'timeline-bar')
      .attr('x', (b) => b.x)
      .attr('y', (b) => b.lane * h + 1)
      .attr('width', (b) => b.width)
      .attr('height', h - 2)
      .attr('fill', (b) => COLOURS[b.segment.outcome])
      // Attempts on the realized critical path are outlined as in the graph above; a fork's first
      // difference in amber over that.
      .attr('stroke', (b) =>
        differs(barKey(b))
          ? DIFFERS_FILL
          : crit.has(`${b.segment.task}#${b.segment.attempt}`)
            ? '#d1342f'
            : null,
      )
      .attr('stroke-width', (b) =>
        differs(barKey(b)) ? 3 : crit.has(`${b.segment.task}#${b.segment.attempt}`) ? 2 : null,
      )
      .attr('data-fork', (b) => (differs(barKey(b)) ? 'differs' : null))
      .attr('data-critical', (b) => (crit.has(`${b.segment.task}#${b.segment.attempt}`) ? 'true' : null));
    // Healing on the lanes: a fault put in (black ring), an anomaly seen (red triangle), an
    // action taken (blue square), each at its step-time, titled with its evidence.
    layer('marks')
      .selectAll<SVGPathElement, Mark>('path')
      .data(l.marks)
      .join('path')
      .attr('data-testid', 'timeline-incident')
      .attr('data-kind', (m) => m.incident.type)
      .attr('d', (m) => markPath(m.incident.type, m.x, m.lane * h + h / 2, Math.max(3, h / 3)))
      .attr('fill', (m) => MARK_FILL[m.incident.type])
      .attr('stroke', (m) => (m.incident.type === 'fault' ? '#1d2330' : '#fff'))
      .attr('stroke-width', 1)
      .selectAll('title')
      .data((m) => [m])
      .join('title')
      .text(
        (m) =>
          `${m.incident.type} ${m.incident.name} on ${m.incident.subagent} at step ${m.incident.t}: ${m.incident.detail}`,
      );
    layer('axis')
      .attr('transform', `translate(0,${l.lanes.length * h + 2})`)
      .selectAll('text')
      .data(l.ticks)
      .join('text')
      .attr('x', (t) => l.x(t))
      .attr('y', 14)
      .attr('text-anchor', 'middle')
      .attr('font-size', 10)
      .attr('fill', '#5b6475')
      .text((t) => String(t));
    layer('now')
      .selectAll('line')
      .data(props.snapshot.finished ? [] : [Math.max(props.snapshot.t, props.now ?? 0)])
      .join('line')
      .attr('x1', (t) => l.x(t))
      .attr('x2', (t) => l.x(t))
      .attr('y1', 0)
      .attr('y2', l.lanes.length * h)
      .attr('stroke', '#2f5bd3')
      .attr('stroke-dasharray', '3 2');
    focusable(root, l, props.snapshot.names);
    setLaid(l);
  });
  const itemOf = (target: EventTarget | null) => {
    const element = (target as Element | null)?.closest?.('[data-key]');
    const key = element?.getAttribute('data-key');
    return element && key ? { key, element } : undefined;
  };
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
  // The pointer leaving the chart gives the detail back to the bar with the keyboard's focus, if
  // any; leaving it for the detail's action keeps the detail.
  const left = (event: PointerEvent) => {
    if ((event.relatedTarget as Element | null)?.closest?.('.detail-beside')) return;
    setHovered(itemOf(svg?.contains(document.activeElement) ? document.activeElement : null));
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Escape') return setHovered(undefined);
    // Tab from a bar whose detail has an action goes to the action first (detail-beside.tsx).
    const action = event.key === 'Tab' && !event.shiftKey ? actionOf(svg?.parentElement) : null;
    if (action) {
      event.preventDefault();
      return action.focus();
    }
    if (!BAR_KEYS.includes(event.key)) return;
    const from = itemOf(event.target);
    const all = items(laid());
    const at = all.findIndex((b) => barKey(b) === from?.key);
    if (at < 0) return;
    event.preventDefault();
    const to = all[nextBar(all, at, event.key as BarKey) ?? -1];
    if (to) svg?.querySelector<SVGElement>(`[data-key="${CSS.escape(barKey(to))}"]`)?.focus();
  };
  return (
    <div>
      <div class="detail-frame">
        <svg
          ref={svg}
          width="100%"
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

/** Every bar the keyboard reaches, as drawn: the orchestrator's lane, then the agents'. */
function items(l: TimelineLayout | undefined): AnyBar[] {
  return l ? [...l.steps, ...l.rounds, ...l.bars] : [];
}

/**
 * Puts the bars in the tab order, named, keyed for the arrow keys (bar-keys.ts) as the run graph's
 * nodes are. Past LABELS_UP_TO bars only each lane's first is a Tab stop, the rest a key away:
 * thousands of stops would make the page behind the chart a long way off.
 */
function focusable(
  root: ReturnType<typeof select<SVGSVGElement, unknown>>,
  l: TimelineLayout,
  names: ReadonlyMap<string, string>,
) {
  const firsts = new Set<string>();
  const seen = new Set<number>();
  for (const b of items(l).sort((p, q) => p.lane - q.lane || p.x - q.x)) {
    if (seen.has(b.lane)) continue;
    seen.add(b.lane);
    firsts.add(barKey(b));
  }
  const all = items(l).length <= LABELS_UP_TO;
  root
    .selectAll<SVGElement, AnyBar>('g.steps rect, g.rounds g, g.bars rect')
    .attr('data-key', barKey)
    .attr('tabindex', (b) => (all || firsts.has(barKey(b)) ? 0 : -1))
    .attr('role', 'button')
    .attr('aria-label', (b) => barName(b, names));
}
