/**
 * Robust statistics for the detectors: the median and the median absolute deviation (MAD) do not
 * move when one agent goes wild, which is exactly when a mean and a standard deviation would.
 */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Median absolute deviation from the median. */
export function mad(values: readonly number[]): number {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
}

/**
 * The level above which a value is an outlier among `values`: median + k · MAD, and never below
 * `floor` (a swarm whose agents all did the same has a MAD of 0, and one more call is not an
 * anomaly). With fewer than `minSamples` values there is no swarm to compare with, and no level
 * (Infinity): a lone agent doing a big task alone is not an outlier of anything.
 */
export function outlierLevel(
  values: readonly number[],
  options: { readonly k: number; readonly floor: number; readonly minSamples?: number },
): number {
  if (values.length < (options.minSamples ?? 5)) return Number.POSITIVE_INFINITY;
  return Math.max(options.floor, median(values) + options.k * mad(values));
}
