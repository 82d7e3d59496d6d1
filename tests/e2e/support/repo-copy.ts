import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root. */
export const repoRoot = join(import.meta.dirname, '../../..');

// What the page's build and the CLI read as code: copied, so a folder added to the copy is in
// them; the rest (node_modules, scenarios, public…) is linked.
export const COPIED = ['src', 'workers', 'index.html', 'vite.config.ts'];

/**
 * A copy of the repository at `copy` (a new folder), for tests that add one folder and one registry
 * line to it (a new scenario kind, a new provider, a new policy kind) and run it as a user would.
 */
export function repoCopy(copy: string): string {
  mkdirSync(copy);
  for (const entry of readdirSync(repoRoot)) {
    if (entry === '.git' || entry === 'dist' || entry === 'dist-lib') continue;
    if (COPIED.includes(entry)) cpSync(join(repoRoot, entry), join(copy, entry), { recursive: true });
    else symlinkSync(join(repoRoot, entry), join(copy, entry));
  }
  return copy;
}

/** A trace the CLI wrote in a repository copy, one object a line. */
export const copyTraceLines = (copy: string, file: string): Record<string, unknown>[] =>
  readFileSync(join(copy, file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
