/**
 * The rollout threads' code as one file (orchestration-rollouts.ts says why a bundle): esbuild
 * bundles orchestration-rollout-worker.ts and its imports. The file is kept in the project's
 * node_modules/.cache (the usual place for tools' caches; not the shared temporary folder, where
 * another user could leave a file of that name to be run), named by its content's hash, beside a
 * manifest of the hashes of every file it was built from. A training whose sources have not
 * changed since reads them, finds the same hashes, and starts from the file without starting
 * esbuild: about 2 ms instead of 35 on every training, a share of a 2-thread run that the
 * threads cannot split.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, version } from 'esbuild';
import { writeFile } from './safe-write';

const OPTIONS = { bundle: true, platform: 'node', format: 'esm', target: 'node20' } as const;
const BUNDLE = /^thread-[0-9a-f]{16}\.mjs$/;

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

interface Manifest {
  /** What the bundle depends on besides its sources (keyOf). */
  readonly key: string;
  /** Absolute path → sha256 of every file bundled. */
  readonly inputs: Record<string, string>;
  /** The bundle's file name in the cache folder. */
  readonly bundle: string;
}

/**
 * What a bundle depends on besides its sources: its entry point (two checkouts can share a cache
 * through a linked node_modules), esbuild, its options and the TypeScript settings esbuild reads.
 */
function keyOf(entry: string, tsconfig: string): string {
  const settings = existsSync(tsconfig) ? readFileSync(tsconfig, 'utf8') : '';
  return sha(`${entry}\n${version}\n${JSON.stringify(OPTIONS)}\n${settings}`);
}

/** The cached bundle if the manifest's key and every input's hash still hold, or undefined. */
function cached(manifestFile: string, cache: string, key: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    // The cache is the project's, but a damaged or foreign manifest must not name a file elsewhere.
    if (manifest.key !== key || !BUNDLE.test(String(manifest.bundle))) return undefined;
    const file = join(cache, manifest.bundle);
    if (!existsSync(file)) return undefined;
    for (const [path, hash] of Object.entries(manifest.inputs))
      if (!existsSync(path) || sha(readFileSync(path)) !== hash) return undefined;
    return file;
  } catch {
    return undefined;
  }
}

/**
 * Removes bundles other than `keep` last written over an hour ago: each change to the sources
 * leaves one behind. A training that started from one has loaded it long before.
 */
function prune(cache: string, keep: string): void {
  for (const name of readdirSync(cache))
    if (BUNDLE.test(name) && name !== keep) {
      const path = join(cache, name);
      if (statSync(path).mtimeMs < Date.now() - 3_600_000) rmSync(path, { force: true });
    }
}

/**
 * The bundle of `entry` in `cache`: the cached one if its manifest still holds (`built` false),
 * else built with esbuild and cached. If the cache cannot be written (a read-only project), the
 * bundle goes to a private temporary folder, removed when the process ends.
 */
export async function cachedBundle(
  entry: string,
  cache: string,
  tsconfig: string,
): Promise<{ file: string; built: boolean }> {
  const key = keyOf(entry, tsconfig);
  // One manifest per entry point, so that two checkouts sharing a cache keep theirs apart.
  const manifestFile = join(cache, `thread-${sha(entry).slice(0, 8)}.manifest.json`);
  const hit = cached(manifestFile, cache, key);
  if (hit) return { file: hit, built: false };
  const started = Date.now();
  // The asynchronous build: esbuild's buildSync first starts a worker thread of its own to wait on
  // (under tsx, one that loads tsx too), about 50 ms in all against 30.
  const out = await build({ ...OPTIONS, entryPoints: [entry], write: false, metafile: true });
  const text = (out.outputFiles[0] as { text: string }).text;
  const name = `thread-${sha(text).slice(0, 16)}.mjs`;
  const paths = Object.keys(out.metafile.inputs).map((p) => resolve(p));
  // A source saved while esbuild read it would be hashed here as it is now, not as bundled: then
  // no manifest, and the next training builds again (a second's margin for coarse clocks).
  const settled = paths.every((path) => statSync(path).mtimeMs < started - 1000);
  try {
    mkdirSync(cache, { recursive: true });
    const file = join(cache, name);
    if (!existsSync(file)) {
      writeFile(file, text);
      prune(cache, name);
    }
    if (settled) {
      const inputs = Object.fromEntries(paths.map((path) => [path, sha(readFileSync(path))]));
      writeFile(manifestFile, JSON.stringify({ key, inputs, bundle: name } satisfies Manifest));
    }
    return { file, built: true };
  } catch {
    const dir = mkdtempSync(join(tmpdir(), 'swarmflight-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const own = join(dir, name);
    writeFileSync(own, text);
    return { file: own, built: true };
  }
}

let bundled: Promise<string> | undefined;

/** The path of the rollout threads' bundle, built if its sources changed (looked up once per process). */
export function threadBundle(): Promise<string> {
  bundled ??= cachedBundle(
    fileURLToPath(new URL('./orchestration-rollout-worker.ts', import.meta.url)),
    fileURLToPath(new URL('../../node_modules/.cache/swarmflight/', import.meta.url)),
    fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
  ).then((b) => b.file);
  return bundled;
}
