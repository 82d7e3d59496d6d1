/**
 * Text features for the router's classifier: lowercased word unigrams and bigrams with punctuation
 * stripped. Bigrams keep a little word order ("for each", "of the") that unigrams lose, which is
 * most of what separates a wide search from a deep one.
 */

/** Lowercase words of letters and digits; everything else separates words. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w !== '');
}

/** Unigrams then bigrams ("a b"), in text order, repeats kept (the classifier counts them). */
export function features(text: string): string[] {
  const words = tokenize(text);
  const bigrams = words.slice(1).map((w, i) => `${words[i]} ${w}`);
  return [...words, ...bigrams];
}
