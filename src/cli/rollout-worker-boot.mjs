// A worker thread starts without tsx's loader, so the rollout workers of `swarm train` and
// `swarm orchestration train` start from this plain JavaScript entry: it registers tsx in the
// thread, then loads the TypeScript worker named in workerData (the mix's rollout worker by default).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const entry =
  workerData?.entry === 'orchestration' ? './orchestration-rollout-worker.ts' : './rollout-worker.ts';
await import(entry);
