import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { serveStatic } from './support/static-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app, served from a sub-path of a plain static server. */
    appUrl: string;
    /** Where the build went, for size checks. */
    distDir: string;
    /** An empty folder of this test run's, removed at its end: the shared fixture copy's (support/fixture-copy.ts). */
    fixtureDir: string;
  }
}

interface Built {
  readonly url: string;
  readonly outDir: string;
  readonly fixtureDir: string;
  close(): Promise<void>;
}

/** Builds the app exactly as `npm run build` does, into a temp dir, and serves it. */
async function buildAndServe(): Promise<Built> {
  const dir = await mkdtemp(join(tmpdir(), 'swarmflight-e2e-'));
  const outDir = join(dir, 'dist');
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await serveStatic(outDir, '/some/sub/path/');
  const fixtureDir = join(dir, 'fixtures');
  await mkdir(fixtureDir);
  return {
    url: server.url,
    outDir,
    fixtureDir,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// The e2e and e2e-alone projects (vitest.config.ts) each name this setup, and vitest runs both in
// its one main process: the first builds, the second takes the same build, the last one out
// closes the server. One build per test run, not one per project.
const KEY = Symbol.for('swarmflight.e2e.build');
type Shared = { users: number; ready: Promise<Built> };
const slot = globalThis as unknown as Record<symbol, Shared | undefined>;

export default async function setup(project: TestProject) {
  const shared = slot[KEY] ?? { users: 0, ready: buildAndServe() };
  slot[KEY] = shared;
  shared.users++;
  const built = await shared.ready;
  project.provide('appUrl', built.url);
  project.provide('distDir', built.outDir);
  project.provide('fixtureDir', built.fixtureDir);
  return async () => {
    shared.users--;
    if (shared.users > 0) return;
    slot[KEY] = undefined;
    await built.close();
  };
}
