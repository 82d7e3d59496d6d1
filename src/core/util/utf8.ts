/**
 * Text from bytes that must be UTF-8: a fatal decoder, so a file with invalid bytes is refused
 * with the line they are on instead of read with "�" in their place (two different ids would
 * then read as one).
 */

export type Utf8Reading =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly line: number };

export function decodeUtf8(bytes: Uint8Array): Utf8Reading {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, line: badLine(bytes) };
  }
}

/** The 1-based line of the first invalid sequence: each line decoded alone until one fails. */
function badLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = 0;
  for (let line = 1; ; line++) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end < 0 ? bytes.length : end;
    try {
      decoder.decode(bytes.subarray(start, stop));
    } catch {
      return line;
    }
    if (end < 0) return line;
    start = end + 1;
  }
}

/** The message for a file that is not UTF-8. */
export const notUtf8 = (line: number): string =>
  `line ${line} is not valid UTF-8 text (save the file as UTF-8 and try again)`;
