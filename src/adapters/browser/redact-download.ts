/**
 * Saved API keys taken out of a file before the page lets it go. JSON and JSONL are parsed and
 * only string values (and property names) are rewritten, each whole occurrence of a key becoming
 * `[redacted]`, then written back: the structure cannot change, so a redacted download is still
 * valid JSON and a redacted trace still imports. Replacing in the raw text, as before, could hit
 * a literal or a number and break the file. Other text (Markdown, SVG) is rewritten as text.
 *
 * A key can be in a file in other shapes than as typed, and each is looked for:
 * - escaped: JSON escapes quotes and backslashes, and an SVG made by XMLSerializer escapes `&`,
 *   `<`, `>` (and `"` in attributes), so those spellings of a key are replaced too;
 * - cut: the pictures shorten long names with an ellipsis ("section-1-sk-pro…"), which leaves
 *   the start or end of a key that the whole-key search cannot see. A piece of a key of at least
 *   MIN_PIECE characters right before or after `…` is replaced as well.
 */
import { redactable } from './key-policy';

export const REDACTED = '[redacted]';
/** The ellipsis names are cut with (dag/node-labels.ts, a model's brief cut at 240 characters). */
const ELLIPSIS = '\u2026';
/** The shortest cut piece of a key replaced: shorter ones tell next to nothing and clash often. */
export const MIN_PIECE = 4;

export interface RedactedText {
  readonly text: string;
  /** How many occurrences of a saved key were replaced: 0 means the text is unchanged. */
  readonly replaced: number;
}

/** Every spelling of `key` a file of this kind may hold: as typed, JSON-escaped, XML-escaped. */
function spellings(key: string, xml: boolean): string[] {
  const out = new Set([key, JSON.stringify(key).slice(1, -1)]);
  if (xml) {
    const text = key.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    out.add(text);
    out.add(text.replaceAll('"', '&quot;'));
  }
  return [...out];
}

/** The length of the longest piece of a needle (MIN_PIECE or more) that `part` ends or starts with. */
function pieceAt(part: string, needles: readonly string[], end: 'tail' | 'head'): number {
  let best = 0;
  for (const needle of needles) {
    for (let n = Math.min(needle.length - 1, part.length); n >= Math.max(MIN_PIECE, best + 1); n--) {
      const hit =
        end === 'tail' ? part.endsWith(needle.slice(0, n)) : part.startsWith(needle.slice(needle.length - n));
      if (hit) {
        best = n;
        break;
      }
    }
  }
  return best;
}

/** Pieces of keys next to an ellipsis: the start of one before it, the end of one after it. */
function inCuts(text: string, needles: readonly string[]): RedactedText {
  if (!text.includes(ELLIPSIS)) return { text, replaced: 0 };
  let replaced = 0;
  const parts = text.split(ELLIPSIS).map((part, i, all) => {
    let out = part;
    const tail = i < all.length - 1 ? pieceAt(out, needles, 'tail') : 0;
    if (tail > 0) {
      out = out.slice(0, out.length - tail) + REDACTED;
      replaced++;
    }
    const head = i > 0 ? pieceAt(out, needles, 'head') : 0;
    if (head > 0) {
      out = REDACTED + out.slice(head);
      replaced++;
    }
    return out;
  });
  return { text: replaced === 0 ? text : parts.join(ELLIPSIS), replaced };
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
  const cuts = inCuts(out, secrets);
  return { text: cuts.text, replaced: replaced + cuts.replaced };
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
 * download's media type: JSON and JSON Lines keep their structure; SVG and other XML are text
 * searched for the XML spellings of keys too; anything else is plain text.
 */
export function redactDownload(text: string, type: string, secrets: readonly string[]): RedactedText {
  const keys = redactable(secrets);
  if (keys.length === 0) return { text, replaced: 0 };
  const media = type.split(';')[0]?.trim().toLowerCase() ?? '';
  const json = media === 'application/json' || media.endsWith('+json');
  const lines = media === 'application/x-ndjson' || media === 'application/jsonl';
  const xml = media.endsWith('+xml') || media === 'text/xml' || media === 'application/xml';
  // Longest first, so a key that holds another is replaced whole.
  const needles = [...new Set(keys.flatMap((k) => spellings(k, xml)))].sort((a, b) => b.length - a.length);
  // Nothing to do unless a key is there in some spelling, or cut; \u escapes can hide any
  // character, so a JSON file with one is always parsed.
  const visible = text.includes(ELLIPSIS) || needles.some((n) => text.includes(n));
  if (!visible && !((json || lines) && text.includes('\\u'))) return { text, replaced: 0 };
  if (lines) return inJsonLines(text, needles);
  if (json) return inJson(text, needles);
  return inText(text, needles);
}
