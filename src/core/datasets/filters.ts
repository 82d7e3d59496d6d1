/**
 * What a dataset keeps: runs good enough to imitate, rows once each, no key.
 *
 * - **Successful runs** (`episodeSuccess` 1) with a reward of at least `minReward` are the ones SFT
 *   rows are cut from: a supervised row says "do this", so it should come from a run that worked.
 * - **Deduplication**: identical rows (the same JSON, keys in any order) are kept once. A bench
 *   that runs one instance several times writes the same plan and the same decisions each time;
 *   copies would weigh that request more than the others for no reason.
 */
import { canonicalJson, type Example } from './rows';
import type { DatasetRun } from './runs';

/** A run worth imitating: it succeeded, and its reward is at least `minReward`. */
export const qualifies = (run: DatasetRun, minReward: number): boolean =>
  run.success && run.reward >= minReward;

/** The examples with identical rows kept once (the first), and how many were dropped. */
export function dedupe<E extends Example>(examples: readonly E[]): { kept: E[]; dropped: number } {
  const seen = new Set<string>();
  const kept: E[] = [];
  for (const example of examples) {
    const key = canonicalJson(example.row);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(example);
  }
  return { kept, dropped: examples.length - kept.length };
}
