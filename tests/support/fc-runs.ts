/**
 * How many cases a property or fuzz test tries: its own default, or FC_NUM_RUNS when set (CI runs
 * the defaults; `FC_NUM_RUNS=10000 npx vitest run --project unit` is the long run recorded in
 * docs/benchmarks.md).
 */
export function fcRuns(byDefault: number): number {
  const n = Number(process.env.FC_NUM_RUNS);
  return Number.isInteger(n) && n > 0 ? n : byDefault;
}

/** A test's time limit: its own, or an hour when FC_NUM_RUNS asks for a long run. */
export function fcTimeout(byDefault: number): number {
  return process.env.FC_NUM_RUNS ? 3_600_000 : byDefault;
}
