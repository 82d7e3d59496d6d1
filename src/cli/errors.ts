/** An error the user caused (bad flag, bad file): printed as one message, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * A failure outside the program that the message explains in full (a model endpoint that did not
 * answer): printed as one message, without a stack, exit code 1.
 */
export class ReportedFailure extends Error {
  override readonly name = 'ReportedFailure';
}

/**
 * A whole-number flag, from `min` to `max` (docs/cli.md, Limits). Only safe integers pass:
 * `1e308`, `4294967295` and `2147483648` are refused by the range, not wrapped by an Int32Array
 * or a `>>> 0` further on.
 */
export function wholeNumber(
  flag: string,
  raw: string | undefined,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max || raw.trim() === '') {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
    throw new UsageError(`--${flag} must be a whole number ${range}, got "${shown}"`);
  }
  return value;
}

export function oneOf<T extends string>(
  flag: string,
  raw: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}
