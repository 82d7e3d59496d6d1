/**
 * Training the orchestration environment's PARL policy: REINFORCE with a learned value baseline
 * and Adam, over episodes drawn from the train split only. Episode e plays the instance of
 * trainingSeed(e, seed) with actions drawn from keyedRng(seed, 'orchestration-policy', e), and
 * updates happen in episode order, so the same config gives the same weights bit for bit.
 */
import { trainingSeed } from '../../scenarios/splits';
import { keyedRng } from '../../util/rng';
import { lambdaAt, type Schedule } from '../reward';
import type { OrchestrationPolicy } from './decisions';
import { type EpisodeResult, playInstance } from './episode';
import { drawInstance } from './instance';
import {
  accumulate,
  type Decision,
  initWeights,
  linearOrchestrator,
  sgdStep,
  value,
  type Weights,
  zerosLike,
} from './linear-policy';
import { defaultEnvParams, type EnvParams } from './params';
import { orchestrationReward } from './reward';

export interface OrchestrationTrainConfig {
  readonly seed: number;
  readonly episodes: number;
  readonly batch: number;
  /** Step size of the policy heads (plain gradient ascent, linear-policy.ts sgdStep). */
  readonly rate: number;
  /** Step size of the value baseline. */
  readonly valueRate: number;
  /** Global norm the policy gradient is clipped to. */
  readonly clip: number;
  readonly entropy: number;
  readonly lambdaParallel: Schedule;
  readonly lambdaFinish: Schedule;
  readonly params: EnvParams;
}

export const defaultOrchestrationTrainConfig: OrchestrationTrainConfig = {
  seed: 1,
  episodes: 100_000,
  batch: 64,
  rate: 1,
  valueRate: 0.1,
  clip: 1,
  entropy: 0.01,
  lambdaParallel: { kind: 'linear', from: 1, to: 0, over: 60_000 },
  lambdaFinish: { kind: 'linear', from: 0.5, to: 0, over: 60_000 },
  params: defaultEnvParams,
};

/** One point of the training curves: the batch's means. */
export interface CurvePoint {
  readonly episode: number;
  readonly reward: number;
  readonly perf: number;
  readonly quality: number;
  readonly relativeCost: number;
  readonly criticalSteps: number;
  readonly parallel: number;
  readonly finish: number;
  readonly soloRate: number;
  readonly unusedSubagents: number;
  readonly lambdaParallel: number;
  readonly lambdaFinish: number;
}

export interface OrchestrationTraining {
  readonly weights: Weights;
  readonly curves: CurvePoint[];
}

/** Plays training episode `e` with `policy`: its instance is from the train split. */
export function trainingEpisode(
  params: EnvParams,
  seed: number,
  e: number,
  policy: OrchestrationPolicy,
): EpisodeResult {
  return playInstance(params, drawInstance(params, trainingSeed(e, seed)), policy);
}

export function trainOrchestrator(
  config: OrchestrationTrainConfig,
  onPoint?: (point: CurvePoint) => void,
): OrchestrationTraining {
  const { params } = config;
  const weights = initWeights();
  const curves: CurvePoint[] = [];
  for (let start = 0; start < config.episodes; start += config.batch) {
    const end = Math.min(config.episodes, start + config.batch);
    const grad = zerosLike(weights);
    const sums = new Float64Array(10);
    for (let e = start; e < end; e++) {
      const instance = drawInstance(params, trainingSeed(e, config.seed));
      const decisions: Decision[] = [];
      const policy = linearOrchestrator({
        weights,
        rng: keyedRng(config.seed, 'orchestration-policy', e),
        record: decisions,
      });
      const r = playInstance(params, instance, policy);
      const l1 = lambdaAt(config.lambdaParallel, e);
      const l2 = lambdaAt(config.lambdaFinish, e);
      const parts = orchestrationReward(params, r, l1, l2);
      // The first decision is always the mode, taken on the plan features: the baseline's input.
      const x = (decisions[0] as Decision).x;
      const advantage = parts.reward - value(weights, x);
      const scale = 1 / (end - start);
      accumulate(weights, decisions, advantage * scale, config.entropy * scale, grad);
      for (let j = 0; j < x.length; j++)
        grad.value[j] = (grad.value[j] as number) + scale * advantage * (x[j] as number);
      const v = [
        parts.reward,
        parts.perf,
        r.quality,
        r.relativeCost,
        r.criticalSteps,
        parts.parallel,
        parts.finish,
        r.solo ? 1 : 0,
        r.spawned - r.contributed,
        0,
      ];
      for (let k = 0; k < v.length; k++) sums[k] = (sums[k] as number) + (v[k] as number);
    }
    sgdStep(weights, grad, config.rate, config.valueRate, config.clip);
    const n = end - start;
    const point: CurvePoint = {
      episode: end,
      reward: (sums[0] as number) / n,
      perf: (sums[1] as number) / n,
      quality: (sums[2] as number) / n,
      relativeCost: (sums[3] as number) / n,
      criticalSteps: (sums[4] as number) / n,
      parallel: (sums[5] as number) / n,
      finish: (sums[6] as number) / n,
      soloRate: (sums[7] as number) / n,
      unusedSubagents: (sums[8] as number) / n,
      lambdaParallel: lambdaAt(config.lambdaParallel, end - 1),
      lambdaFinish: lambdaAt(config.lambdaFinish, end - 1),
    };
    curves.push(point);
    onPoint?.(point);
  }
  return { weights, curves };
}
