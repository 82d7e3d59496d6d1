/**
 * Full text over passages, ranked by BM25+ (Lv & Zhai, 2011; k1 = 1.2, b = 0.7, δ = 0.5, the
 * defaults of MiniSearch), with English function words left out (stop-words.ts) and scripts
 * written without spaces indexed by character bigrams (textTerms).
 *
 * Query words are matched exactly, by prefix (a word of three letters or more also finds the
 * longer words it starts, at weight 0.375) and fuzzily (within 15% of its letters in edits, at
 * weight 0.45), the weights and reach MiniSearch uses. The term dictionary is MiniSearch's radix
 * tree (`SearchableMap`), which does the prefix and fuzzy lookups; the postings and the scoring
 * are typed arrays here. MiniSearch's own search builds a map entry per matching passage, which
 * at 100,000 passages took 110–240 ms a query (docs/benchmarks.md); scoring into one Float64Array
 * takes a few milliseconds.
 */

import SearchableMap from 'minisearch/SearchableMap';
import { log } from '../util/math';
import { STOP_WORDS } from './stop-words';
import { TopK } from './top-k';

const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const FUZZY_SHARE = 0.15;
/** Expansions of one query word, most frequent first: a short prefix could otherwise reach thousands. */
const MAX_EXPANSIONS = 8;

interface Postings {
  ids: Int32Array;
  tfs: Uint16Array;
  size: number;
}

/** Scripts written without spaces between words (as in util/words.ts): Han, kana, Thai, Lao, Khmer, Myanmar. */
const HAS_UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Runs of those scripts, and runs of anything else. */
const RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/gu;

/**
 * Lower-case words of letters and digits, function words left out. A run of a script written
 * without spaces ("卡洛米建于1712年" is one run of letters and digits) gives its character
 * bigrams instead (卡洛, 洛米, 米建, 建于 …; a lone character itself), the usual indexing of
 * Chinese and Japanese for search (Lucene's CJK bigrams): every writing of a word shares them,
 * with no dictionary. Text with no such script is cut exactly as before.
 */
export function textTerms(text: string): string[] {
  const out: string[] = [];
  const word = (w: string) => {
    if (!STOP_WORDS.has(w)) out.push(w);
  };
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!HAS_UNSPACED.test(m[0])) {
      word(m[0]);
      continue;
    }
    for (const [run] of m[0].matchAll(RUNS)) {
      if (!HAS_UNSPACED.test(run)) {
        word(run);
        continue;
      }
      const chars = [...run];
      if (chars.length === 1) out.push(run);
      for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
    }
  }
  return out;
}

export class TextIndex {
  private readonly terms = new SearchableMap<number>();
  private readonly postings: Postings[] = [];
  private lengths = new Float64Array(64);
  private count = 0;
  private totalLength = 0;

  get size(): number {
    return this.count;
  }

  /** Adds passage `id` (ids are 0, 1, 2… in order). */
  add(id: number, text: string): void {
    const words = textTerms(text);
    const tf = new Map<string, number>();
    for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const [word, n] of tf) {
      let t = this.terms.get(word);
      if (t === undefined) {
        t = this.postings.length;
        this.terms.set(word, t);
        this.postings.push({ ids: new Int32Array(4), tfs: new Uint16Array(4), size: 0 });
      }
      const p = this.postings[t] as Postings;
      if (p.size === p.ids.length) {
        const ids = new Int32Array(p.size * 2);
        ids.set(p.ids);
        const tfs = new Uint16Array(p.size * 2);
        tfs.set(p.tfs);
        p.ids = ids;
        p.tfs = tfs;
      }
      p.ids[p.size] = id;
      p.tfs[p.size] = Math.min(n, 65535);
      p.size++;
    }
    if (id >= this.lengths.length) {
      const grown = new Float64Array(Math.max(id + 1, this.lengths.length * 2));
      grown.set(this.lengths);
      this.lengths = grown;
    }
    this.lengths[id] = words.length;
    this.totalLength += words.length;
    this.count = Math.max(this.count, id + 1);
  }

  /** Passage ids, best first, with their scores (ties to the lower id). */
  search(query: string, limit: number): { id: number; score: number }[] {
    const n = this.count;
    if (n === 0) return [];
    const scores = new Float64Array(n);
    const avg = this.totalLength / n || 1;
    for (const word of new Set(textTerms(query))) {
      for (const [t, weight] of this.expand(word)) {
        const p = this.postings[t] as Postings;
        const idf = log(1 + (n - p.size + 0.5) / (p.size + 0.5));
        for (let i = 0; i < p.size; i++) {
          const id = p.ids[i] as number;
          const tf = p.tfs[i] as number;
          const norm = tf + K1 * (1 - B + (B * (this.lengths[id] as number)) / avg);
          scores[id] = (scores[id] as number) + weight * idf * ((tf * (K1 + 1)) / norm + DELTA);
        }
      }
    }
    const best = new TopK(limit);
    for (let id = 0; id < n; id++) {
      const score = scores[id] as number;
      if (score > 0) best.offer(id, score);
    }
    return best.result();
  }

  /** The terms a query word matches, each with its weight: itself, its longer forms, near misspellings. */
  private expand(word: string): Map<number, number> {
    const out = new Map<number, number>();
    const exact = this.terms.get(word);
    if (exact !== undefined) out.set(exact, 1);
    const more: { t: number; weight: number }[] = [];
    if (word.length >= 3) {
      for (const [term, t] of this.terms.atPrefix(word)) {
        if (term !== word) more.push({ t, weight: PREFIX_WEIGHT });
      }
    }
    const distance = Math.round(word.length * FUZZY_SHARE);
    if (distance > 0) {
      for (const [, [t, d]] of this.terms.fuzzyGet(word, distance)) {
        if (d > 0) more.push({ t, weight: FUZZY_WEIGHT });
      }
    }
    more
      .sort(
        (a, b) => (this.postings[b.t] as Postings).size - (this.postings[a.t] as Postings).size || a.t - b.t,
      )
      .slice(0, MAX_EXPANSIONS)
      .forEach(({ t, weight }) => {
        out.set(t, Math.max(out.get(t) ?? 0, weight));
      });
    return out;
  }
}
