/**
 * The contextual-bandit baseline of the orchestration environment: once per episode, LinUCB picks
 * one fixed setting (an arm) from the instance's plan features and plays it for the whole run. It
 * adapts the setting to the instance, as PARL does, but cannot react inside a run (no profile per
 * shard, no recovery that depends on what failed).
 */
import { trainingSeed } from '../../scenarios/splits';
import { LinUCB } from '../linucb';
import {
  allSettings,
  delegating,
  fixedOrchestrator,
  type OrchestrationPolicy,
  type Setting,
} from './decisions';
import { playInstance } from './episode';
import { PLAN_FEATURES, planFeatures } from './features';
import { drawInstance } from './instance';
import type { EnvParams } from './params';
import { orchestrationReward } from './reward';

export interface BanditBaseline {
  readonly bandit: LinUCB;
  readonly settings: readonly Setting[];
}

/** Trains LinUCB for `episodes` episodes of the train split under training seed `seed`. */
export function trainBandit(params: EnvParams, seed: number, episodes: number): BanditBaseline {
  const settings = allSettings();
  const arms = settings.map((s) => fixedOrchestrator(s));
  const bandit = new LinUCB({ arms: settings.length, dim: PLAN_FEATURES.length, alpha: 0.5 });
  for (let e = 0; e < episodes; e++) {
    const instance = drawInstance(params, trainingSeed(e, seed));
    let arm = -1;
    let context: Float64Array = new Float64Array(0);
    const chooser = delegating('bandit', (observed) => {
      context = planFeatures(observed);
      arm = bandit.select(context);
      return arms[arm] as OrchestrationPolicy;
    });
    const r = playInstance(params, instance, chooser);
    bandit.update(arm, context, orchestrationReward(params, r, 0, 0).reward);
  }
  return { bandit, settings };
}

/** The trained bandit, exploiting: the arm with the best estimate for each instance. */
export function banditOrchestrator(
  { bandit, settings }: BanditBaseline,
  name = 'bandit',
): OrchestrationPolicy {
  const arms = settings.map((s) => fixedOrchestrator(s));
  return delegating(name, (observed) => arms[bandit.exploit(planFeatures(observed))] as OrchestrationPolicy);
}
