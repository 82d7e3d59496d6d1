/**
 * One training episode: a task drawn from the mix by its index, run with the learner at the
 * orchestrator, scored with PARL's reward. Pure given its arguments, so rollout workers can play
 * episodes of a batch in parallel and training stays bit-identical (train.ts).
 */

import { planChooser } from '../policy/types';
import { prepareRun } from '../run/prepare';
import { runPrepared } from '../run/run';
import type { TaskScenarioSpec } from '../scenarios/registry';
import { trainingSeed } from '../scenarios/splits';
import type { ScenarioInstance } from '../scenarios/types';
import type { Metrics } from '../trace/metrics';
import { keyedRng } from '../util/rng';
import type { Bandit } from './bandit';
import { type Arm, type BanditPlay, banditPolicy } from './bandit-policy';
import { episodeInstance } from './episode-instances';
import { componentSpec, type Draw, drawTask, specOf, weightsAt } from './mix';
import { type Decision, holdOf, type ParlParams, parlPolicy } from './parl';
import { preferenceAt } from './preference-sampling';
import { priceFactorsAt, scaledPrices } from './price-sampling';
import { lambdaAt, parlReward } from './reward';
import { inputsOfConfig, planHeadOf, type TrainConfig, type TrainEnv } from './train-config';

/** What one episode did, as the curves average it. */
export interface EpisodeStats {
  readonly episode: number;
  readonly scenario: string;
  readonly reward: number;
  readonly quality: number;
  readonly success: number;
  readonly criticalSteps: number;
  readonly avgParallelism: number;
  readonly spawnCount: number;
  readonly finishRate: number;
  /** r_perf: the run's reward metric, the term that stays when λ1 and λ2 reach 0. */
  readonly perf: number;
  /** r_parallel, before its weight. */
  readonly parallel: number;
  /** λ1·r_parallel and λ2·r_finish: what each auxiliary term adds to this episode's reward. */
  readonly parallelTerm: number;
  readonly finishTerm: number;
  readonly lambdaParallel: number;
  readonly lambdaFinish: number;
}

/**
 * PARL's reward for one episode, and the parts the curves show. r_perf is the run's own `reward`
 * metric (quality less its cost and critical-steps charges, 0 when a budget broke: the scenario
 * file's weights, docs/metrics.md). A single-agent run instantiates no subagents: its r_parallel is 0,
 * and its r_finish is whether its one agent finished.
 */
export function episodeReward(
  metrics: Metrics,
  swarm: { readonly single: boolean; readonly tasks: number },
  maxSubagents: number,
  budget: { on: 'critical' | 'total'; limit: number },
  l1: number,
  l2: number,
) {
  const used = budget.on === 'critical' ? metrics.criticalSteps : metrics.totalSteps;
  const spawned = swarm.single ? 0 : metrics.spawnCount;
  // r_finish punishes spurious parallelism (subagents spawned and left idle, work not finished),
  // not the lack of it: a single-agent run's one agent finishes or not like a subagent does.
  const finish = swarm.single
    ? metrics.subtaskFinishRate
    : spawned > 0
      ? metrics.subtaskFinishRate * (1 - metrics.unusedSubagents / spawned)
      : 0;
  return parlReward(
    {
      spawnCount: spawned,
      maxSubagents: Math.max(1, Math.min(swarm.tasks, maxSubagents, 100)),
      subtaskFinishRate: finish,
      perf: metrics.reward,
      withinBudget: used <= budget.limit,
    },
    l1,
    l2,
  );
}

/** What one episode gives the learner, as plain data (it crosses to and from rollout workers). */
export interface EpisodeOutcome {
  readonly stats: EpisodeStats;
  /** PARL: the decisions taken, with their features and masks. */
  readonly decisions: Decision[];
  /** Bandit: the arm played and its context (arm −1: none). */
  readonly play: BanditPlay;
}

/** Who plays an episode: PARL weights (sampling) or a bandit and its arms. */
export type Learner =
  | { readonly params: ParlParams }
  | { readonly bandit: Bandit; readonly arms: readonly Arm[] };

/** Training episode `e`'s task: its group's draw from the mix, the spec and seed it runs at, its instance. */
export interface EpisodeTask {
  readonly draw: Draw;
  readonly spec: TaskScenarioSpec;
  readonly seed: number;
  /** The group's index: its preference's key. */
  readonly group: number;
  /** Generated once for the group's episodes (episode-instances.ts): the same object each asks for. */
  readonly instance: ScenarioInstance;
}

/** The task of episode `e` of this training: the same for every episode of its group. */
export function episodeTask(config: TrainConfig, env: TrainEnv, e: number): EpisodeTask {
  const { mix } = env;
  // The episodes of a group play one instance: the group's first episode's.
  const size = Math.max(1, config.group ?? 1);
  const first = e - (e % size);
  const draw: Draw = drawTask(mix, weightsAt(mix, first / config.episodes), config.seed, `episode ${first}`);
  const spec = componentSpec(specOf(env.specs, draw.component.scenario), draw.component, config.budgetOn);
  // From the train split only: no episode can be a validation or test instance (scenarios/splits).
  const seed = trainingSeed(first, config.seed);
  // The spec is the component's under this budget: that pair names it within this environment.
  const key = `${draw.index}\u0000${config.budgetOn}`;
  const instance = episodeInstance(env, key, spec, seed, draw.size);
  return { draw, spec, seed, group: first / size, instance };
}

/**
 * Plays training episode `e`: draws its task from the mix (curriculum and all, keyed by `e`), runs
 * it with the learner at the orchestrator and scores it with PARL's reward at `e`'s λ. Pure given
 * its arguments (and the bandit's state): the same `e` gives the same outcome anywhere.
 */
export async function playEpisode(
  config: TrainConfig,
  env: TrainEnv,
  e: number,
  learner: Learner,
): Promise<EpisodeOutcome> {
  const { draw, spec, seed, group, instance } = episodeTask(config, env, e);
  const { component } = draw;
  const first = e - (e % Math.max(1, config.group ?? 1));
  const critical = config.budgetOn === 'critical';
  // The group's preference: its episodes are compared with each other, so they share their reward.
  const preference = preferenceAt(config.preferences, config.seed, group);
  // The group's price table, when training samples them: the run is priced with it, so what the
  // policy reads of prices (PlanView.prices) is what the episode costs.
  const factors = priceFactorsAt(config.prices, config.seed, group);
  const decisions: Decision[] = [];
  const play: BanditPlay = { arm: -1, context: new Float64Array(0) };
  const policy =
    'bandit' in learner
      ? banditPolicy(learner.bandit, learner.arms, play, 'bandit', { inputs: inputsOfConfig(config) })
      : parlPolicy({
          params: learner.params,
          mode: 'sample',
          rng: keyedRng(config.seed, 'policy', e),
          // A plan learned by regression is one per group: the group's episodes differ only in
          // their steps, so each step's advantage is measured against the same plan's runs.
          ...(planHeadOf(config) === 'regression' ? { planRng: keyedRng(config.seed, 'plan', first) } : {}),
          profiles: config.profiles,
          record: decisions,
          ...(config.hold ? { held: holdOf(config.hold) } : {}),
        });
  const result = await runPrepared(
    prepareRun({
      // The group's episodes share its instance, generated once (episode-instances.ts).
      scenario: { type: 'task', spec, instance },
      seed,
      size: draw.size,
      plan: planChooser(policy),
      profiles: factors ? scaledPrices(env.profiles, factors) : env.profiles,
      ...(preference ? { overrides: { preference } } : {}),
    }),
    { policy, provider: env.provider, ...(env.ports ? { ports: env.ports } : {}), keepEvents: false },
  );
  const l1 = lambdaAt(config.lambdaParallel, e);
  const l2 = lambdaAt(config.lambdaFinish, e);
  const m = result.metrics;
  const r = episodeReward(
    m,
    { single: result.plan.mode === 'single', tasks: result.plan.tasks.length },
    spec.budgets?.maxConcurrentSubagents ?? 100,
    { on: config.budgetOn, limit: critical ? component.maxCriticalSteps : component.maxTotalSteps },
    l1,
    l2,
  );
  const stats: EpisodeStats = {
    episode: e,
    scenario: component.scenario,
    reward: r.reward,
    quality: m.itemF1,
    success: m.episodeSuccess,
    criticalSteps: m.criticalSteps,
    avgParallelism: m.avgParallelism,
    spawnCount: m.spawnCount,
    finishRate: r.finish,
    perf: r.perf,
    parallel: r.parallel,
    parallelTerm: l1 * r.parallel,
    finishTerm: l2 * r.finish,
    lambdaParallel: l1,
    lambdaFinish: l2,
  };
  return { stats, decisions, play };
}
