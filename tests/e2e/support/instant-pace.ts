/**
 * The page's default pace is watch (400 ms a model second), so a visitor's first run can be
 * followed. A test that needs only a finished run asks for instant (`pace=0`) in its link, as a
 * user can pick it beside Run: at fast (40) each run cost the suite's CPU a redraw 20 times a
 * second for nothing the test asserts, about a fifth of the e2e project's minutes. A test that
 * needs a run still moving (a stop or a reload mid-run, a watched run's counters, a wall-clock
 * ratio) names its pace in its link, and a link that names a pace keeps it.
 */
export const INSTANT = 'pace=0';

export function instantUnlessPaced(hash: string): string {
  if (/(^|[#&])pace=/.test(hash)) return hash;
  const rest = hash.replace(/^#/, '');
  return rest === '' ? `#${INSTANT}` : `#${INSTANT}&${rest}`;
}
