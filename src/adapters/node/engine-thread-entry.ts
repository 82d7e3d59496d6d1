/**
 * Where the Node sandbox's worker thread starts. From source (the CLI under tsx, vitest) that is
 * ./engine-thread-boot.mjs, which registers tsx in the thread before loading the TypeScript
 * worker. The library build replaces this module (vite.lib.config.ts, `sandboxThreadEntry`) with
 * one that names the worker bundled beside api.js, so the built code never needs tsx.
 */
export function engineThreadEntry(): URL {
  return new URL('./engine-thread-boot.mjs', import.meta.url);
}
