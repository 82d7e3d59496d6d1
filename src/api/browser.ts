/**
 * The swarm control API in the page (docs/api.md): the same implementation as the library build,
 * with the page's code sandbox (a fresh worker per call in the opaque-origin sandbox frame) so every scenario runs. One instance
 * per page, shared by `window.swarmflight` and the iframe bridge.
 */
import { workerSandbox } from '../adapters/worker-sandbox';
import { createSwarmApi } from './api';

export const pageApi = createSwarmApi({ ports: { sandbox: workerSandbox() } });
export { isSwarmApiError, SwarmApiError } from './errors';
