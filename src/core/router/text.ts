/**
 * Text features for the router's classifier, in any language (docs/router.md, languages):
 *
 *   - words, found by `Intl.Segmenter` (util/words.ts), lowercased after NFKC normalisation;
 *   - word bigrams ("for each", "of the"): a little word order, which is most of what separates a
 *     wide search from a deep one;
 *   - character bigrams inside runs of a script written without spaces ("贪吃蛇游戏" → "贪吃",
 *     "吃蛇", "蛇游", "游戏"), which any two segmentations of the same words share;
 *   - a stem of each long word in a script with inflection (its first five letters: "варианта",
 *     "варианты" → "вариа"), so that the forms of a word count as one.
 */
import { isUnspaced, segmentWords } from '../util/words';

/** Lowercase words, in order, in any language. */
export function tokenize(text: string): string[] {
  return segmentWords(text.normalize('NFKC').toLowerCase());
}

const STEM = 5;
const inflected = /^\p{Script=Cyrillic}+$/u;

/** Unigrams, bigrams, then character bigrams and stems, repeats kept (the classifier counts them). */
export function features(text: string): string[] {
  const words = tokenize(text);
  const out = [...words, ...words.slice(1).map((w, i) => `${words[i]} ${w}`)];
  let run = '';
  const flush = () => {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) out.push(`#${chars[i]}${chars[i + 1]}`);
    run = '';
  };
  for (const w of words) {
    if (isUnspaced(w)) {
      run += w;
      continue;
    }
    flush();
    if (inflected.test(w) && [...w].length > STEM) out.push(`~${[...w].slice(0, STEM).join('')}`);
  }
  flush();
  return out;
}
