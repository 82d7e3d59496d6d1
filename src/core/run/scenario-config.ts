/**
 * The run configuration of a task scenario's run (prepare.ts builds the rest of the run around
 * it): its budgets and joins from the file, its prices from the profiles, its reward weighted by
 * the preference, and in a swarm what its orchestrator pays (docs/simulator.md).
 */
import { estimateTextTokens } from '../providers/tokens';
import { makeConfig, type OrchestratorModel, type RunConfig } from '../runtime/config';
import type { TaskScenarioSpec } from '../scenarios/registry';
import type { ProfileSpec, RewardSpec } from '../scenarios/spec-types';
import type { PlanMode } from '../scenarios/types';
import type { ProfilePrice, RewardWeights } from '../trace/metrics';
import { isDefaultPreference, type Preference, preferredWeights } from '../trace/preference';
import { difficultyCue, instanceEngines } from './instance-world';

/**
 * The run configuration a task scenario file asks for, with the run's default profile, for an
 * instance of `size` planned in `mode` (the engines it shares, its reference cost, and in a swarm
 * what its orchestrator pays: docs/simulator.md).
 */
export function scenarioConfig(
  spec: TaskScenarioSpec,
  seed: number,
  profiles: Readonly<Record<string, ProfileSpec>>,
  profile: string | undefined,
  instance: { readonly size: number; readonly mode: PlanMode; readonly query: string },
  preference?: Preference,
): RunConfig {
  const defaultProfile = profile ?? spec.profile ?? 'medium';
  const turnSteps = Object.fromEntries(
    Object.entries(profiles).flatMap(([name, p]) =>
      p.simulator?.turnSteps !== undefined ? [[name, p.simulator.turnSteps]] : [],
    ),
  );
  const o = spec.orchestrator;
  // Only a swarm's orchestrator briefs and merges: a single agent answers the task itself.
  const orchestrator: OrchestratorModel | undefined =
    o && instance.mode === 'swarm'
      ? {
          briefSteps: o.briefSteps,
          briefTokens: o.briefTokens,
          window: profiles[defaultProfile]?.contextWindow ?? Number.POSITIVE_INFINITY,
          startTokens: o.promptTokens + estimateTextTokens(instance.query),
          headerTokens: o.headerTokens,
          mergeError: o.mergeError,
          ...(o.spawnTokens !== undefined ? { spawnTokens: o.spawnTokens } : {}),
        }
      : undefined;
  return makeConfig({
    seed,
    ...(spec.join ? { join: spec.join } : {}),
    ...(spec.failurePolicy ? { failurePolicy: spec.failurePolicy } : {}),
    ...(spec.mainStepCost !== undefined ? { mainStepCost: spec.mainStepCost } : {}),
    ...(spec.budgets ? { budgets: spec.budgets } : {}),
    defaultProfile,
    prices: pricesOf(profiles),
    ...(spec.reward
      ? { reward: preferredWeights(rewardWeights(spec.reward, instance.size), preference) }
      : {}),
    ...(preference && !isDefaultPreference(preference) ? { preference } : {}),
    ...(spec.engines !== undefined ? { engines: instanceEngines(spec.engines, seed) } : {}),
    ...(Object.keys(turnSteps).length > 0 ? { turnSteps } : {}),
    ...(orchestrator ? { orchestrator } : {}),
    units: instance.size,
    difficultyCue: difficultyCue(spec, seed),
  });
}

/** The per-token prices of a profile table: what a task run is priced with. */
export function pricesOf(profiles: Readonly<Record<string, ProfileSpec>>): Record<string, ProfilePrice> {
  return Object.fromEntries(Object.entries(profiles).map(([name, p]) => [name, p.price]));
}

/** The reward's weights for an instance of `size`: the reference cost per unit, scaled. */
function rewardWeights(reward: RewardSpec, size: number): RewardWeights {
  const costReference = reward.costReference ?? (reward.costReferencePerUnit ?? 1) * size;
  return {
    costWeight: reward.costWeight,
    costReference,
    ...(reward.stepsWeight !== undefined ? { stepsWeight: reward.stepsWeight } : {}),
    ...(reward.deadlineWeight !== undefined ? { deadlineWeight: reward.deadlineWeight } : {}),
    ...(reward.deadlineFrom !== undefined ? { deadlineFrom: reward.deadlineFrom } : {}),
  };
}
