/**
 * The start data of `swarm train`'s rollout worker threads (rollout-worker.ts); the requests and
 * replies they exchange with the pool (src/cli/rollout-pool.ts, over src/adapters/common/
 * rollout-pool.ts) are the page's too, in src/adapters/wire/rollout-protocol.ts. Node worker
 * threads talk by structured clone; the episodes' weights are plain arrays, so no shared memory is
 * needed.
 */
import type { TrainConfig } from '../core/learning/train-config';

export type { RolloutReply, RolloutRequest } from '../adapters/wire/rollout-protocol';

/** What a worker builds its training environment from: the parent's own files and settings. */
export interface RolloutWorkerData {
  readonly scenario: string;
  readonly profiles?: string;
  readonly config: TrainConfig;
}
