import { select } from 'd3-selection';
import { createEffect, createSignal, onCleanup, onMount } from 'solid-js';
import type { RunSnapshot } from '../model/replay';
import { layoutTimeline } from './timeline-layout';

const COLOURS = { running: '#f5c542', finished: '#7cc79a', failed: '#e0675f', cancelled: '#9aa0ab' } as const;

/**
 * One lane per subagent, a bar per attempt coloured by how it ended (failed attempts red, so a
 * retry shows as red then green), and a line at the current step-time. Several timelines share an
 * x scale through `maxT` in the compare view.
 */
export function TimelineView(props: { snapshot: RunSnapshot; maxT?: number; compact?: boolean }) {
  let svg: SVGSVGElement | undefined;
  const [width, setWidth] = createSignal(900);
  onMount(() => {
    if (!svg) return;
    const observer = new ResizeObserver(() => setWidth(svg?.clientWidth || 900));
    observer.observe(svg);
    onCleanup(() => observer.disconnect());
  });
  createEffect(() => {
    if (!svg) return;
    const l = layoutTimeline(props.snapshot, {
      width: width(),
      ...(props.maxT !== undefined ? { maxT: props.maxT } : {}),
      ...(props.compact ? { compact: true } : {}),
    });
    const root = select(svg).attr('height', l.height);
    root.selectChildren().remove();
    const h = l.laneHeight;
    if (!props.compact || l.lanes.length <= 40) {
      root
        .append('g')
        .selectAll('text')
        .data(l.lanes)
        .join('text')
        .attr('x', l.left - 6)
        .attr('y', (_, i) => i * h + h - 4)
        .attr('text-anchor', 'end')
        .attr('font-size', Math.min(11, h - 2))
        .attr('fill', '#5b6475')
        .text((id) => id);
    }
    root
      .append('g')
      .selectAll('rect')
      .data(l.bars)
      .join('rect')
      .attr('data-testid', 'timeline-bar')
      .attr('x', (b) => b.x)
      .attr('y', (b) => b.lane * h + 1)
      .attr('width', (b) => b.width)
      .attr('height', h - 2)
      .attr('fill', (b) => COLOURS[b.segment.outcome])
      .append('title')
      .text(
        (b) =>
          `${b.segment.task} (attempt ${b.segment.attempt}) on ${b.segment.subagent}: steps ${b.segment.start}–${b.segment.end ?? '…'}, ${b.segment.outcome}${b.segment.error ? ` — ${b.segment.error}` : ''}`,
      );
    const axis = root.append('g').attr('transform', `translate(0,${l.lanes.length * h + 2})`);
    axis
      .selectAll('text')
      .data(l.ticks)
      .join('text')
      .attr('x', (t) => l.x(t))
      .attr('y', 14)
      .attr('text-anchor', 'middle')
      .attr('font-size', 10)
      .attr('fill', '#5b6475')
      .text((t) => String(t));
    if (!props.snapshot.finished) {
      root
        .append('line')
        .attr('x1', l.x(props.snapshot.t))
        .attr('x2', l.x(props.snapshot.t))
        .attr('y1', 0)
        .attr('y2', l.lanes.length * h)
        .attr('stroke', '#2f5bd3')
        .attr('stroke-dasharray', '3 2');
    }
  });
  return (
    <svg
      ref={svg}
      width="100%"
      role="img"
      aria-label="Timeline: one lane per subagent, in step-time"
      style={{ display: 'block' }}
    />
  );
}
