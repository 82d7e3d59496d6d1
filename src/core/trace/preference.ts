/**
 * The user's preference between a better answer, a cheaper one and a faster one: two multipliers
 * of the reward's own weights (docs/metrics.md). `cost` multiplies μ (`costWeight`, what a
 * reference cost takes off the reward), `time` multiplies η (`stepsWeight`, what the critical-steps
 * budget used takes off). {1, 1} is the scenario's own reward, and a run asked for it is the same
 * run, trace and all, as one that asked for nothing. 0 stops charging that term: quality alone
 * against the other. A kind whose η is 0 has no time to trade, whatever `time` says.
 */

export interface Preference {
  /** Multiplier of μ, the cost weight: 2 is "cheaper matters twice as much". */
  readonly cost: number;
  /** Multiplier of η, the critical-steps weight: 2 is "faster matters twice as much". */
  readonly time: number;
}

/** The accepted range of each multiplier, ends included. */
export const PREFERENCE_RANGE = { min: 0, max: 3 } as const;

export const DEFAULT_PREFERENCE: Preference = { cost: 1, time: 1 };

export const PREFERENCE_FIELDS = ['cost', 'time'] as const;

/** Whether `p` is the scenario's own reward (absent, or {1, 1}). */
export const isDefaultPreference = (p: Preference | undefined): boolean =>
  p === undefined || (p.cost === 1 && p.time === 1);

/**
 * The reward weights (metrics.ts RewardWeights) under a preference; the same object when it is the
 * default. Typed by their shape: metrics.ts's trace events import this file.
 */
export function preferredWeights<W extends { readonly costWeight: number; readonly stepsWeight?: number }>(
  reward: W,
  p: Preference | undefined,
): W {
  if (p === undefined || isDefaultPreference(p)) return reward;
  const steps = (reward.stepsWeight ?? 0) * p.time;
  return {
    ...reward,
    costWeight: reward.costWeight * p.cost,
    ...(reward.stepsWeight !== undefined || steps !== 0 ? { stepsWeight: steps } : {}),
  };
}

/** What is accepted, as every refusal says it. */
export const PREFERENCE_ACCEPTED = `each of cost and time a number from ${PREFERENCE_RANGE.min} to ${PREFERENCE_RANGE.max} (1 is the scenario's own weight; the default {cost: 1, time: 1})`;

/**
 * Why one multiplier is refused, in words naming the field and what is accepted; undefined when
 * it is accepted.
 */
export function preferenceValueProblem(field: string, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return `${field} must be a number from ${PREFERENCE_RANGE.min} to ${PREFERENCE_RANGE.max}, not ${shownValue(value)}`;
  if (value < PREFERENCE_RANGE.min || value > PREFERENCE_RANGE.max)
    return `${field} must be from ${PREFERENCE_RANGE.min} to ${PREFERENCE_RANGE.max} (1 is the scenario's own weight), not ${value}`;
  return undefined;
}

/** `1.5,0.5` (a flag's or a URL's text) → a preference, or the problem in words. */
export function parsePreference(
  text: string,
  where = 'preference',
): { ok: true; preference: Preference } | { ok: false; message: string } {
  const parts = text.split(',');
  if (parts.length !== 2)
    return {
      ok: false,
      message: `${where} must be COST,TIME (two numbers from ${PREFERENCE_RANGE.min} to ${PREFERENCE_RANGE.max}, e.g. 1,1), not ${shownValue(text)}`,
    };
  const [c, t] = parts.map((s) => (s.trim() === '' ? Number.NaN : Number(s)));
  const problem =
    preferenceValueProblem(`${where} cost`, Number.isNaN(c) ? parts[0] : c) ??
    preferenceValueProblem(`${where} time`, Number.isNaN(t) ? parts[1] : t);
  return problem
    ? { ok: false, message: problem }
    : { ok: true, preference: { cost: c as number, time: t as number } };
}

function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}
