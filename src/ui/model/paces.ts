/**
 * The pace presets beside Run, in real ms per second of model time (the settings' Pace field takes
 * any value). Watch is the default, so a first run from the gallery lasts seconds a person can
 * follow (a wide search about ten) rather than one (issue 61); fast is one click away, and is the
 * lowest pace at which a simulated run's wall-clock ratios still agree with its critical steps
 * (docs/playground.md); instant does not wait.
 */
import { type MessageId, t } from '../i18n/t';

export const WATCH_PACE = 400;
export const FAST_PACE = 40;
export const PACES: readonly (readonly [number, MessageId])[] = [
  [0, 'pace.instant'],
  [FAST_PACE, 'pace.fast'],
  [WATCH_PACE, 'pace.watch'],
  [1000, 'pace.realTime'],
];
export const DEFAULT_PACE = WATCH_PACE;

/** The fastest pace beside Run, by its name: the one a long run's line points to. */
export const FASTEST = (() => {
  const [pace, name] = PACES.reduce((a, b) => (b[0] < a[0] ? b : a));
  // Named when said, so the line that names it speaks the page's language then.
  return {
    pace,
    get name() {
      return t(name);
    },
  };
})();

/**
 * The longest a gallery card's first run should take at the default pace: a graph whose paced run
 * would last longer (stg-100 about 2 min at watch, the stress graph about 6) starts at fast instead
 * (12 s and 37 s), still moving, with the line beside Run saying how long.
 */
export const FIRST_RUN_LIMIT_S = 30;

/**
 * The pace a gallery card's Run starts at: the one set, unless it is the default and the run would
 * take more than FIRST_RUN_LIMIT_S there (`pacedSeconds`: model seconds a graph run waits through,
 * undefined for a task scenario, whose length follows its model's replies).
 */
export function firstRunPace(pace: number, pacedSeconds: number | undefined): number {
  if (pace !== DEFAULT_PACE || pacedSeconds === undefined) return pace;
  return (pacedSeconds * pace) / 1000 > FIRST_RUN_LIMIT_S ? FAST_PACE : pace;
}
