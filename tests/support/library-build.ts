/**
 * Builds the library (`npm run build:lib`'s build, into dist-lib) and runs `use` with it, one test
 * file at a time: test files run in parallel, and two builds writing dist-lib at once (or one
 * rebuilding it under another's Node script) would break each other. A lock directory serialises
 * them; a lock left by a killed run goes stale after two minutes.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const lock = `${root}node_modules/.cache/swarmflight-lib-build.lock`;
const STALE_MS = 120_000;

export async function withLibraryBuild<T>(use: (root: string) => T): Promise<T> {
  mkdirSync(`${root}node_modules/.cache`, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released meanwhile: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    // Vite's own entry, run by this Node: the same build `npm run build:lib` makes (about 2 s).
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.lib.config.ts'],
      {
        cwd: root,
        stdio: 'pipe',
      },
    );
    return use(root);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
