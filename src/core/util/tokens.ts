/**
 * Tokens for grading answers against references and passages in English, Chinese and Russian
 * (docs/metrics.md, "Answers from notes"):
 *
 *   - normalisation for every language: Unicode NFC, case folding, and ё folded to е (Russian
 *     writes both for the same letter; folding it everywhere is harmless, other scripts have none);
 *   - words found by `Intl.Segmenter` (util/words.ts), punctuation inside a word dropped as
 *     SQuAD's normalisation drops it ("it's" → "its", "1,000" → "1000");
 *   - Han characters one token each, as the Chinese reading-comprehension benchmarks score
 *     (CMRC 2018 and DRCD: "mixed segmentation", characters for Chinese, whole words for Latin
 *     text and numbers). Characters rather than the segmenter's words, because the segmenter's
 *     dictionary cuts the same phrase differently in two sentences and a new name into single
 *     characters; rather than character bigrams, because one differing character would cost two
 *     bigrams and a one-character word (年, 人) would match nothing;
 *   - English drops the articles a, an, the (SQuAD); Chinese and Russian have none.
 */

import type { Language } from './words';
import { segmentWords } from './words';

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}|[^\p{Script=Han}]+/gu;
const INNER_PUNCTUATION = /[\p{P}\p{S}]/gu;
const ARTICLES = new Set(['a', 'an', 'the']);

/** NFC, lower case, ё → е. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/ё/g, 'е');
}

/**
 * The answer tokens of a text for token F1: normalised words, Han characters one by one,
 * English articles left out.
 */
export function answerTokens(text: string, language: Language): string[] {
  const out: string[] = [];
  for (const word of segmentWords(normalizeText(text))) {
    for (const piece of HAN.test(word) ? (word.match(HAN_RUN) ?? []) : [word]) {
      const token = piece.replace(INNER_PUNCTUATION, '');
      if (token === '') continue;
      if (language === 'en' && ARTICLES.has(token)) continue;
      out.push(token);
    }
  }
  return out;
}

/** Function words, which match any passage and say nothing about whether it supports an answer. */
const STOP: Readonly<Record<Language, ReadonlySet<string>>> = {
  en: new Set(
    'the and for are was were with that this from has have had its his her their what when where who which how many much does did into about'.split(
      ' ',
    ),
  ),
  // The core of the Snowball list's words of three letters or more (shorter ones never count).
  ru: new Set(
    'что как все она так его только мне было вот меня еще нет ему когда даже или если уже быть был него вас вам ведь там потом себя ничего может они тут где есть надо для тебя чем была сам чтоб без будто чего тоже себе под будет тогда кто этот того потому этого совсем ним здесь этом почти мой тем чтобы нее сейчас были куда зачем всех можно при другой хоть после над больше тот через эти нас про всего них много разве эту моя свою этой перед том такой более всегда конечно всю между это сколько какой какая какое какие каком какого'.split(
      ' ',
    ),
  ),
  // Particles, the copula, conjunctions and prepositions: one character each.
  zh: new Set([...'的了是在和与及或也都就而之其这那个着吗呢吧啊把被为于对从向以']),
  und: new Set(),
};

/**
 * The content tokens of a text, for "does this passage hold the answer's support": words of
 * three letters or more and numbers, Han characters one by one, stop words of the language left
 * out (English uses the grader's list as before).
 */
export function contentTokens(text: string, language: Language): string[] {
  const stop = STOP[language];
  return answerTokens(text, language).filter(
    (t) => !stop.has(t) && (HAN.test(t) || /^\p{N}+$/u.test(t) || /\p{L}{3,}/u.test(t)),
  );
}

/** The numbers among tokens: the figures an answer states. */
export const numbersIn = (tokens: readonly string[]): string[] => tokens.filter((t) => /^\p{N}+$/u.test(t));
