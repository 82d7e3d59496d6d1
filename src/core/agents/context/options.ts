/**
 * Checks a strategy option at construction, so a bad run configuration fails before any turn
 * with a message naming the strategy and the option.
 */
export function wholeNumber(strategy: string, option: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(
      `context strategy ${strategy}: ${option} must be a whole number ≥ ${min}, got ${value}`,
    );
  }
  return value;
}
