/**
 * The orchestration environment in a Web Worker (workers/orchestration.worker.ts): training with
 * curves sent to the page as it goes, the leaderboard of every baseline and stored policy on the
 * test split, and one test instance played as a trace for the Run view. The validation grid that
 * chooses the baselines is computed once per worker, at the first leaderboard or baseline trace.
 */
import { BASELINES, baselinePolicy, isBaseline } from '../core/bench/orchestration-baselines';
import {
  type Evaluation,
  evaluate,
  type GridResult,
  grid,
  instancesOf,
  paired,
} from '../core/bench/orchestration-eval';
import { paretoSvg } from '../core/bench/pareto-svg';
import { fromCheckpoint, toCheckpoint } from '../core/learning/orchestration/checkpoint';
import type { OrchestrationPolicy } from '../core/learning/orchestration/decisions';
import { linearOrchestrator } from '../core/learning/orchestration/linear-policy';
import { defaultEnvParams as params } from '../core/learning/orchestration/params';
import { episodeTrace } from '../core/learning/orchestration/trace';
import {
  type CurvePoint,
  defaultOrchestrationTrainConfig,
  type OrchestrationTraining,
  trainOrchestrator,
  trainOrchestratorWith,
} from '../core/learning/orchestration/train';
import { splitSeeds } from '../core/scenarios/splits';
import type { OrchestrationApi, StoredOrchestrationPolicy } from './orchestration-protocol';
import { defaultRolloutWorkers, MAX_PAGE_ROLLOUT_WORKERS, pageRollouts } from './orchestration-rollouts';

/** Test and validation instances: as many as the CLI's bench uses by default. */
export const LEADERBOARD_INSTANCES = 300;
/** Curve points per message to the page: about a hundred messages for the default training. */
const POINTS_PER_MESSAGE = 16;

export function orchestrationHost(): OrchestrationApi {
  let validation: GridResult | undefined;
  const chosen = () => {
    validation ??= grid(params, instancesOf(params, splitSeeds('validation', LEADERBOARD_INSTANCES)));
    return validation;
  };
  const test = instancesOf(params, splitSeeds('test', LEADERBOARD_INSTANCES));
  const stored = (p: StoredOrchestrationPolicy): OrchestrationPolicy => {
    try {
      return linearOrchestrator({ weights: fromCheckpoint(p.checkpoint), name: p.name });
    } catch (error) {
      throw new Error(`policy "${p.name}" cannot be read: ${(error as Error).message}`);
    }
  };

  return {
    async train(seed, episodes, events, options = {}) {
      if (!Number.isInteger(seed) || seed < 0)
        throw new Error(`the seed must be a whole number ≥ 0, got ${seed}`);
      if (!Number.isInteger(episodes) || episodes < 64 || episodes > 1_000_000)
        throw new Error(`episodes must be a whole number from 64 to 1,000,000, got ${episodes}`);
      const workers = options.rolloutWorkers ?? defaultRolloutWorkers();
      if (!Number.isInteger(workers) || workers < 0 || workers > MAX_PAGE_ROLLOUT_WORKERS)
        throw new Error(
          `rollout workers must be a whole number from 0 to ${MAX_PAGE_ROLLOUT_WORKERS}, got ${workers}`,
        );
      const config = { ...defaultOrchestrationTrainConfig, seed, episodes };
      const started = performance.now();
      let pending: CurvePoint[] = [];
      const sends: Promise<void>[] = [];
      const onPoint = (point: CurvePoint) => {
        pending.push(point);
        if (pending.length >= POINTS_PER_MESSAGE || point.episode >= episodes) {
          sends.push(events.onPoints(pending, point.episode, episodes));
          pending = [];
        }
      };
      let trained: OrchestrationTraining;
      let workerEpisodes = 0;
      if (workers === 0) trained = trainOrchestrator(config, onPoint);
      else {
        let rollouts: ReturnType<typeof pageRollouts> | undefined;
        try {
          rollouts = pageRollouts(workers, config);
          trained = await trainOrchestratorWith(config, rollouts.play, onPoint);
          workerEpisodes = rollouts.workerEpisodes();
        } finally {
          rollouts?.close();
        }
      }
      // Every point reaches the page before the result does.
      await Promise.all(sends);
      const { params: _params, ...shown } = config;
      return {
        checkpoint: toCheckpoint(trained.weights, shown),
        seconds: (performance.now() - started) / 1000,
        rolloutWorkers: workers,
        workerEpisodes,
      };
    },

    async leaderboard(policies) {
      const g = chosen();
      const evals: { e: Evaluation; baseline: boolean }[] = [
        ...BASELINES.map((name) => ({
          e: evaluate(
            params,
            baselinePolicy(name, () => g),
            test,
          ),
          baseline: true,
        })),
        ...policies.map((p) => ({ e: evaluate(params, stored(p), test), baseline: false })),
      ];
      const base = (evals[BASELINES.indexOf('best-fixed')] as { e: Evaluation }).e;
      const rows = evals
        .map(({ e, baseline }) => ({
          name: e.policy,
          baseline,
          reward: e.means.reward,
          vsBestFixed: e === base ? null : paired(base, e),
          quality: e.means.quality,
          relativeCost: e.means.relativeCost,
          criticalSteps: e.means.criticalSteps,
        }))
        .sort((a, b) => b.reward - a.reward);
      return {
        instances: test.length,
        bestFixed: g.best,
        rows,
        paretoSvg: paretoSvg(
          `${test.length} test instances: quality against cost and critical steps`,
          rows.map((r) => ({ ...r, group: r.baseline ? r.name : 'stored policies' })),
        ),
      };
    },

    async trace(policy, index) {
      const instance = test[index];
      if (!instance) throw new Error(`there is no test instance ${index + 1} (1 to ${test.length})`);
      let p: OrchestrationPolicy;
      if (typeof policy !== 'string') p = stored(policy);
      else if (isBaseline(policy)) p = baselinePolicy(policy, chosen);
      else throw new Error(`"${policy}" is not a baseline (serial, heuristic, best-fixed, per-kind)`);
      return episodeTrace(params, instance, p);
    },
  };
}
