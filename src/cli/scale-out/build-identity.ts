/**
 * The identity of what makes a sweep's figures (docs/scale-out.md, "The same checkout on every
 * machine"): a hash of the code a worker runs (every folder of src/ but the page's src/ui, as the
 * CLI runs them from source), the lockfile (the dependencies' versions), package.json and scenarios/ (the
 * scenarios and profiles). package.json's version alone did not move for 79 commits, and a
 * worker at an older commit silently changed the rewards; any byte of these files changes this.
 *
 * Read once per process, at its first use (about 480 files, 3.5 MB). A launcher and a worker of the same checkout get the same identity whatever
 * the directory they run from: paths are hashed relative to the checkout's root.
 */

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root: this file is src/cli/scale-out/build-identity.ts. */
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** What is hashed, relative to the root: folders whole, and single files. */
export const IDENTITY_SOURCES = [
  'src/core',
  'src/cli',
  'src/adapters',
  'src/api',
  'src/providers',
  'scenarios',
] as const;
export const IDENTITY_FILES = ['package.json', 'package-lock.json'] as const;

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** The hash of the files under `base` (a checkout's root) that make the figures. */
export function identityOf(base: string): string {
  const files = [
    ...IDENTITY_SOURCES.flatMap((dir) => filesUnder(join(base, dir))),
    ...IDENTITY_FILES.map((file) => join(base, file)),
  ]
    .map((file) => ({ file, name: relative(base, file).split(sep).join('/') }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const hash = createHash('sha256');
  for (const { file, name } of files) {
    const bytes = readFileSync(file);
    // Name, length and bytes: no two different trees hash the same text.
    hash.update(`${name}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex').slice(0, 12);
}

let cached: string | undefined;

/** This process's build: its checkout's identity, computed once. */
export function buildIdentity(): string {
  cached ??= identityOf(root);
  return cached;
}
