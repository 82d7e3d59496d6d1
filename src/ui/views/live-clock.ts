/**
 * The live run's clock, moving every frame while the run goes on (not only when an event lands):
 * at a watching pace a model's reply takes seconds, and a clock standing still read as a stalled run.
 */
import { createEffect, createSignal, onCleanup } from 'solid-js';
import { app } from '../app-state';
import { liveStep, runningHorizon } from '../model/live-step';
import { session } from '../run/session';
import { services } from '../services';

/** The live run's metrics with the wall clock moved to now, and step-time now for running bars. */
export function liveClock() {
  const live = session.view;
  const [now, setNow] = createSignal(0);
  createEffect(() => {
    if (live().status !== 'running') return;
    let frame = requestAnimationFrame(function tick() {
      setNow(services.clock.now());
      frame = requestAnimationFrame(tick);
    });
    onCleanup(() => cancelAnimationFrame(frame));
  });
  const liveMetrics = () => {
    const m = live().metrics;
    const from = live().startedAtMs;
    if (!m || live().status !== 'running' || from === undefined) return m;
    return { ...m, wallClockMs: Math.max(m.wallClockMs, now() - from) };
  };
  // Step-time now, for running attempts' bars: they grow with the clock between events.
  const liveT = () => {
    const m = live().metrics;
    const from = live().startedAtMs;
    const snapshot = live().snapshot;
    if (!m || !snapshot || live().status !== 'running' || from === undefined) return undefined;
    return liveStep({
      t: snapshot.t,
      wallAtLastMs: m.wallClockMs,
      wallNowMs: now() - from,
      paceMs: app.state().pace,
      until: runningHorizon(snapshot.segments, snapshot.graph),
    });
  };
  return { liveMetrics, liveT };
}
