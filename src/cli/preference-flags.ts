/**
 * The cost and time preference as flags: `--preference COST,TIME` on run and bench (the run
 * request's `preference`, docs/api.md), `--preferences` on train (what each episode plays,
 * learning/preference-sampling.ts). A bad value is a usage error (exit 2) naming what is accepted.
 */

import {
  PREFERENCES_FORMS,
  type PreferenceSampling,
  parsePreferenceSampling,
} from '../core/learning/preference-sampling';
import { PRICES_FORMS, type PriceSampling, parsePriceSampling } from '../core/learning/price-sampling';
import { PREFERENCE_RANGE, type Preference, parsePreference } from '../core/trace/preference';
import { UsageError } from './errors';
import type { Flag } from './flags';

/** `--preference COST,TIME`, for a command whose runs are scored by the reward. */
export const preferenceFlag = (appliesUnless?: Flag['appliesUnless']) => ({
  name: 'preference' as const,
  type: 'string' as const,
  value: 'COST,TIME',
  help: `better ↔ cheaper ↔ faster: multipliers of the scenario's cost weight μ and critical-steps weight η in the reward, each from ${PREFERENCE_RANGE.min} to ${PREFERENCE_RANGE.max} (default 1,1: the scenario's own reward; 2,1 charges cost twice as much). A learned policy trained with preference inputs plays to it; one trained before them refuses any but 1,1`,
  ...(appliesUnless ? { appliesUnless } : {}),
});

/** The preference `--preference` gives, or undefined when it is not given. */
export function preferenceOfFlags(values: {
  readonly preference?: string | undefined;
}): Preference | undefined {
  const text = values.preference;
  if (text === undefined) return undefined;
  const read = parsePreference(text, '--preference');
  if (!read.ok) throw new UsageError(read.message);
  return read.preference;
}

/** `--preferences`, train's. */
export const preferencesFlag = {
  name: 'preferences',
  type: 'string',
  value: 'HOW',
  help: `the cost and time preference each group of episodes plays and is rewarded under, which the policy reads: ${PREFERENCES_FORMS}; drawn from a stream keyed by --seed (default 1,1 throughout)`,
} as const satisfies Flag;

export function preferenceSamplingOfFlags(values: {
  readonly preferences?: string | undefined;
}): PreferenceSampling | undefined {
  const text = values.preferences;
  if (text === undefined) return undefined;
  const read = parsePreferenceSampling(text, '--preferences');
  if (!read.ok) throw new UsageError(read.message);
  return read.sampling;
}

/** `--prices`, train's: the price table each group of episodes is played under. */
export const pricesFlag = {
  name: 'prices',
  type: 'string',
  value: 'HOW',
  help: `the price table each group of episodes is played and charged under, which the policy then reads (its checkpoint gets price inputs and may play under other prices): ${PRICES_FORMS}; drawn from a stream keyed by --seed (default: the profiles' own prices throughout, and a policy without price inputs)`,
} as const satisfies Flag;

export function priceSamplingOfFlags(values: {
  readonly prices?: string | undefined;
}): PriceSampling | undefined {
  const text = values.prices;
  if (text === undefined) return undefined;
  const read = parsePriceSampling(text, '--prices');
  if (!read.ok) throw new UsageError(read.message);
  return read.sampling;
}
