import { type Accessor, createEffect, createSignal, onCleanup } from 'solid-js';

/** Shortest time between two layouts of a live run's graph. */
export const RELAYOUT_MS = 1000;

/**
 * Follows `key`, but while `settled` is false takes a new value at most once per `ms` (the latest
 * one, at the end of the wait); once settled, at once. A run's graph gains a node with each
 * orchestrator step, and laying it out again each time would keep the main thread busy.
 */
export function throttledShape(
  key: Accessor<string>,
  settled: Accessor<boolean>,
  ms = RELAYOUT_MS,
): Accessor<string> {
  const [value, setValue] = createSignal(key());
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  createEffect(() => {
    const next = key();
    if (next === value()) return;
    const wait = last + ms - performance.now();
    if (settled() || wait <= 0) {
      if (timer) clearTimeout(timer);
      timer = undefined;
      last = performance.now();
      setValue(next);
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = performance.now();
        setValue(key());
      }, wait);
    }
  });
  onCleanup(() => {
    if (timer) clearTimeout(timer);
  });
  return value;
}
