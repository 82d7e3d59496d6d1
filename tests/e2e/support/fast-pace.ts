/**
 * The page's default pace is watch (400 ms a model second), so a visitor's first run can be
 * followed; a test that needs only a finished run asks for fast (40) in its link, as a user would
 * pick it, and keeps the suite's minutes (issue 61 item 1). A link that names a pace keeps it.
 */
export const FAST = 'pace=40';

export function fastUnlessPaced(hash: string): string {
  if (/(^|[#&])pace=/.test(hash)) return hash;
  const rest = hash.replace(/^#/, '');
  return rest === '' ? `#${FAST}` : `#${FAST}&${rest}`;
}
