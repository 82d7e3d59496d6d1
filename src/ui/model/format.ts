/** Numbers as people read them: thousands separated, few decimals, times in ms or seconds. */

/** 12,345 · 0.836 · 1.5 — at most `digits` decimals, none shown when they are zero. */
export function formatNumber(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return x > 0 ? '∞' : x < 0 ? '−∞' : '—';
  return x.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** 840 ms · 1.21 s · 75.3 s: seconds with two significant decimals from a second on. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (Math.abs(ms) < 1000) return `${Math.round(ms).toLocaleString('en-US')} ms`;
  const s = ms / 1000;
  return `${s.toLocaleString('en-US', { maximumSignificantDigits: Math.max(3, Math.floor(Math.log10(Math.abs(s))) + 2) })} s`;
}
