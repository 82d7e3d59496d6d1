/**
 * The identity of this build, as a worker names itself in Redis (worker-identity.ts) and
 * `swarm queue status` shows it.
 *
 * A placeholder: the package's version only. Issue 57's item 4 gives the version fence a real
 * identity (a hash of the built runtime code, the lockfile, the scenarios and profiles); this
 * function is where it goes, with the same name and signature.
 */

import { readFileSync } from 'node:fs';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export function buildIdentity(): string {
  return `v${packageVersion}`;
}
