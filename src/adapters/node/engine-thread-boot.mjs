// A worker thread starts without tsx's loader, so the Node sandbox's threads start from this plain
// JavaScript entry when the code runs from source (the CLI under tsx, vitest): it registers tsx in
// the thread, then loads the TypeScript worker. The library build bundles the worker itself
// (dist-lib/engine-thread.js, vite.lib.config.ts) and never names this file: see
// ./engine-thread-entry.ts. The same pattern as src/cli/rollout-worker-boot.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./engine-thread-worker.ts');
