/**
 * A training environment from a training request's plain data: what the training worker
 * (train-host.ts) and each rollout worker (rollout-host.ts) build alike, so an episode played in
 * either gives the same outcome.
 */
import type { TrainEnv } from '../../core/learning/train-config';
import { simulatedProviderFor } from '../../core/scenarios/players';
import { profileHashes } from '../../core/scenarios/profiles';
import type { CodeSandbox } from '../../core/tools/sandbox';
import type { RolloutSetup } from '../wire/rollout-protocol';

export async function trainEnvFor(setup: RolloutSetup, sandbox?: CodeSandbox): Promise<TrainEnv> {
  return {
    mix: setup.mix,
    specs: setup.specs,
    profiles: setup.profiles,
    profileHashes: await profileHashes(setup.profiles),
    provider: simulatedProviderFor(setup.profiles),
    ...(sandbox ? { ports: { sandbox } } : {}),
  };
}
