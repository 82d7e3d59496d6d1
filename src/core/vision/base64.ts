/**
 * Base64 both ways, by hand: core has no Buffer, btoa or atob (src/core/tsconfig.json), and an
 * image crosses into a data URL here. Strict on decoding: a character outside the alphabet, or a
 * length no encoder writes, is refused rather than skipped, so the bytes checked are the bytes sent.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));
const CODES = [...ALPHABET].map((c) => c.charCodeAt(0));
const PAD = '='.charCodeAt(0);

export function encodeBase64(bytes: Uint8Array): string {
  // Character codes into one array, then strings a chunk at a time: a 4 MB image in a few ms,
  // where appending one character at a time took seconds.
  const codes = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let at = 0;
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    codes[at++] = CODES[a >> 2] as number;
    codes[at++] = CODES[((a & 3) << 4) | ((b ?? 0) >> 4)] as number;
    codes[at++] = b === undefined ? PAD : (CODES[((b & 15) << 2) | ((c ?? 0) >> 6)] as number);
    codes[at++] = c === undefined ? PAD : (CODES[c & 63] as number);
  }
  let out = '';
  for (let k = 0; k < codes.length; k += 0x8000) out += String.fromCharCode(...codes.subarray(k, k + 0x8000));
  return out;
}

/** The bytes of `text`, or undefined when it is not base64 (padding optional, no whitespace). */
export function decodeBase64(text: string): Uint8Array | undefined {
  const body = text.replace(/={1,2}$/, '');
  if (body.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let at = 0;
  for (const ch of body) {
    const v = VALUE.get(ch);
    if (v === undefined) return undefined;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}
