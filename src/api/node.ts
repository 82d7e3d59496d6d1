/**
 * The library build's entry (`npm run build:lib`, package.json `exports["./api"]`): the swarm
 * control API for Node, one instance per process, with Node's code sandbox so every scenario
 * runs, and OpenAI-compatible endpoints (the key from SWARM_API_KEY). The functions are that instance's; `createSwarmApi` makes a separate one (its own swarms,
 * its own run slots). docs/api.md has examples.
 */

import { fileCheckpoints } from '../adapters/node/checkpoint-file';
import { nodeProviders } from '../adapters/node/node-providers';
import { nodeSandbox } from '../adapters/node/node-sandbox';
import { svgToPng } from '../adapters/node/svg-to-png';
import { createSwarmApi } from './api';

const api = createSwarmApi({
  ports: { sandbox: nodeSandbox },
  checkpoints: fileCheckpoints,
  providers: nodeProviders,
  rasterize: async (svg) => svgToPng(svg),
});

export const { create, status, submit, agents, terminate, events, wait, list, analyze } = api;

export type { Analysis, AnalysisImage, AnalysisProvider, AnalyzeOptions } from './analyze';
export { createSwarmApi, type SwarmApi, type SwarmApiHost } from './api';
export { isSwarmApiError, SwarmApiError, type SwarmApiErrorCode } from './errors';
export * from './types';
