/**
 * Reading an HTTP body no further than a bound: the bytes are counted as they arrive and the body
 * is cancelled (the connection closed) once they pass it, so a server cannot make us hold more
 * (reply-size.ts says why and how much).
 */

/** What an error reply's body may hold: only its first 200 characters are ever shown. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * The text of `body`, chunk by chunk as it arrives, decoded as UTF-8. Past `limit` bytes, the body
 * is cancelled and `tooLarge()` is thrown, before the chunk that passed it is decoded.
 */
export async function* boundedText(
  body: ReadableStream<Uint8Array>,
  limit: number,
  tooLarge: () => Error,
): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limit) throw tooLarge();
      const text = decoder.decode(value, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    // Closes the connection when the reader stops early: past the limit, or a failure mid-stream.
    reader.cancel().catch(() => undefined);
  }
}

/** At most the first `limit` bytes of a body's text (an error page, only ever quoted shortly). */
export async function bodyHead(res: Response, limit = MAX_ERROR_BODY_BYTES): Promise<string> {
  if (!res.body) return '';
  const cut = new Error('cut');
  let text = '';
  try {
    for await (const chunk of boundedText(res.body, limit, () => cut)) text += chunk;
  } catch (error) {
    if (error !== cut) throw error;
  }
  return text;
}

/** The UTF-8 size of `text`, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
