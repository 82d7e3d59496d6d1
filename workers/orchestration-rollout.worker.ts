// A rollout worker of the page's orchestration training (src/adapters/orchestration-rollouts.ts):
// plays the episodes it is sent with the weights it is sent, one row per episode.
import type { RolloutReply, RolloutRequest } from '../src/adapters/orchestration-rollouts';
import { weightsOver } from '../src/core/learning/orchestration/linear-policy';
import {
  type ChunkResult,
  emptyChunkResult,
  type OrchestrationTrainConfig,
  playRows,
} from '../src/core/learning/orchestration/train';

let config: OrchestrationTrainConfig | undefined;
let scratch: ChunkResult | undefined;
self.onmessage = (event: MessageEvent<RolloutRequest>) => {
  const m = event.data;
  if (m.kind === 'config') {
    config = m.config;
    return;
  }
  try {
    if (!config) throw new Error('a rollout worker was asked to play before it was configured');
    const weights = weightsOver(m.weights);
    scratch ??= emptyChunkResult(weights);
    const needed = (m.to - m.from) * scratch.flat.length;
    const rows = m.rows.length >= needed ? m.rows : new Float64Array(needed);
    playRows(config, weights, m.from, m.to, m.batchSize, rows, scratch);
    self.postMessage({ id: m.id, rows } satisfies RolloutReply, { transfer: [rows.buffer] });
  } catch (error) {
    self.postMessage({
      id: m.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RolloutReply);
  }
};
