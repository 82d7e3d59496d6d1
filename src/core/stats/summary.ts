/** Summaries of a metric over seeds: the mean and the half-width of its 95% confidence interval. */

export interface Summary {
  readonly mean: number;
  /** Half-width of the 95% interval of the mean (Student's t, n − 1 degrees of freedom); 0 for n < 2. */
  readonly ci95: number;
}

/** t(0.975, df) for df = 1…30 (standard tables). */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 97.5% quantile of Student's t: the table to 30, then Fisher–Cornish's first correction to z. */
export function tQuantile975(df: number): number {
  if (df < 1) return Number.NaN;
  // A fractional df takes the whole df below it: the wider, safer interval.
  if (df <= T975.length) return T975[Math.floor(df) - 1] as number;
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df);
}

export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  if (n === 0) return { mean: Number.NaN, ci95: Number.NaN };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, ci95: 0 };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  return { mean, ci95: tQuantile975(n - 1) * Math.sqrt(variance / n) };
}
