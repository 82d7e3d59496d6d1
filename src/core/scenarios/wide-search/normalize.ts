/**
 * The cell and column normalizers and the per-cell metrics of the WideSearch evaluator, ported from
 * ByteDance-Seed/WideSearch `src/evaluation/metric_utils.py` (`norm_str`, `extract_number`,
 * `exact_match`, `number_near`, `url_match`, `date_near`, `in_match`) and `src/utils/utils.py`
 * (`norm_column`). Each metric scores one (prediction, gold) pair 0 or 1, as the Python does.
 */

/** `norm_column`: column names are compared trimmed, lower-cased and without spaces. */
export const normColumn = (name: string): string => name.trim().toLowerCase().replaceAll(' ', '');

/**
 * pandas.read_csv's default NA strings (pandas ≥ 2, which WideSearch pins): such a cell is read as
 * NaN and `astype(str)` then writes it "nan", so "", "N/A" and "null" all compare equal.
 */
const PANDAS_NA = new Set([
  '',
  '#N/A',
  '#N/A N/A',
  '#NA',
  '-1.#IND',
  '-1.#QNAN',
  '-NaN',
  '-nan',
  '1.#IND',
  '1.#QNAN',
  '<NA>',
  'N/A',
  'NA',
  'NULL',
  'NaN',
  'None',
  'n/a',
  'nan',
  'null',
]);

/**
 * A raw cell as the evaluator sees it after `astype(str)`: missing values become "nan". Cells are
 * trimmed (the official Markdown reader strips them; we strip gold CSV cells too).
 */
export function cellText(raw: string): string {
  const text = raw.trim();
  return PANDAS_NA.has(text) ? 'nan' : text;
}

/** `norm_str`: lower-case, trim, drop every ASCII space and every `*` (Markdown emphasis). */
export const normStr = (text: string): string =>
  text.toLowerCase().trim().replaceAll(' ', '').replaceAll('*', '');

/** `extract_number`: the first number in the text (thousands commas removed), or "NULL". */
export function extractNumber(text: string): string {
  return /[-+]?\d*\.\d+%?|[-+]?\d+\.?\d*%?/.exec(text.replaceAll(',', ''))?.[0] ?? 'NULL';
}

/** `exact_match`: equal ignoring case. */
export const exactMatch = (pred: string, gold: string): number =>
  pred.toLowerCase() === gold.toLowerCase() ? 1 : 0;

/** `in_match`: the prediction occurs in the gold text (case-sensitive). */
export const inMatch = (pred: string, gold: string): number => (gold.includes(pred) ? 1 : 0);

/** Python's `float()` on the strings `extract_number` can return; null where it would raise. */
function pyFloat(text: string): number | null {
  return /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(text) ? Number(text) : null;
}

function percentOrNumber(text: string): number | null {
  if (!text.includes('%')) return pyFloat(text);
  const n = pyFloat(text.replaceAll('%', ''));
  return n === null ? null : n / 100;
}

/**
 * `number_near`: |pred − gold| ≤ |gold| · tolerance (a relative tolerance, `criterion` in the
 * official pipeline); "x%" reads as x/100. Two cells with no number match only if equal.
 */
export function numberNear(pred: string, gold: string, tolerance: number): number {
  const p = percentOrNumber(pred);
  const g = percentOrNumber(gold);
  if (p === null || g === null) return p === null && g === null && pred === gold ? 1 : 0;
  // Same expression order as the Python, so IEEE rounding at the boundary agrees.
  return Math.abs(p - g) <= Math.abs(g) * tolerance ? 1 : 0;
}

// The official URL pattern, character for character: `[$-_]` is a range ($ through _).
const URL_PATTERN = /http[s]?:\/\/(?:[a-zA-Z]|[0-9]|[$-_@.&+]|[!*\\(),]|(?:%[0-9a-fA-F][0-9a-fA-F]))+/g;

/** `urlparse(url).netloc` for a URL the pattern found: between "//" and the next / ? or #. */
const netloc = (url: string): string => url.slice(url.indexOf('//') + 2).split(/[/?#]/)[0] ?? '';

/** The hosts of every URL in the text, as written (the official code does not lower-case them). */
export const urlHosts = (text: string): Set<string> =>
  new Set([...text.matchAll(URL_PATTERN)].map((m) => netloc(m[0])));

/**
 * `url_match`: the sets of hosts named in the two cells are equal; scheme, path and query are
 * ignored. Two cells without any URL match (both sets are empty).
 */
export function urlMatch(pred: string, gold: string): number {
  const p = urlHosts(pred);
  const g = urlHosts(gold);
  return p.size === g.size && [...p].every((h) => g.has(h)) ? 1 : 0;
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A month's full name or three-letter abbreviation ("sept" too); null for any other word. */
function monthNumber(word: string): number | null {
  const i = MONTH_NAMES.findIndex((name) => word === name || word === name.slice(0, 3));
  return i >= 0 ? i + 1 : word === 'sept' ? 9 : null;
}

function dayNumber(y: number, m: number, d: number): number | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const t = Date.UTC(y, m - 1, d);
  // Date.UTC rolls Feb 30 over to March; a date that does not survive the round trip is not one.
  return new Date(t).getUTCDate() === d ? t / 86_400_000 : null;
}

/**
 * A date as a day number, for the forms WideSearch tables use; null if it is none of them. The
 * official code calls `dateparser` (any language, relative dates) with PREFER_DAY_OF_MONTH=first;
 * we read its common deterministic subset: 2020-03-05, 2020/3/5, 2020.03.05 (time ignored),
 * 03/05/2020 (month first, as dateparser's English default; day first when the first number > 12),
 * 2020-03 and March 2020 (the 1st), 5 March 2020, March 5th, 2020, 2020年3月5日, and a bare year
 * (1 January: dateparser would take the current month, which no test can pin down).
 */
export function parseDate(text: string): number | null {
  const s = text.trim().toLowerCase();
  let m = /^(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?(?:[t\s].*)?$/.exec(s);
  if (m) return dayNumber(Number(m[1]), Number(m[2]), Number(m[3] ?? 1));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return a > 12 ? dayNumber(Number(m[3]), b, a) : dayNumber(Number(m[3]), a, b);
  }
  m = /^(\d{4})年(\d{1,2})月(?:(\d{1,2})日)?$/.exec(s);
  if (m) return dayNumber(Number(m[1]), Number(m[2]), Number(m[3] ?? 1));
  if (/^\d{4}$/.test(s)) return dayNumber(Number(s), 1, 1);
  m = /^(?:(\d{1,2})(?:st|nd|rd|th)?\s+)?([a-z]+)\.?,?\s+(?:(\d{1,2})(?:st|nd|rd|th)?,?\s+)?(\d{4})$/.exec(s);
  if (m && !(m[1] && m[3])) {
    const month = monthNumber(m[2] ?? '');
    return month === null ? null : dayNumber(Number(m[4]), month, Number(m[1] ?? m[3] ?? 1));
  }
  return null;
}

/**
 * `date_near`: the two dates are at most 31 days apart. As in the Python, two cells that are both
 * not dates match, and one date against a non-date does not.
 */
export function dateNear(pred: string, gold: string): number {
  const p = parseDate(pred);
  const g = parseDate(gold);
  if (p === null || g === null) return p === null && g === null ? 1 : 0;
  return Math.abs(p - g) <= 31 ? 1 : 0;
}
