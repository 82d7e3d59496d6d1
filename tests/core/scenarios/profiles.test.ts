import { readFileSync } from 'node:fs';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  parseProfiles,
  profileHash,
  profileHashes,
  profileHashSync,
} from '../../../src/core/scenarios/profiles';
import type { ProfileSpec } from '../../../src/core/scenarios/spec-types';
import { fcRuns } from '../../support/fc-runs';

// profileHash used Web Crypto until it moved to pure JavaScript: the digests must not have moved.
async function webCryptoHash(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(value));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return `sha256:${Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const bundled = parseProfiles(readFileSync('scenarios/profiles.json', 'utf8'), 'scenarios/profiles.json');
if (!bundled.ok) throw new Error(bundled.error);

describe('profileHashSync', () => {
  it('hashes as SHA-256 does: the FIPS 180-2 vectors, through the same three steps', () => {
    const hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
    expect(hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(hex('a'.repeat(1_000_000))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
    // Through profileHashSync: the canonical JSON texts `{}` and `[]`.
    expect(profileHashSync({} as ProfileSpec)).toBe(
      'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    );
    expect(profileHashSync([] as unknown as ProfileSpec)).toBe(
      'sha256:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945',
    );
  });

  it('matches Web Crypto on the bundled profiles, byte for byte', async () => {
    for (const profile of Object.values(bundled.profiles)) {
      expect(profileHashSync(profile)).toBe(await webCryptoHash(profile));
    }
  });

  it('matches Web Crypto on any JSON value, across block boundaries and in every script', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        async (json, text) => {
          const value = { json, text };
          expect(profileHashSync(value as unknown as ProfileSpec)).toBe(await webCryptoHash(value));
        },
      ),
      { numRuns: fcRuns(300) },
    );
  });
});

describe('profileHash', () => {
  it('resolves to profileHashSync, as profileHashes does for every profile', async () => {
    const hashes = await profileHashes(bundled.profiles);
    for (const [name, profile] of Object.entries(bundled.profiles)) {
      expect(await profileHash(profile)).toBe(profileHashSync(profile));
      expect(hashes[name]).toBe(profileHashSync(profile));
    }
  });
});
