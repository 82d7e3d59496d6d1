/**
 * Training across preferences: each group of episodes plays one preference drawn from a stream
 * keyed by the training seed and the group, so the same config trains the same policy, a resumed
 * run draws what the uninterrupted one drew, and the episodes of a group (one instance, compared
 * with each other) share their reward. docs/learning.md, "A policy that follows a preference".
 */

import {
  PREFERENCE_RANGE,
  type Preference,
  parsePreference,
  preferenceValueProblem,
} from '../trace/preference';
import { keyedRng } from '../util/rng';

/**
 * How training chooses each episode's preference: one for every episode (`fixed`), each
 * multiplier uniform over the whole range (`uniform`), or each drawn from a list of values
 * (`grid`: held-out preferences can then be ones it never saw).
 */
export type PreferenceSampling =
  | { readonly kind: 'fixed'; readonly preference: Preference }
  | { readonly kind: 'uniform' }
  | { readonly kind: 'grid'; readonly values: readonly number[] };

/** The preference episode group `group` plays; undefined: the default, every episode as before. */
export function preferenceAt(
  sampling: PreferenceSampling | undefined,
  seed: number,
  group: number,
): Preference | undefined {
  if (!sampling) return undefined;
  if (sampling.kind === 'fixed') return sampling.preference;
  const rng = keyedRng(seed, 'preference', group);
  if (sampling.kind === 'uniform') {
    const span = PREFERENCE_RANGE.max - PREFERENCE_RANGE.min;
    return { cost: PREFERENCE_RANGE.min + span * rng.next(), time: PREFERENCE_RANGE.min + span * rng.next() };
  }
  const { values } = sampling;
  return {
    cost: values[rng.int(0, values.length - 1)] as number,
    time: values[rng.int(0, values.length - 1)] as number,
  };
}

export const PREFERENCES_FORMS =
  '`sample` (each of cost and time uniform over 0…3), `grid:V1,V2,…` (each drawn from the values) or `COST,TIME` (one preference)';

/** `sample`, `grid:0,1,2,3` or `2,0.5` (a flag's text) → the sampling, or the problem in words. */
export function parsePreferenceSampling(
  text: string,
  where = '--preferences',
): { ok: true; sampling: PreferenceSampling } | { ok: false; message: string } {
  if (text === 'sample') return { ok: true, sampling: { kind: 'uniform' } };
  if (text.startsWith('grid:')) {
    const parts = text.slice(5).split(',');
    const values: number[] = [];
    for (const part of parts) {
      const x = part.trim() === '' ? Number.NaN : Number(part);
      const problem = preferenceValueProblem(`${where} grid value`, Number.isNaN(x) ? part : x);
      if (problem) return { ok: false, message: `${problem}; ${where} takes ${PREFERENCES_FORMS}` };
      values.push(x);
    }
    if (new Set(values).size !== values.length)
      return { ok: false, message: `${where} grid names a value twice: ${text.slice(5)}` };
    return { ok: true, sampling: { kind: 'grid', values } };
  }
  if (text.includes(',')) {
    const one = parsePreference(text, where);
    return one.ok ? { ok: true, sampling: { kind: 'fixed', preference: one.preference } } : one;
  }
  return { ok: false, message: `${where} must be ${PREFERENCES_FORMS}, not "${text.slice(0, 40)}"` };
}
