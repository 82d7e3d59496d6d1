/** An error the user caused (bad flag, bad file): printed as one message, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function wholeNumber(flag: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || raw.trim() === '') {
    throw new UsageError(`--${flag} must be a whole number ≥ ${min}, got "${raw}"`);
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
