// A worker thread starts without tsx's loader, so the rollout workers of `swarm train` start from
// this plain JavaScript entry: it registers tsx in the thread, then loads the TypeScript worker.
// (`swarm orchestration train` bundles its worker with esbuild instead: orchestration-rollouts.ts.)
import { register } from 'tsx/esm/api';

register();
await import('./rollout-worker.ts');
