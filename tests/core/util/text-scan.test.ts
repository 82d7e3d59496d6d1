import { describe, expect, it } from 'vitest';
import { estimateTextTokens } from '../../../src/core/util/text-tokens';
import { detectLanguage, type Language } from '../../../src/core/util/words';

/**
 * The token estimate and the language detector read ASCII without regular expressions (a speed-up
 * of training). Their answers must be the regular expressions' for every text, or a run's token
 * counts, costs and rewards would change: here the rules as they were written, against the
 * functions, on texts made to hit every edge (control characters, digits next to letters, runs of
 * symbols, non-ASCII letters, digits and spaces, lone surrogates, emoji).
 */

const PIECE = /\p{L}+|\p{N}+|[^\s\p{L}\p{N}]+/gu;
const DIGITS = /^\p{N}+$/u;

function referenceTokens(text: string): number {
  let tokens = 0;
  for (const match of text.matchAll(PIECE)) {
    const piece = match[0];
    let bytes = 0;
    for (const ch of piece) {
      const cp = ch.codePointAt(0) ?? 0;
      bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }
    tokens += DIGITS.test(piece) ? Math.ceil(piece.length / 3) : Math.max(1, Math.round(bytes / 4));
  }
  return tokens;
}

function referenceLanguage(text: string): Language {
  const n = { zh: 0, ru: 0, en: 0, und: 0 };
  for (const ch of text) {
    if (/\p{Script=Han}/u.test(ch)) n.zh++;
    else if (/\p{Script=Cyrillic}/u.test(ch)) n.ru++;
    else if (/\p{Script=Latin}/u.test(ch)) n.en++;
    else if (/\p{L}/u.test(ch)) n.und++;
  }
  const scores: [Language, number][] = [
    ['zh', n.zh * 3],
    ['ru', n.ru],
    ['en', n.en],
    ['und', n.und],
  ];
  scores.sort((a, b) => b[1] - a[1]);
  const [best, score] = scores[0] as [Language, number];
  return score === 0 ? 'und' : best;
}

/** Every ASCII character, and non-ASCII ones of each class the rules tell apart. */
const ASCII = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
const OTHERS = [
  'é',
  'ß',
  'Ж',
  'ё',
  '卡',
  '年',
  '٣',
  '²',
  '\u00a0',
  '\u2003',
  '—',
  '€',
  '😀',
  '\ud800',
  'ا',
  'あ',
];

function* texts(count: number, alphabet: readonly string[]): Generator<string> {
  let x = 2463534242;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  for (let i = 0; i < count; i++) {
    const length = next() % 200;
    let text = '';
    // Runs of one character as often as single ones: pieces of every length up to a few tokens.
    while (text.length < length)
      text += (alphabet[next() % alphabet.length] as string).repeat(1 + (next() % 9));
    yield text;
  }
}

describe('the token estimate and the language detector on ASCII', () => {
  it('count as the regular expressions do, for ASCII texts and texts with other characters', () => {
    const fixed = [
      '',
      ' ',
      'abc',
      '12345',
      '1,234.5',
      'x\u0000y',
      'tab\there',
      'A1b2C3',
      '...!!!',
      'Ж1',
      'é.',
    ];
    for (const text of [...fixed, ...texts(3000, ASCII), ...texts(3000, [...ASCII, ...OTHERS])]) {
      expect([text, estimateTextTokens(text)]).toEqual([text, referenceTokens(text)]);
      // Long texts are remembered once counted: asked again, the same count.
      expect(estimateTextTokens(text)).toBe(referenceTokens(text));
      expect([text, detectLanguage(text)]).toEqual([text, referenceLanguage(text)]);
    }
  });

  it('count a real prompt as before', () => {
    const prompt =
      'Fill in a table with one row for each of these 3 companies: Kalomi Group; Ravendor Works; Seltir Lines. Columns: company, founded, industry. Look each one up (search, then open its page).';
    expect(estimateTextTokens(prompt)).toBe(referenceTokens(prompt));
    expect(estimateTextTokens(prompt)).toBe(52);
    expect(detectLanguage(prompt)).toBe('en');
    expect(detectLanguage('帮我写一个 Python 脚本')).toBe('zh');
  });
});
