/**
 * Training across price tables (issue 59 item 3): each group of episodes plays one price table,
 * each profile's prices times a factor drawn uniformly from 0.5…1.5 (±50%) from a stream keyed by
 * the training seed and the group — so the same config trains the same policy, a resumed run
 * draws what the uninterrupted one drew, and a group's episodes (one instance, compared with each
 * other) share their prices. The episode is priced with the table (its run's config), which is
 * what the policy's price features read (price-features.ts). docs/learning.md, "A policy that
 * follows a preference".
 */

import type { ProfileSpec } from '../scenarios/spec-types';
import { keyedRng } from '../util/rng';
import { PRICED_PROFILES } from './price-features';

/** The range each profile's factor is drawn from: ±50% of the reference table. */
export const PRICE_FACTOR_RANGE = { min: 0.5, max: 1.5 } as const;

/** How training chooses each group's price table: `uniform`, each profile's factor over the range. */
export type PriceSampling = { readonly kind: 'uniform' };

/** A factor per profile (`{small: 1.5, medium: 0.5}`); a profile not named keeps its prices. */
export type PriceFactors = Readonly<Record<string, number>>;

/** The factors episode group `group` plays; undefined: the profiles' own prices, as before. */
export function priceFactorsAt(
  sampling: PriceSampling | undefined,
  seed: number,
  group: number,
): PriceFactors | undefined {
  if (!sampling) return undefined;
  const rng = keyedRng(seed, 'prices', group);
  const span = PRICE_FACTOR_RANGE.max - PRICE_FACTOR_RANGE.min;
  return Object.fromEntries(PRICED_PROFILES.map((p) => [p, PRICE_FACTOR_RANGE.min + span * rng.next()]));
}

/** The profiles with each one's prices scaled by its factor (1 where none is given). */
export function scaledPrices(
  profiles: Readonly<Record<string, ProfileSpec>>,
  factors: PriceFactors,
): Record<string, ProfileSpec> {
  return Object.fromEntries(
    Object.entries(profiles).map(([name, p]) => {
      const f = factors[name] ?? 1;
      return [name, { ...p, price: { input: p.price.input * f, output: p.price.output * f } }];
    }),
  );
}

export const PRICES_FORMS =
  "`sample` (each profile's prices times a factor drawn uniformly from 0.5…1.5 per group of episodes)";

/** `sample` (a flag's text) → the sampling, or the problem in words. */
export function parsePriceSampling(
  text: string,
  where = '--prices',
): { ok: true; sampling: PriceSampling } | { ok: false; message: string } {
  if (text === 'sample') return { ok: true, sampling: { kind: 'uniform' } };
  return { ok: false, message: `${where} must be ${PRICES_FORMS}, not "${text.slice(0, 40)}"` };
}
