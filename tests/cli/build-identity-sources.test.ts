/**
 * The build identity (src/cli/scale-out/build-identity.ts) must hash every folder of src/ the
 * CLI runs: src/providers was added to the code and left out of the hash, so a worker of another
 * checkout could not even start the copied build (ERR_MODULE_NOT_FOUND), and a change there would
 * not have moved the fence. Every folder of src/ but the page's own is hashed.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IDENTITY_SOURCES } from '../../src/cli/scale-out/build-identity';

const root = join(import.meta.dirname, '../..');

describe('the build identity', () => {
  it('hashes every folder of src/ but the page’s', () => {
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'ui')
      .map((e) => `src/${e.name}`);
    expect(folders.length).toBeGreaterThan(4);
    expect(folders.filter((f) => !(IDENTITY_SOURCES as readonly string[]).includes(f))).toEqual([]);
  });
});
