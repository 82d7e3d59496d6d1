/** What a training run is configured with, and what it runs on (train.ts, episode.ts). */
import type { Provider } from '../providers/types';
import type { TaskScenarioSpec } from '../scenarios/registry';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { ScenarioPorts } from '../scenarios/types';
import { PROFILES } from './actions';
import type { BanditKind } from './bandit-policy';
import type { Inputs } from './features';
import type { TrainableKind } from './kinds/registry';
import type { MixSpec } from './mix';
import type { PreferenceSampling } from './preference-sampling';
import type { PriceSampling } from './price-sampling';
import type { Schedule } from './reward';

export interface TrainConfig {
  readonly policy: TrainableKind;
  readonly episodes: number;
  readonly seed: number;
  readonly lambdaParallel: Schedule;
  readonly lambdaFinish: Schedule;
  /** What the episode budget counts: critical steps (the method) or total steps (experiment c). */
  readonly budgetOn: 'critical' | 'total';
  /** Profiles the policy may choose from. */
  readonly profiles: readonly string[];
  readonly batch: number;
  /**
   * PARL: episodes played on the same instance with different draws of the policy, whose
   * advantages are measured against each other (leave-one-out, as RLOO and GRPO do) instead of
   * against the value baseline. 1: each episode its own instance, the value baseline. A batch
   * holds whole groups.
   */
  readonly group: number;
  readonly learningRate: number;
  readonly entropy: number;
  readonly bandit: BanditKind;
  /**
   * The bandit's arms: every setting (`all`: uncut, cut, and each with the deadline-aware
   * cascade), every setting without the cascade (`no-cascade`, the arms before issue 59: a control
   * for what the cascade arms change), or only those that do not cut a swarm and retry (`uncut`,
   * the arms before shards and votes). @default all
   */
  readonly arms?: 'all' | 'no-cascade' | 'uncut';
  /** Episodes per point of the learning curves. */
  readonly window: number;
  /**
   * PARL heads held to one option, by name (`{ retry: 'retry' }`): an ablation that takes a kind
   * of decision away. Recorded in the checkpoint, and held again wherever the policy runs.
   */
  readonly hold?: Readonly<Record<string, string>>;
  /**
   * PARL: how the plan head learns. `regression` (default): each plan option's return estimated
   * by least squares from every episode that played it, all episodes of a group playing one plan
   * (plan-critic.ts). `gradient`: the policy gradient the step heads follow, each episode drawing
   * its own plan — the learner before 2026-11-28, kept as the control arm.
   */
  readonly planHead?: 'regression' | 'gradient';
  /**
   * The cost and time preference each episode is played and rewarded under (trace/preference.ts):
   * one for all, or drawn per group of episodes (preference-sampling.ts). Absent: the default
   * {cost: 1, time: 1} throughout, as before issue 59. Either way the policy reads it.
   */
  readonly preferences?: PreferenceSampling;
  /**
   * The price table each group of episodes is played under (price-sampling.ts): each profile's
   * prices times a factor drawn per group. Present, the policy reads the prices (its checkpoint's
   * features include the price features); absent, the profiles' own prices throughout and a policy
   * without price inputs, as before (CLI default training's checkpoint is unchanged).
   */
  readonly prices?: PriceSampling;
}

/** The inputs a policy trained with `config` reads: the preference always, the prices when sampled. */
export const inputsOfConfig = (config: Pick<TrainConfig, 'prices'>): Inputs =>
  config.prices ? 'prices' : 'preference';

export const defaultTrainConfig: TrainConfig = {
  policy: 'parl',
  episodes: 20000,
  seed: 1,
  // The published form: λ1 anneals from 0.1 to 0 (docs/architecture.md, the method). λ2 anneals too, from 0.3: a spare
  // subagent must cost more in r_finish than it earns in r_parallel (docs/learning.md).
  lambdaParallel: { kind: 'linear', from: 0.1, to: 0, over: 10000 },
  lambdaFinish: { kind: 'linear', from: 0.3, to: 0, over: 10000 },
  budgetOn: 'critical',
  profiles: [...PROFILES],
  batch: 64,
  group: 4,
  learningRate: 0.05,
  entropy: 0.01,
  bandit: 'linucb',
  window: 60,
  planHead: 'regression',
};

/**
 * The λ schedules a training of `episodes` episodes gets by default. PARL: λ1 and λ2 anneal to 0
 * over the first half, so the second half learns from r_perf alone (the method: the auxiliary
 * terms are scaffolding). The bandit: 0 throughout — its estimates are averages over every
 * episode it played, so rewards inflated early would stay in them, and as a baseline it is
 * strongest trained on the objective it is scored on.
 */
export function defaultSchedules(
  policy: TrainConfig['policy'],
  episodes: number,
): Pick<TrainConfig, 'lambdaParallel' | 'lambdaFinish'> {
  if (policy === 'bandit') {
    return { lambdaParallel: { kind: 'constant', value: 0 }, lambdaFinish: { kind: 'constant', value: 0 } };
  }
  const over = Math.max(1, Math.round(episodes / 2));
  return {
    lambdaParallel: { kind: 'linear', from: 0.1, to: 0, over },
    lambdaFinish: { kind: 'linear', from: 0.3, to: 0, over },
  };
}

export interface TrainEnv {
  readonly mix: MixSpec;
  /** The task scenarios the mix names, by id. */
  readonly specs: Readonly<Record<string, TaskScenarioSpec>>;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  /** Profile name → sha256 of its definition, recorded in the checkpoint. */
  readonly profileHashes: Readonly<Record<string, string>>;
  readonly provider: Provider;
  readonly ports?: ScenarioPorts;
}

/** How a config's plan head learns; a config that does not say (an older checkpoint's): by gradient. */
export function planHeadOf(config: Pick<TrainConfig, 'planHead'>): 'regression' | 'gradient' {
  return config.planHead ?? 'gradient';
}
