/**
 * Redraws a live run at most every `ms`, on an animation frame: copying a snapshot of a 1,500-task
 * run and redrawing it on every event would keep the main thread busy (docs/playground.md).
 */

export interface Redraw {
  /** Asks for a redraw; one is already due when asked again before it happens. */
  request(): void;
  /** Draws now, dropping any redraw that is due. */
  now(): void;
}

export function throttledRedraw(draw: () => void, ms: number): Redraw {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let drawnAt = 0;
  const redraw = () => {
    frame = 0;
    timer = undefined;
    drawnAt = performance.now();
    queueMicrotask(() =>
      performance.measure('swarmflight:redraw', { start: drawnAt, end: performance.now() }),
    );
    draw();
  };
  return {
    request() {
      if (frame || timer) return;
      const wait = ms - (performance.now() - drawnAt);
      if (wait <= 0) frame = requestAnimationFrame(redraw);
      else
        timer = setTimeout(() => {
          frame = requestAnimationFrame(redraw);
        }, wait);
    },
    now() {
      if (frame) cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
      redraw();
    },
  };
}
