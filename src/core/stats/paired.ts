import { keyedRng } from '../util/rng';

/** A paired difference of means, b − a, with its 95% interval. */
export interface PairedDifference {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
  /** Instances paired. */
  readonly n: number;
}

/**
 * The paired bootstrap (percentile method): resample instances with replacement, keeping each
 * instance's two values together, and take the 2.5% and 97.5% quantiles of the mean difference.
 * Pairing removes the spread between instances (an easy seed is easy for both policies), which is
 * most of the spread here. Seeded, so a report is reproducible.
 */
export function pairedBootstrap(
  a: readonly number[],
  b: readonly number[],
  options: { resamples?: number; seed?: number } = {},
): PairedDifference {
  const n = a.length;
  if (n !== b.length) throw new Error(`paired values differ in number: ${n} and ${b.length}`);
  if (n === 0) return { mean: Number.NaN, low: Number.NaN, high: Number.NaN, n };
  const diff = a.map((x, i) => (b[i] as number) - x);
  const mean = diff.reduce((s, d) => s + d, 0) / n;
  const resamples = options.resamples ?? 10_000;
  const rng = keyedRng(options.seed ?? 1, 'paired-bootstrap');
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += diff[rng.int(0, n - 1)] as number;
    means[r] = sum / n;
  }
  means.sort();
  const at = (q: number) => means[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))] as number;
  return { mean, low: at(0.025), high: at(0.975), n };
}
