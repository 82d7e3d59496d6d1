/**
 * Words in any language, for the router's features, the hashing embedder and word counts
 * (docs/router.md, languages). `Intl.Segmenter` finds the words — by a dictionary where words are
 * not separated by spaces (Chinese, Japanese, Thai), by the Unicode rules elsewhere — and is
 * standard in browsers and Node, so no dictionary ships with the app.
 *
 * Where words are not separated, a segmenter's dictionary misses new words ("贪吃蛇" comes out as
 * three characters), so the features of such text also carry its character bigrams, which any
 * two writings of the same word share.
 */

/** The languages SwarmFlight ships rules and examples for, and `und` for any other. */
export type Language = 'en' | 'zh' | 'ru' | 'und';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Scripts written without spaces between words: Han, kana, Thai, Lao, Khmer, Myanmar. */
const unspaced =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** The words of a text, in order, as written (case kept; punctuation, spaces and emoji dropped). */
export function segmentWords(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text)) if (s.isWordLike) out.push(s.segment);
  return out;
}

/** How many words a text has, in any language. */
export const wordCount = (text: string): number => segmentWords(text).length;

/** True for a word in a script written without spaces. */
export const isUnspaced = (word: string): boolean => unspaced.test(word);

const HAN = /\p{Script=Han}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;
const LETTER = /\p{L}/u;

/**
 * The text's language, by the script most of its letters are in: Han → zh, Cyrillic → ru, Latin
 * → en, anything else (or no letters) → und. A mixed request goes by its majority ("帮我写一个
 * Python 脚本" is Chinese).
 */
export function detectLanguage(text: string): Language {
  let han = 0;
  let cyrillic = 0;
  let latin = 0;
  let other = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    // ASCII, most of every text here, without a regular expression: its only letters are A–Z and
    // a–z, all Latin. (A run of training measured this loop at 2% of its time.)
    if (code < 0x80) {
      if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
      i++;
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i) as number);
    i += ch.length;
    if (HAN.test(ch)) han++;
    else if (CYRILLIC.test(ch)) cyrillic++;
    else if (LATIN.test(ch)) latin++;
    else if (LETTER.test(ch)) other++;
  }
  // A Han character carries a word's worth of meaning; a Latin letter a fraction of one.
  const scores: [Language, number][] = [
    ['zh', han * 3],
    ['ru', cyrillic],
    ['en', latin],
    ['und', other],
  ];
  scores.sort((a, b) => b[1] - a[1]);
  const [best, score] = scores[0] as [Language, number];
  return score === 0 ? 'und' : best;
}
