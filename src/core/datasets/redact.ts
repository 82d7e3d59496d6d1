/**
 * No exported row may hold a key. Traces should hold none (the CLI reads keys from the environment
 * and never writes them; the page redacts the keys it saved), but a model can echo a key it saw, a
 * tool can return one, a user can paste one into a request. So every string of every row is
 * scrubbed of key-like text before it is written, and the TRL check (trl-check.ts) refuses a row
 * in which any is left.
 *
 * The patterns are the usual shapes of API credentials: OpenAI-style `sk-…` (project and
 * Anthropic keys included), `Bearer …` tokens, Hugging Face `hf_…`, GitHub `ghp_…`/`github_pat_…`,
 * AWS access key ids, Google `AIza…` keys and Slack `xox?-…` tokens. They err towards redacting: a
 * row that loses a harmless `sk-` word costs less than one that leaks a key.
 */

const keyPatterns: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{12,}/gi,
  /\bhf_[A-Za-z0-9]{20,}/g,
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
];

export const REDACTED = '[redacted]';

/** The text with every key-like part replaced by `[redacted]`. */
export function redactKeys(text: string): string {
  let out = text;
  for (const pattern of keyPatterns) out = out.replace(pattern, REDACTED);
  return out;
}

/** The key-like parts of a text (none for a scrubbed one). */
export function findKeys(text: string): string[] {
  return keyPatterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[0]));
}

/** A JSON value with every string in it (keys of objects too) scrubbed. */
export function redactValue<T>(value: T): T {
  if (typeof value === 'string') return redactKeys(value) as T;
  if (Array.isArray(value)) return value.map(redactValue) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactKeys(k), redactValue(v)])) as T;
  }
  return value;
}
