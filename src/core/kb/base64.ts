/**
 * Base64 (RFC 4648) for a snapshot's vectors: core has neither `btoa` nor `Buffer` (it runs in
 * both hosts and is type-checked with neither), and a JSON array of floats would be four times
 * the size of the bytes.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

export function toBase64(bytes: Uint8Array): string {
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out.push(
      ALPHABET[n >> 18] as string,
      ALPHABET[(n >> 12) & 63] as string,
      b === undefined ? '=' : (ALPHABET[(n >> 6) & 63] as string),
      c === undefined ? '=' : (ALPHABET[n & 63] as string),
    );
  }
  return out.join('');
}

export function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const ch of clean) {
    const v = INDEX.get(ch);
    if (v === undefined) throw new Error(`"${ch}" is not a base64 character`);
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 255;
    }
  }
  return out.subarray(0, at);
}
