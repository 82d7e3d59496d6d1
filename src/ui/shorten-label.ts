/**
 * Shortening a name or a line to the room a picture has for it, in any language. Cut by code
 * units or code points, "Section 2: The lighthouse keeper's secret" read "Section 2: The ligh…",
 * a Chinese section title lost half a word, and a character written as several code points (a
 * surrogate pair, a letter with its combining mark, an emoji sequence) could be split. Here a cut
 * falls where a word ends, as `Intl.Segmenter` finds words (by the spaces in English or Russian,
 * by its dictionary in Chinese), and only between graphemes; a hard cut, still between graphemes,
 * is left for a text whose first word alone is too long. "…" marks a cut, and only a cut. Pure.
 *
 * Room is counted in columns: a grapheme takes one, a wide one (Han, kana, Hangul, full-width
 * forms, emoji) two, as it takes about twice a Latin letter's width on the page.
 */

export const ELLIPSIS = '\u2026';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const words = new Intl.Segmenter(undefined, { granularity: 'word' });

const WIDE =
  /^(?:[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\u30a0-\u30ff\uff01-\uff60\uffe0-\uffe6]|\p{Emoji_Presentation})/u;
/** What a cut text does not end with (nor its kept end start with): spaces, dashes, brackets, separators. */
const LOOSE_END = /[\s\p{Pd}\p{Pc}\p{Ps}\p{Pi},.;:!?/#&|·、。，；：！？]+$/u;
const LOOSE_START = /^[\s\p{Pd}\p{Pc}\p{Pe}\p{Pf},.;:!?/&|·、。，；：！？]+/u;

const columns = (grapheme: string): number => (WIDE.test(grapheme) ? 2 : 1);

/** The columns `text` takes: its graphemes, a wide one counted twice. */
export function labelWidth(text: string): number {
  // Printable ASCII is a column a code unit.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let w = 0;
  for (const g of graphemes.segment(text)) w += columns(g.segment);
  return w;
}

/** Where a cut may fall: each grapheme's offset and columns, and the offsets between words. */
function pieces(text: string) {
  const list = [...graphemes.segment(text)].map((g) => ({ start: g.index, width: columns(g.segment) }));
  const bounds = new Set<number>([0]);
  for (const s of words.segment(text)) bounds.add(s.index + s.segment.length);
  return { list, bounds };
}

/** Whole words when any fit; else the hard cut (a first word too long for the room). */
const pick = (soft: string, hard: string) => (soft.length > 0 ? soft : hard);

/** The longest start of `text` within `room` columns, ending with a word where it can. */
function head(text: string, room: number): string {
  let width = 0;
  let hard = 0;
  let soft = 0;
  // Lazily, grapheme by grapheme: a long text is segmented only as far as the room goes.
  const ends = new Set<number>();
  for (const g of graphemes.segment(text)) {
    width += columns(g.segment);
    if (width > room) break;
    hard = g.index + g.segment.length;
    ends.add(hard);
  }
  for (const s of words.segment(text)) {
    const end = s.index + s.segment.length;
    if (end > hard) break;
    if (ends.has(end)) soft = end;
  }
  return pick(text.slice(0, soft).replace(LOOSE_END, ''), text.slice(0, hard).replace(LOOSE_END, ''));
}

/** The longest end of `text` within `room` columns, starting with a word where it can. */
function tail(text: string, room: number): string {
  const { list, bounds } = pieces(text);
  let width = 0;
  let hard = text.length;
  let soft = text.length;
  for (let i = list.length - 1; i >= 0; i--) {
    const g = list[i] as (typeof list)[number];
    width += g.width;
    if (width > room) break;
    hard = g.start;
    if (bounds.has(g.start)) soft = g.start;
  }
  return pick(text.slice(soft).replace(LOOSE_START, ''), text.slice(hard).replace(LOOSE_START, ''));
}

/** Whether `text` fits `max` columns; segmented only as far as that is known (a long text's start). */
function fits(text: string, max: number): boolean {
  if (2 * text.length <= max || /^[\x20-\x7e]*$/.test(text)) return text.length <= max;
  let w = 0;
  for (const g of graphemes.segment(text)) {
    w += columns(g.segment);
    if (w > max) return false;
  }
  return true;
}

/**
 * `text` within `max` columns: whole, or its start cut after a word (a grapheme when its first
 * word is too long) and "…".
 */
export function shortenLabel(text: string, max: number): string {
  if (fits(text, max)) return text;
  return `${head(text, max - 1)}${ELLIPSIS}`;
}

/**
 * `text` within `max` columns, keeping its start and its end ("countWords…tests"), each cut at a
 * word where it can: for names that differ at their end.
 */
export function shortenMiddle(text: string, max: number): string {
  if (fits(text, max)) return text;
  const room = max - 1;
  const back = Math.floor(room / 2);
  return `${head(text, room - back)}${ELLIPSIS}${tail(text, back)}`;
}
