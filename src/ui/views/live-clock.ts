/**
 * The live run's clock, moving while the run goes on (not only when an event lands): at a watching
 * pace a model's reply takes seconds, and a clock standing still read as a stalled run. It moves
 * every `TICK_MS` or so, on an animation frame, not on every frame: each tick redraws the metric cards
 * and the running bars, and at 60 a second a watched run kept a core busy with style and layout
 * (a profile of a watched wide search: half the main thread's time) for motion the eye reads the
 * same at 20.
 */
import { createEffect, createSignal, onCleanup } from 'solid-js';
import { app } from '../app-state';
import { liveStep, runningHorizon } from '../model/live-step';
import { session } from '../run/session';
import { services } from '../services';

/** How often the clock moves: 20 times a second. */
export const TICK_MS = 50;

/** The live run's metrics with the wall clock moved to now, and step-time now for running bars. */
export function liveClock() {
  const live = session.view;
  const [now, setNow] = createSignal(0);
  createEffect(() => {
    if (live().status !== 'running') return;
    // A timer between ticks, not a frame asked for every frame: a page that asks for none lets
    // the compositor rest.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(function tick() {
      setNow(services.clock.now());
      timer = setTimeout(() => {
        frame = requestAnimationFrame(tick);
      }, TICK_MS);
    });
    onCleanup(() => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    });
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
