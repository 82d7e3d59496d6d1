/**
 * PARL's reward in the orchestration environment (Kimi K2.5 report; docs/learning.md):
 *
 *   r = λ1 · r_parallel + λ2 · r_finish + r_perf
 *   r_perf     = quality (partial credit, 0 past the budget) − μ · cost / reference cost − η · critical steps / budget
 *   r_parallel = min(1, subagents spawned / the subagent limit)
 *   r_finish   = subagents that contributed accepted, non-duplicate work / subagents spawned
 *
 * A solo run spawns nothing and finishes no subagent: r_parallel = r_finish = 0, so both terms
 * pay only for parallel work, r_parallel for its breadth and r_finish for its usefulness. With
 * λ1 = λ2 = 0 this is the `reward` every evaluation reports.
 */
import type { EpisodeResult } from './episode';
import type { EnvParams } from './params';

export interface RewardParts {
  readonly parallel: number;
  readonly finish: number;
  readonly perf: number;
  readonly reward: number;
}

export function performance(params: EnvParams, r: EpisodeResult): number {
  const { mu, eta } = params.reward;
  return r.quality - mu * r.relativeCost - eta * Math.min(2, r.criticalSteps / r.budget);
}

export function orchestrationReward(
  params: EnvParams,
  r: EpisodeResult,
  lambdaParallel: number,
  lambdaFinish: number,
): RewardParts {
  const cap = Math.max(1, params.maxSubagents);
  const parallel = r.solo ? 0 : Math.min(1, r.spawned / cap);
  const finish = r.spawned > 0 ? r.contributed / r.spawned : 0;
  const perf = performance(params, r);
  return { parallel, finish, perf, reward: lambdaParallel * parallel + lambdaFinish * finish + perf };
}
