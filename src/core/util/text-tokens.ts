/**
 * A token estimator for budgets and context strategies, used where no tokenizer is at hand (the
 * simulator, the context strategies, a provider that reports no usage).
 *
 * Rule: ≈ 4 UTF-8 bytes a token (OpenAI's rule of thumb of ~4 characters a token for English with
 * BPE tokenizers), applied per *piece* — a run of letters, a run of digits, or a run of other
 * non-space symbols, which is roughly how GPT-style pre-tokenizers split text — and every piece
 * costs at least one token. The per-piece floor is the word-based correction: a flat chars / 4
 * undercounts most on short pieces (JSON punctuation in tool arguments, numbers, table cells),
 * where a real tokenizer spends a whole token on each. Counting bytes rather than characters
 * makes Cyrillic (2 bytes) and CJK (3 bytes) text cost more per character, as it does in BPE
 * vocabularies trained mostly on English. Digit runs cost a token per 3 digits, as cl100k and
 * o200k split numbers.
 *
 * Its error against real tokenizers is NOT measured here: treat it as an order-of-magnitude
 * estimate, good for comparing contexts with each other, not for billing.
 */

const BYTES_PER_TOKEN = 4;
const DIGITS_PER_TOKEN = 3;

const PIECE = /\p{L}+|\p{N}+|[^\s\p{L}\p{N}]+/gu;
const DIGITS = /^\p{N}+$/u;

function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

// The same texts come back turn after turn (system prompts, tool results a context strategy copies
// into new messages): counting them once saved most of the estimator's time in training.
const textCache = new Map<string, number>();
const TEXT_CACHE_MAX = 4096;
const CACHED_FROM = 64;

/** Estimated tokens of plain text. */
export function estimateTextTokens(text: string): number {
  if (text.length < CACHED_FROM) return countTokens(text);
  const cached = textCache.get(text);
  if (cached !== undefined) return cached;
  const tokens = countTokens(text);
  if (textCache.size >= TEXT_CACHE_MAX) textCache.clear();
  textCache.set(text, tokens);
  return tokens;
}

/** What an ASCII character is to `PIECE`: a letter, a digit, a space, or another symbol. */
const LETTER = 1;
const DIGIT = 2;
const SPACE = 3;
const OTHER = 4;
const ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, c) =>
  (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
    ? LETTER
    : c >= 0x30 && c <= 0x39
      ? DIGIT
      : (c >= 0x09 && c <= 0x0d) || c === 0x20
        ? SPACE
        : OTHER,
);

/**
 * `PIECE`'s count for ASCII text, with no regular expression (ASCII's only \p{L} are A–Z and a–z,
 * its only \p{N} 0–9, its only \s tab to carriage return and space, and a byte is a character);
 * -1 as soon as a character is not ASCII. Training spent 3% of its time in the regular expression.
 */
function countAsciiTokens(text: string): number {
  let tokens = 0;
  let kind = SPACE;
  let length = 0;
  // One past the end closes the last piece.
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 0x20;
    if (code >= 0x80) return -1;
    const next = ASCII_CLASS[code] as number;
    if (next === kind) {
      length++;
      continue;
    }
    if (kind === DIGIT) tokens += Math.ceil(length / DIGITS_PER_TOKEN);
    else if (kind !== SPACE) tokens += Math.max(1, Math.round(length / BYTES_PER_TOKEN));
    kind = next;
    length = 1;
  }
  return tokens;
}

function countTokens(text: string): number {
  const ascii = countAsciiTokens(text);
  if (ascii >= 0) return ascii;
  let tokens = 0;
  for (const match of text.matchAll(PIECE)) {
    const piece = match[0];
    tokens += DIGITS.test(piece)
      ? Math.ceil(piece.length / DIGITS_PER_TOKEN)
      : Math.max(1, Math.round(utf8Bytes(piece) / BYTES_PER_TOKEN));
  }
  return tokens;
}
