import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * `virtual:sandbox-engine-worker`: the browser sandbox's worker (src/adapters/browser/engine-worker.ts)
 * with QuickJS's glue, bundled by esbuild into one classic script and exported as its text. The
 * sandbox frame starts it as a blob worker on an opaque origin, which can load no file of the app
 * (its policy allows no network, and a blob has no base to import from), so the whole worker has
 * to arrive as text. Built the same way by the dev server, vitest's browser mode and `vite build`;
 * the engine's WebAssembly is not in it (the page fetches it once and passes the bytes).
 */
const ID = 'virtual:sandbox-engine-worker';
const RESOLVED = `\0${ID}`;
const entry = fileURLToPath(new URL('../src/adapters/browser/engine-worker.ts', import.meta.url));

export function sandboxEngine(): Plugin {
  return {
    name: 'swarmflight-sandbox-engine',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const out = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        metafile: true,
        logLevel: 'silent',
      });
      // esbuild names its inputs relative to the working folder; Vite wants absolute paths.
      for (const input of Object.keys(out.metafile.inputs)) this.addWatchFile(resolve(input));
      const text = (out.outputFiles[0] as { text: string }).text;
      return `export default ${JSON.stringify(text)};`;
    },
  };
}
