/**
 * Saved API keys taken out of a file before the page lets it go. JSON and JSONL are parsed and
 * only string values (and property names) are rewritten, each whole occurrence of a key becoming
 * `[redacted]`, then written back: the structure cannot change, so a redacted download is still
 * valid JSON and a redacted trace still imports. Replacing in the raw text, as before, could hit
 * a literal or a number and break the file. Other text (Markdown) is rewritten as text.
 */
import { redactable } from './key-policy';

export const REDACTED = '[redacted]';

export interface RedactedText {
  readonly text: string;
  /** How many occurrences of a saved key were replaced: 0 means the text is unchanged. */
  readonly replaced: number;
}

function inText(text: string, secrets: readonly string[]): RedactedText {
  let out = text;
  let replaced = 0;
  for (const secret of secrets) {
    const parts = out.split(secret);
    if (parts.length > 1) {
      replaced += parts.length - 1;
      out = parts.join(REDACTED);
    }
  }
  return { text: out, replaced };
}

/** The value with keys replaced inside its strings; `count.n` grows by each replacement. */
function inValue(value: unknown, secrets: readonly string[], count: { n: number }): unknown {
  if (typeof value === 'string') {
    const r = inText(value, secrets);
    count.n += r.replaced;
    return r.text;
  }
  if (Array.isArray(value)) return value.map((v) => inValue(v, secrets, count));
  if (value !== null && typeof value === 'object') {
    // Object.fromEntries defines own properties, so a "__proto__" name stays a plain name.
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        const name = inText(k, secrets);
        count.n += name.replaced;
        return [name.text, inValue(v, secrets, count)];
      }),
    );
  }
  return value;
}

/** One JSON document, re-serialized only when something was replaced (with its indentation). */
function inJson(text: string, secrets: readonly string[]): RedactedText {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return inText(text, secrets);
  }
  const count = { n: 0 };
  const value = inValue(parsed, secrets, count);
  if (count.n === 0) return { text, replaced: 0 };
  const indent = /^[[{]\r?\n([ \t]+)/.exec(text)?.[1] ?? '';
  const trailing = /\r?\n$/.exec(text)?.[0] ?? '';
  return { text: JSON.stringify(value, null, indent) + trailing, replaced: count.n };
}

/** JSON Lines: each line on its own, so one line's redaction leaves the others byte for byte. */
function inJsonLines(text: string, secrets: readonly string[]): RedactedText {
  let replaced = 0;
  const lines = text.split('\n').map((line) => {
    if (line.trim() === '') return line;
    const r = inJson(line, secrets);
    replaced += r.replaced;
    return r.text;
  });
  return { text: replaced === 0 ? text : lines.join('\n'), replaced };
}

/**
 * `text` with every saved key that could be a secret (key-policy.ts) replaced. `type` is the
 * download's media type: JSON and JSON Lines keep their structure; anything else is plain text.
 */
export function redactDownload(text: string, type: string, secrets: readonly string[]): RedactedText {
  const keys = redactable(secrets).sort((a, b) => b.length - a.length);
  if (keys.length === 0) return { text, replaced: 0 };
  // Nothing to do unless a key is there as written or as JSON would escape it; \u escapes can
  // hide any character, so a file with one is always parsed.
  const visible = keys.some((k) => text.includes(k) || text.includes(JSON.stringify(k).slice(1, -1)));
  const media = type.split(';')[0]?.trim().toLowerCase() ?? '';
  const json = media === 'application/json' || media.endsWith('+json');
  const lines = media === 'application/x-ndjson' || media === 'application/jsonl';
  if (!visible && !((json || lines) && text.includes('\\u'))) return { text, replaced: 0 };
  if (lines) return inJsonLines(text, keys);
  if (json) return inJson(text, keys);
  return inText(text, keys);
}
