import { mkdtemp, rm } from 'node:fs/promises';
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
  }
}

/** Builds the app once for the whole e2e suite, exactly as `npm run build` does, into a temp dir. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'swarmflight-e2e-'));
  const outDir = join(dir, 'dist');
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await serveStatic(outDir, '/some/sub/path/');
  project.provide('appUrl', server.url);
  project.provide('distDir', outDir);
  return async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  };
}
