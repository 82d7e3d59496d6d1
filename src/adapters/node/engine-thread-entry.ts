/**
 * Where the Node sandbox's worker thread starts. The library build replaces this module
 * (vite.lib.config.ts, `sandboxThread`) with one naming the worker it bundles beside api.js. From
 * source (the CLI under tsx, vitest) the worker is TypeScript, which a thread cannot load by
 * itself: esbuild bundles ./engine-thread-worker.ts and the project files it imports into one
 * JavaScript file, once a process, its packages left as imports. A thread that registered tsx
 * instead (as src/cli/rollout-worker-boot.mjs does) took 0.5–0.9 s to start against ~50 ms for
 * the bundle (docs/benchmarks.md), and the sandbox starts one ahead after every kill.
 *
 * The file goes in the project's node_modules/.cache (where its packages resolve from, and not the
 * shared temporary folder, where another user could leave a file of that name to be run), named
 * by its content's hash and written aside then renamed, so processes building at once never see
 * half a file. Files of other contents older than a day are removed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

const WORKER = fileURLToPath(new URL('./engine-thread-worker.ts', import.meta.url));
const CACHE = fileURLToPath(new URL('../../../node_modules/.cache/swarmflight/', import.meta.url));
const BUNDLE = /^engine-thread-[0-9a-f]{16}\.mjs$/;
const DAY_MS = 86_400_000;

let entry: URL | undefined;

export function engineThreadEntry(): URL {
  entry ??= bundle();
  return entry;
}

function bundle(): URL {
  const out = buildSync({
    entryPoints: [WORKER],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  const text = (out.outputFiles[0] as { text: string }).text;
  const name = `engine-thread-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`;
  const file = join(CACHE, name);
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true });
    const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    writeFileSync(part, text);
    renameSync(part, file);
    prune(name);
  }
  return pathToFileURL(file);
}

/** Each change to the worker's sources leaves a bundle behind: those a day old go. */
function prune(keep: string): void {
  for (const name of readdirSync(CACHE))
    if (BUNDLE.test(name) && name !== keep) {
      const path = join(CACHE, name);
      try {
        if (Date.now() - statSync(path).mtimeMs > DAY_MS) rmSync(path, { force: true });
      } catch {
        // Removed by another process meanwhile.
      }
    }
}
