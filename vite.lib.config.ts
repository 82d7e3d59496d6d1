import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

// The library build (`npm run build:lib`, docs/api.md): the swarm control API as one ES module for
// Node, with its type declarations under dist-lib/types. The package's dependencies stay imports,
// resolved from node_modules as any package's are; the scenario files are bundled.
const external = [
  ...Object.keys(pkg.dependencies),
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
];

const outDir = 'dist-lib';

export default defineConfig({
  // No Solid plugin: the API has no views (and the plugin would pull in the page's settings).
  plugins: [sandboxThread(), declarations()],
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    lib: { entry: 'src/api/node.ts', formats: ['es'], fileName: () => 'api.js' },
    rolldownOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});

/**
 * The Node sandbox's worker thread (src/adapters/node/engine-thread-worker.ts), emitted as an entry
 * of its own, dist-lib/engine-thread.js, and `engine-thread-entry.ts` replaced by a module naming
 * that file, so built code needs no dev dependency: from source, esbuild bundles the worker at run
 * time. The worker keeps the same externals as api.js.
 */
function sandboxThread(): Plugin {
  const entryModule = resolve('src/adapters/node/engine-thread-entry.ts');
  const worker = resolve('src/adapters/node/engine-thread-worker.ts');
  const fileName = 'engine-thread.js';
  // Stands for the worker's path relative to the chunk that names it, known once chunks are laid
  // out. (Vite renders `import.meta.ROLLUP_FILE_URL_…` as a path from the site's root, for pages.)
  const placeholder = '"__SWARMFLIGHT_ENGINE_THREAD__"';
  return {
    name: 'swarmflight-sandbox-thread',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: worker, fileName });
    },
    load(id) {
      if (id !== entryModule) return undefined;
      // Not `new URL('literal', import.meta.url)`, which Vite would take for an asset to resolve.
      return `const file = ${placeholder}; export function engineThreadEntry() { return new URL(file, import.meta.url); }`;
    },
    renderChunk(code, chunk) {
      if (!code.includes(placeholder)) return null;
      const path = relative(dirname(chunk.fileName), fileName);
      // A string for a string on one line: the source map's lines stay true.
      const text = code.replaceAll(placeholder, JSON.stringify(path.startsWith('.') ? path : `./${path}`));
      return { code: text, map: null };
    },
  };
}

/**
 * Emits the declarations with tsc (tsconfig.lib.json) once the bundle is written. The source
 * imports without extensions (moduleResolution "Bundler"), which a consumer on "node16" or
 * "nodenext" refuses in a .d.ts (TS2834), so each relative import is given its `.js` (or
 * `/index.js`) here. No bundler of declarations is needed for that.
 */
function declarations(): Plugin {
  return {
    name: 'swarmflight-declarations',
    apply: 'build',
    closeBundle() {
      const tsc = resolve('node_modules/.bin/tsc');
      execFileSync(tsc, ['-p', 'tsconfig.lib.json'], { stdio: 'inherit' });
      for (const file of walk(join(outDir, 'types'))) {
        const text = readFileSync(file, 'utf8');
        const fixed = text.replace(
          /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*)(['"])/g,
          (whole, before: string, spec: string, after: string) => {
            if (/\.(js|json)$/.test(spec)) return whole;
            const target = resolve(dirname(file), spec);
            const suffix = existsSync(`${target}.d.ts`)
              ? '.js'
              : existsSync(join(target, 'index.d.ts'))
                ? '/index.js'
                : '';
            return `${before}${spec}${suffix}${after}`;
          },
        );
        if (fixed !== text) writeFileSync(file, fixed);
      }
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (path.endsWith('.d.ts')) yield path;
  }
}
