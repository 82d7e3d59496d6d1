import { describe, expect, it } from 'vitest';
import { formatDuration, formatNumber } from '../../../src/ui/model/format';

describe('formatNumber', () => {
  it('separates thousands and keeps at most the decimals asked for', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(0.83612)).toBe('0.836');
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber(1205.8)).toBe('1,205.8');
    expect(formatNumber(2.349, 1)).toBe('2.3');
  });
  it('says infinity and not-a-number in words a person reads', () => {
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatNumber(Number.NaN)).toBe('—');
  });
});

describe('formatDuration', () => {
  it('gives milliseconds under a second and seconds with two decimals from one on', () => {
    expect(formatDuration(840.4)).toBe('840 ms');
    expect(formatDuration(1205.8)).toBe('1.21 s');
    expect(formatDuration(1985.4)).toBe('1.99 s');
    expect(formatDuration(75_320)).toBe('75.3 s');
    expect(formatDuration(1_234_567)).toBe('1,234.6 s');
  });
});
