/**
 * The price table a run is played under, as a policy with price inputs sees it (issue 59 item 3):
 * each profile's per-token price as a factor of the reference table's (scenarios/profiles.json),
 * less 1 — 0 at the reference table, so a policy reads the reference as it read no prices, and
 * −0.5…+0.5 for a table changed by ±50% — alone and per kind, since a dearer profile matters
 * differently where a task runs on many cheap agents than where it runs on one strong one.
 * The factors come from the prices the run itself is priced with (PlanView.prices, the run's
 * config), not from anything beside it.
 */

import type { PlanView } from '../policy/types';
import { profileHashSync } from '../scenarios/profiles';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { ProfilePrice } from '../trace/metrics';
import { TASK_KINDS } from './task-kinds';

/** The profiles whose prices a policy reads. */
export const PRICED_PROFILES = ['small', 'medium', 'large'] as const;

/**
 * The reference table, scenarios/profiles.json's prices (a test checks they agree): a checkpoint's
 * price features mean factors of these, so they are fixed here rather than read.
 */
export const REFERENCE_PRICES: Readonly<Record<(typeof PRICED_PROFILES)[number], ProfilePrice>> = {
  small: { input: 1e-7, output: 4e-7 },
  medium: { input: 4e-7, output: 1.6e-6 },
  large: { input: 2e-6, output: 8e-6 },
};

export const PRICE_FEATURES = [
  ...PRICED_PROFILES.map((p) => `price(${p})-1`),
  ...TASK_KINDS.flatMap((k) => PRICED_PROFILES.map((p) => `(price(${p})-1)·kind=${k}`)),
] as const;

/**
 * A profile's price as a factor of the reference's: the mean of its input and output ratios
 * (exactly 1 at the reference, whose ratios are x/x). A profile the run does not price, or prices
 * as nothing it can compare, reads 1.
 */
export function priceFactor(
  prices: Readonly<Record<string, ProfilePrice>> | undefined,
  profile: (typeof PRICED_PROFILES)[number],
): number {
  const price = prices?.[profile];
  if (!price) return 1;
  const ref = REFERENCE_PRICES[profile];
  const f = (price.input / ref.input + price.output / ref.output) / 2;
  return Number.isFinite(f) ? f : 1;
}

/** Writes the price features of `task` into `out` from index `i`; returns the index after them. */
export function priceFeatures(task: PlanView, out: Float64Array, i: number): number {
  const f = PRICED_PROFILES.map((p) => priceFactor(task.prices, p) - 1);
  for (const x of f) out[i++] = x;
  for (const k of TASK_KINDS) for (const x of f) out[i++] = task.kind === k ? x : 0;
  return i;
}

/** The key beside a profile's hash that holds its hash at the reference prices (hashesToPlay). */
export const AT_REFERENCE_PRICES = '@reference-prices';

/**
 * The hashes a checkpoint is checked against when a run plays it on `profiles`: each profile's,
 * and for a priced profile whose prices differ from the reference table, beside it
 * (`NAME@reference-prices`) its hash with the reference prices. A checkpoint trained on the
 * reference profiles then tells a profile changed only in price from one changed otherwise:
 * a policy with price inputs plays under it, one without is refused in words saying so
 * (checkpoint.ts). A training records only the profiles' own hashes (profileHashes).
 */
export function hashesToPlay(profiles: Readonly<Record<string, ProfileSpec>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, p] of Object.entries(profiles)) {
    out[name] = profileHashSync(p);
    const ref = (REFERENCE_PRICES as Readonly<Record<string, ProfilePrice>>)[name];
    if (ref && (p.price.input !== ref.input || p.price.output !== ref.output))
      out[`${name}${AT_REFERENCE_PRICES}`] = profileHashSync({ ...p, price: { ...ref } });
  }
  return out;
}
