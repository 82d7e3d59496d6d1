/** Numbers as people read them: thousands separated, few decimals, times in ms or seconds. */

import { locale } from '../i18n/locale';
import { t } from '../i18n/t';

/** How each of the page's languages writes numbers: 12,345.6 · 12,345.6 · 12 345,6. */
const NUMBER_LOCALES = { en: 'en-US', zh: 'zh-CN', ru: 'ru-RU' } as const;
const tag = () => NUMBER_LOCALES[locale()];

/**
 * `Number.prototype.toLocaleString` with options builds a new Intl.NumberFormat on every call, some
 * tens of µs each: a watched run formats its cards and bars on every tick of its clock, and that
 * was a tenth of the page's script time. One formatter per language and options, kept.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = tag() + JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag(), options);
    formatters.set(key, format);
  }
  return format;
}

/** 12,345 · 0.836 · 1.5 — at most `digits` decimals, none shown when they are zero. */
export function formatNumber(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return x > 0 ? '∞' : x < 0 ? '−∞' : '—';
  return numberFormat({ maximumFractionDigits: digits }).format(x);
}

/** 0.0013 · 12.50: exactly `digits` decimals, no thousands separator (as `toFixed`), in the page's decimal mark. */
export function formatFixed(x: number, digits: number): string {
  return numberFormat({
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(x);
}

/** 812 B · 3.4 KB · 1.2 GB: a size in bytes, in the page's decimal mark and its units' names. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return t('unit.bytes', { n: numberFormat().format(Math.round(bytes)) });
  const [n, unit] =
    bytes < 1024 ** 2
      ? [bytes / 1024, 'kb']
      : bytes < 1024 ** 3
        ? [bytes / 1024 ** 2, 'mb']
        : [bytes / 1024 ** 3, 'gb'];
  return t('unit.size', { n: formatNumber(n, 1), unit });
}

/** A moment (ms since the epoch) as the page's language writes a date and time. */
export function formatDateTime(ms: number): string {
  return new Date(ms).toLocaleString(tag());
}

/** 840 ms · 1.21 s · 75.3 s: seconds with two significant decimals from a second on. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (Math.abs(ms) < 1000) return t('unit.ms', { n: numberFormat().format(Math.round(ms)) });
  const s = ms / 1000;
  return t('unit.s', {
    n: numberFormat({
      maximumSignificantDigits: Math.max(3, Math.floor(Math.log10(Math.abs(s))) + 2),
    }).format(s),
  });
}
