// A worker thread starts without tsx's loader, so `swarm train --rollout-workers N` starts this plain
// JavaScript entry: it registers tsx in the thread, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./rollout-worker.ts');
