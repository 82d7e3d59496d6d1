/**
 * The offline embedder: feature hashing ("the hashing trick", Weinberger et al., 2009) of a text's
 * words, word pairs and character trigrams into `dim` signed buckets. It needs no weights, no
 * download and no GPU, gives the same vector for the same text on every machine, and embeds
 * thousands of short texts a second.
 *
 * Features, after NFKD normalisation, diacritics stripped, lower case and splitting on anything
 * but letters and digits ("Café-Zürich" → "cafe", "zurich"):
 *   - word unigrams (weight 1) and bigrams (weight 1): which words, and a little of their order;
 *   - character trigrams within each word, padded with boundary markers ("<he", "hel", …, "ki>"),
 *     weight 1/2 so that the many trigrams of a long word do not drown its one unigram.
 * Each distinct feature f with count tf adds sign(f) · weight · (1 + ln tf) to bucket h(f) mod dim
 * (sublinear tf: a word said five times is not five times the evidence). The sign is another bit
 * of the same hash, so colliding features cancel in expectation instead of piling up, and the
 * inner product stays unbiased (Weinberger et al., §2). The vector is L2-normalised.
 *
 * What it captures: lexical overlap (shared words and phrases), morphology (the trigrams of
 * "founder" and "founded" overlap), and robustness to typos and spelling variants ("Helsinky" still
 * shares most trigrams with "Helsinki"), in any script with letters or digits.
 * What it does not: synonyms ("car" and "automobile" share nothing), paraphrase without shared
 * words, negation, or meaning of any kind — that needs a trained model (the WebLLM embedder).
 * With dim = 384 a few hundred distinct features per text collide rarely enough for ranking short
 * texts; raise dim for long documents.
 */

import { log } from '../util/math';
import { hashString } from '../util/rng';
import { type Embedder, l2Normalize } from './types';

export interface HashingOptions {
  /** Number of buckets (the vector's length). @default 384 (the size of small sentence models) */
  readonly dim?: number;
}

const wordWeight = 1;
const bigramWeight = 1;
const trigramWeight = 0.5;
// The sign takes the hash's top bit and the bucket its value mod dim; for dim far below 2^31 the
// two are as good as independent, so the bound keeps the sign unbiased.
const maxDim = 1 << 24;

/** Lower-case words of letters and digits, diacritics stripped ("Zürich" → "zurich"). */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** Weighted features of a text, each with its count. Prefixes keep the three families apart. */
function featureCounts(text: string): Map<string, { weight: number; count: number }> {
  const counts = new Map<string, { weight: number; count: number }>();
  const add = (feature: string, weight: number) => {
    const entry = counts.get(feature);
    if (entry) entry.count++;
    else counts.set(feature, { weight, count: 1 });
  };
  const ws = words(text);
  ws.forEach((w, i) => {
    add(`w\u0000${w}`, wordWeight);
    if (i > 0) add(`b\u0000${ws[i - 1]} ${w}`, bigramWeight);
    // Code points, not UTF-16 units: a trigram never splits an astral character in two.
    const chars = ['<', ...w, '>'];
    for (let j = 0; j + 3 <= chars.length; j++)
      add(`c\u0000${chars.slice(j, j + 3).join('')}`, trigramWeight);
  });
  return counts;
}

/** The vector of one text: the signed, sublinear-tf sum of its hashed features, unit length. */
export function hashingVector(text: string, dim: number): Float32Array {
  const v = new Float32Array(dim);
  for (const [feature, { weight, count }] of featureCounts(text)) {
    const h = hashString(feature);
    const sign = h >>> 31 === 1 ? -1 : 1;
    const bucket = h % dim;
    v[bucket] = (v[bucket] as number) + sign * weight * (1 + log(count));
  }
  return l2Normalize(v);
}

export function hashingEmbedder(options: HashingOptions = {}): Embedder {
  const dim = options.dim ?? 384;
  if (!Number.isInteger(dim) || dim < 1 || dim > maxDim) {
    throw new Error(`hashing embedder dim must be a whole number in [1, ${maxDim}], got ${dim}`);
  }
  return {
    name: `hashing-${dim}`,
    dim,
    async embed(texts, signal) {
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      return texts.map((t) => hashingVector(t, dim));
    },
  };
}
