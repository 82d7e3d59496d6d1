/**
 * What the CLI prints, made safe for a terminal: ids, values and file names in messages come from
 * files anyone can write. Control characters (an ESC starts a terminal escape sequence) and
 * invisible format characters (a right-to-left override turns the rest of the line around) are
 * shown as `\uXXXX` — the JSON escape, so a JSON document on stdout stays valid and reads back
 * the same — and on stderr a single run of text longer than 200 characters (a 10 MB id) is cut.
 */

/**
 * Control characters but newline and tab (\p{Cc}: C0, DEL, C1) and format characters (\p{Cf}: bidi
 * controls, zero-width…), by Unicode property so no control character is written in the source.
 */
const UNSAFE = /(?![\n\t])[\p{Cc}\p{Cf}]/gu;

const asEscape = (ch: string): string => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;

/** Control and format characters shown as `\uXXXX`; nothing else changed. */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE, asEscape);
}

/** Longest run of non-space text a message shows whole. */
export const MAX_RUN = 200;

/** A message for stderr: unsafe characters escaped, runs of text over MAX_RUN characters cut. */
export function forTerminal(text: string): string {
  const safe = escapeUnsafe(text);
  // A scan, not a regular expression: a pattern over a 10 MB run overflows the regex stack.
  let out = '';
  let start = 0;
  for (let i = 0; i <= safe.length; i++) {
    if (i < safe.length && !/\s/.test(safe[i] as string)) continue;
    const run = safe.slice(start, i);
    out +=
      run.length > MAX_RUN
        ? `${run.slice(0, MAX_RUN - 20)}… (${run.length.toLocaleString('en')} characters)`
        : run;
    if (i < safe.length) out += safe[i];
    start = i + 1;
  }
  return out;
}
