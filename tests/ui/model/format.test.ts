import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/ui/i18n/catalog';
import { setLocale } from '../../../src/ui/i18n/locale';
import { formatBytes, formatDuration, formatFixed, formatNumber } from '../../../src/ui/model/format';

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

describe('fixed decimals and sizes in the page language', () => {
  afterEach(() => setLocale('en'));
  beforeAll(async () => {
    await loadCatalog('zh');
    await loadCatalog('ru');
  });

  it('writes a fixed number with the language’s decimal mark: the Router’s 0.67 is 0,67 in Russian', () => {
    expect(formatFixed(0.6666, 2)).toBe('0.67');
    expect(formatFixed(12345.5, 1)).toBe('12345.5');
    setLocale('ru');
    expect(formatFixed(0.6666, 2)).toBe('0,67');
    setLocale('zh');
    expect(formatFixed(0.6666, 2)).toBe('0.67');
  });

  it('writes sizes in bytes, KB, MB and GB, in Russian with its own unit names', () => {
    expect([812, 3.4 * 1024, 580 * 2 ** 20, 1.25 * 2 ** 30].map(formatBytes)).toEqual([
      '812 B',
      '3.4 KB',
      '580 MB',
      '1.3 GB',
    ]);
    setLocale('ru');
    expect(formatBytes(1.25 * 2 ** 30)).toBe('1,3 ГБ');
  });
});
