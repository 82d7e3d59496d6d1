/**
 * The swarm control API in the page (docs/api.md): the same implementation as the library build,
 * with the page's code sandbox (a fresh worker per call in the opaque-origin sandbox frame) so every scenario runs. One instance
 * per page, shared by `window.swarmflight` and the iframe bridge.
 */
import { svgToPng } from '../adapters/browser/svg-to-png';
import { workerSandbox } from '../adapters/browser/worker-sandbox';
import { createSwarmApi, type SwarmApi } from './api';
import type { CheckpointSource } from './validate';

/** The page's API, whose `parl:NAME` / `bandit:NAME` policies come from `checkpoints` (the page's store). */
export function createPageApi(checkpoints?: CheckpointSource): SwarmApi {
  return createSwarmApi({
    ports: { sandbox: workerSandbox() },
    ...(checkpoints ? { checkpoints } : {}),
    // analyze's default picture: the run's DAG drawn by the browser (adapters/browser/svg-to-png.ts).
    rasterize: (svg) => svgToPng(svg),
  });
}
export { isSwarmApiError, SwarmApiError } from './errors';
