/**
 * The launcher's rate and time left (docs/scale-out.md, "Watching a fleet"): runs finished a
 * second over the last half minute, and what is left at that rate. Over a window rather than
 * since the start, so that a worker joining or leaving shows within seconds.
 */

export class SweepPace {
  private readonly samples: { readonly at: number; readonly finished: number }[] = [];

  constructor(private readonly windowMs = 30_000) {}

  /** At `at` (ms), `finished` runs have a record or a failure. */
  note(at: number, finished: number): void {
    this.samples.push({ at, finished });
    // The oldest sample kept is the last one at least a window old: the rate spans the window.
    while (this.samples.length > 2 && at - (this.samples[1] as { at: number }).at >= this.windowMs)
      this.samples.shift();
  }

  /** Runs a second, once a second has passed; undefined before. */
  rate(): number | undefined {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at - first.at < 1000) return undefined;
    return ((last.finished - first.finished) * 1000) / (last.at - first.at);
  }

  /** `, R runs/s, about T left` for the progress line ('' until there is a rate). */
  describe(left: number): string {
    const rate = this.rate();
    if (rate === undefined) return '';
    const shown = `, ${rate >= 10 ? rate.toFixed(0) : rate.toFixed(1)} runs/s`;
    if (left <= 0) return shown;
    if (rate <= 0)
      return `${shown}, time left unknown (no run finished in the last ${this.windowMs / 1000} s)`;
    return `${shown}, about ${spokenDuration(left / rate)} left`;
  }
}

/** 42 s, 3 min 10 s, 2 h 5 min: coarse enough not to change every second. */
export function spokenDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 600)
    return `${Math.floor(seconds / 60)} min ${Math.round((seconds % 60) / 10) * 10} s`.replace(/ 0 s$/, '');
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`.replace(/ 0 min$/, '');
}
