import { nodeSandbox } from '../adapters/node/node-sandbox';
import type { MixSpec } from '../core/learning/mix';
import type { TrainEnv } from '../core/learning/train-config';
import { simulatedProviderFor } from '../core/scenarios/players';
import type { TaskScenarioSpec } from '../core/scenarios/registry';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import { memoSandbox } from '../core/tools/memo-sandbox';
import { UsageError } from './errors';
import { profileHashes } from './policy-file';
import { type ReadOptions, readMix, readProfiles, readScenario, resolveScenario } from './scenario-file';

/**
 * What a training environment is made of, as data: the distribution (a mix and the task scenarios
 * it names) and the profiles. `swarm train --redis` sends this to its workers, rather than the
 * paths it was read from, which a worker on another machine cannot read.
 */
export interface TrainSource {
  readonly mix: MixSpec;
  readonly specs: Readonly<Record<string, TaskScenarioSpec>>;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
}

/** The scenario (an id, a file, or a mix) and profiles file of a training, read and checked. */
export function trainingSource(scenario: string, profilesFile?: string): TrainSource {
  const profiles: Record<string, ProfileSpec> = readProfiles(profilesFile);
  const { mix, specs } = distribution(scenario, {
    profiles,
    ...(profilesFile !== undefined ? { profilesFile } : {}),
  });
  return { mix, specs, profiles };
}

/** The training environment of a source: its provider, sandbox and profile hashes added. */
export async function trainingEnvOf({ mix, specs, profiles }: TrainSource): Promise<TrainEnv> {
  return {
    mix,
    specs,
    profiles,
    profileHashes: await profileHashes(profiles),
    provider: simulatedProviderFor(profiles),
    // Training replays the same programs many times: results are remembered (memo-sandbox.ts).
    ports: { sandbox: memoSandbox(nodeSandbox) },
  };
}

/** Everything a training run needs besides its config: the distribution, profiles, provider, sandbox. */
export async function trainingEnv(scenario: string, profilesFile?: string): Promise<TrainEnv> {
  return trainingEnvOf(trainingSource(scenario, profilesFile));
}

/** The training distribution: a mix file, or one scenario under the budgets mix.json gives it. */
function distribution(
  id: string,
  options: ReadOptions,
): {
  mix: MixSpec;
  specs: Record<string, TaskScenarioSpec>;
} {
  const scenario = readScenario(id, options);
  if (scenario.type === 'mix') return { mix: scenario.mix, specs: { ...scenario.specs } };
  if (scenario.type !== 'task')
    throw new UsageError(`--scenario: "${id}" is a graph; train needs task scenarios or a mix`);
  const { mix } = readMix(resolveScenario('mix'));
  const known = mix.components.find((c) => c.scenario === scenario.spec.id);
  const size = scenario.spec.size.default;
  const component = known ?? {
    scenario: scenario.spec.id,
    weight: 1,
    sizes: [size, size] as [number, number],
    maxCriticalSteps: Number.MAX_SAFE_INTEGER,
    maxTotalSteps: Number.MAX_SAFE_INTEGER,
  };
  return {
    mix: { kind: 'mix', id: scenario.spec.id, components: [{ ...component, weight: 1 }], curriculum: [] },
    specs: { [scenario.spec.id]: scenario.spec },
  };
}
