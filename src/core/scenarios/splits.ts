import { hashString } from '../util/rng';

/**
 * Train, validation and test instances, disjoint by construction. Every instance seed (a 32-bit
 * number) belongs to exactly one split, decided by a hash of the seed: 80% train, 10% validation,
 * 10% test. Training draws its instances from the train split only (trainingSeed), `bench --split`
 * enumerates the seeds of one split from 1 upward. So no number of training episodes can reach a
 * validation or test instance, and design decisions taken on validation never see the test seeds.
 */
export const SPLITS = ['train', 'validation', 'test'] as const;
export type Split = (typeof SPLITS)[number];

export function splitOf(seed: number): Split {
  const bucket = hashString('split', seed >>> 0) % 10;
  return bucket < 8 ? 'train' : bucket === 8 ? 'validation' : 'test';
}

/** The first `n` seeds of `split` from `from` upward (seeds are instance seeds, ≥ 0). */
export function splitSeeds(split: Split, n: number, from = 1): number[] {
  const out: number[] = [];
  for (let s = from; out.length < n; s++) {
    if (s > 0xffffffff) throw new Error(`the ${split} split has fewer than ${n} seeds from ${from}`);
    if (splitOf(s) === split) out.push(s);
  }
  return out;
}

/**
 * Training episode `e`'s instance seed under training seed `seed`: a hash of the episode, drawn
 * again (with a counter) until it lands in the train split.
 */
export function trainingSeed(e: number, seed: number): number {
  let s = hashString(`episode ${e}`, seed);
  for (let k = 1; splitOf(s) !== 'train'; k++) s = hashString(`episode ${e}#${k}`, seed);
  return s;
}

export function parseSplit(raw: string): Split {
  if ((SPLITS as readonly string[]).includes(raw)) return raw as Split;
  throw new Error(`unknown split "${raw}" (known: ${SPLITS.join(', ')})`);
}
