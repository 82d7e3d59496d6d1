/**
 * The training loop: simulated episodes, one after another, each a real run of a task scenario
 * through the runtime with the learning policy at the orchestrator, its PARL reward, and an
 * update — per batch of episodes for PARL (REINFORCE with a learned value baseline, Adam), per
 * episode for the bandit. Pure and in-process: the caller passes the scenarios, profiles, provider
 * and sandbox, and gets progress, curves and checkpoints through callbacks, so the same loop runs
 * under the CLI and in a Web Worker. The same config and seed give the same curve, bit for bit.
 *
 * Everything an episode draws is keyed by its index (task, instance, actions, λ, curriculum), so a
 * run resumed from a checkpoint of its first k episodes plays episodes k, k + 1, … as the
 * uninterrupted run would (docs/learning.md, "Resuming").
 */

import { Adam } from './adam';
import type { Bandit, BanditAlgorithm } from './bandit';
import {
  type Arm,
  armName,
  type BanditKind,
  banditArms,
  makeBandit,
  plainArms,
  uncutArms,
} from './bandit-policy';
import {
  banditCheckpoint,
  type Loaded,
  loadPolicy,
  type PolicyCheckpoint,
  parlCheckpoint,
} from './checkpoint';
import { type EpisodeOutcome, type EpisodeStats, type Learner, playEpisode } from './episode';
import { taskWidth } from './features';
import { baseline, type Decision, initParams, type ParlParams, PLANS, zerosLike } from './parl';
import { accumulatePolicyGradient } from './parl-gradient';
import { PlanCritic } from './plan-critic';
import { inputsOfConfig, planHeadOf, type TrainConfig, type TrainEnv } from './train-config';

export type { EpisodeOutcome, EpisodeStats } from './episode';
export { episodeReward, playEpisode } from './episode';
export { defaultSchedules, defaultTrainConfig, type TrainConfig, type TrainEnv } from './train-config';

/** One point of the learning curves: the mean of a window of episodes, at its last episode. */
export type CurvePoint = Omit<EpisodeStats, 'scenario'> & { readonly episodes: number };

export interface TrainHooks {
  readonly signal?: AbortSignal;
  /**
   * Awaited before every episode: a turn of the host's event loop, so that a stop (a worker
   * message, a signal) can land while training runs. Core has no event loop of its own to yield to.
   */
  readonly nextTask?: () => Promise<void>;
  /** After every episode, before the update or curve point it completes. */
  readonly onEpisode?: (stats: EpisodeStats, done: number, total: number) => void;
  /** After every window of episodes. */
  readonly onCurve?: (point: CurvePoint) => void;
  /** After every update (PARL: each batch; bandit: each window), and once at the end. */
  readonly onCheckpoint?: (checkpoint: PolicyCheckpoint) => void;
  /**
   * Plays PARL episodes with the same weights — the episodes of one batch, which no update
   * separates — possibly in parallel (worker threads, Web Workers). Each outcome must be what
   * `playEpisode(config, env, e, { params })` gives, in the order asked: training is then
   * bit-identical however many workers play. Default: one after another, here.
   */
  readonly rollouts?: Rollouts;
}

export interface TrainResult {
  readonly checkpoint: PolicyCheckpoint;
  readonly curves: CurvePoint[];
  readonly completedEpisodes: number;
  readonly stopped: boolean;
}

export type Rollouts = (episodes: readonly number[], params: ParlParams) => Promise<EpisodeOutcome[]>;

/**
 * Trains from scratch, or from `resume`: a checkpoint of this kind of policy whose weights (PARL,
 * with Adam's state when saved) or bandit statistics it starts from, continuing at its
 * `completedEpisodes` up to `config.episodes`. A resumed run's curves and checkpoints count
 * episodes from the start of the whole training; its curves hold only the points after the resume.
 */
export async function train(
  config: TrainConfig,
  env: TrainEnv,
  hooks: TrainHooks = {},
  resume?: PolicyCheckpoint,
): Promise<TrainResult> {
  const { mix } = env;
  for (const c of mix.components) {
    if (!env.specs[c.scenario])
      throw new Error(`mix "${mix.id}" names scenario "${c.scenario}", which was not loaded`);
  }
  const arms =
    config.arms === 'uncut'
      ? uncutArms(config.profiles)
      : config.arms === 'no-cascade'
        ? plainArms(config.profiles)
        : banditArms(config.profiles);
  const from = resume === undefined ? null : resumable(resume, config, env.profileHashes, arms);
  // Trained since issue 59 with preference inputs: at the default preference they read 0, so a
  // training that samples none learns what it learned before.
  const inputs = inputsOfConfig(config);
  const params = from?.kind === 'parl' ? from.params : initParams(inputs);
  const adam = new Adam(params, config.learningRate);
  if (from?.kind === 'parl' && from.optimizer) adam.restore(from.optimizer);
  const critic =
    config.policy === 'parl' && planHeadOf(config) === 'regression'
      ? new PlanCritic(
          PLANS.length,
          taskWidth(inputs),
          initParams(inputs).plan,
          undefined,
          from?.kind === 'parl' ? from.planCritic : undefined,
        )
      : null;
  const bandit: Bandit | null =
    config.policy !== 'bandit'
      ? null
      : from?.kind === 'bandit'
        ? from.bandit
        : makeBandit(config.bandit, arms.length, config.seed, inputs);
  const curves: CurvePoint[] = [];
  const window: EpisodeStats[] = [];
  let batch: { episode: number; decisions: Decision[]; task: Float64Array; reward: number }[] = [];
  const start = from?.checkpoint.training.completedEpisodes ?? 0;
  let done = start;

  const checkpoint = (): PolicyCheckpoint => {
    const training = { ...config, scenario: mix.id, completedEpisodes: done, profiles: [...config.profiles] };
    const hyper =
      config.policy === 'parl'
        ? {
            learningRate: config.learningRate,
            batch: config.batch,
            entropy: config.entropy,
            group: config.group,
            algorithm: config.group > 1 ? 'reinforce-leave-one-out' : 'reinforce-with-baseline',
            ...(critic ? { planHead: { algorithm: 'discounted-ridge', ...critic.config } } : {}),
          }
        : { algorithm: config.bandit };
    return bandit
      ? banditCheckpoint(bandit, arms, { hyper, training, profiles: { ...env.profileHashes } }, inputs)
      : parlCheckpoint(params, {
          hyper,
          training,
          profiles: { ...env.profileHashes },
          allowedProfiles: config.profiles,
          optimizer: adam.state(),
          ...(critic ? { planCritic: critic.state } : {}),
        });
  };

  const learner: Learner = bandit ? { bandit, arms } : { params };
  const rollouts: Rollouts =
    hooks.rollouts ??
    (async (episodes, weights) => {
      const out: EpisodeOutcome[] = [];
      for (const e of episodes) out.push(await playEpisode(config, env, e, { params: weights }));
      return out;
    });
  let e = start;
  let stopped = false;
  while (e < config.episodes && !stopped) {
    await hooks.nextTask?.();
    if (hooks.signal?.aborted) break;
    // PARL's weights change only when a batch is full: the episodes that fill it can be played
    // together. A bandit learns after every episode, so it plays one at a time.
    const k = bandit ? 1 : Math.min(config.batch - batch.length, config.episodes - e);
    const episodes = Array.from({ length: k }, (_, i) => e + i);
    const outcomes = bandit ? [await playEpisode(config, env, e, learner)] : await rollouts(episodes, params);
    e += k;
    for (const { stats, decisions, play } of outcomes) {
      // A stop lands between episodes: the ones played past it are not counted (a resume plays
      // them again, to the same outcome, since an episode depends only on its index and weights).
      if (stats.episode > e - k && hooks.signal?.aborted) {
        stopped = true;
        break;
      }
      done = stats.episode + 1;
      hooks.onEpisode?.(stats, done, config.episodes);
      if (bandit) {
        if (play.arm >= 0) bandit.update(play.arm, play.context, stats.reward);
      } else {
        // The first decision's features begin with the task's: what the value baseline reads.
        const first = decisions[0];
        if (first)
          batch.push({
            episode: stats.episode,
            decisions,
            task: first.x.slice(0, taskWidth(inputs)),
            reward: stats.reward,
          });
        if (batch.length >= config.batch) {
          update(params, adam, batch, config.entropy, config.group, critic);
          batch = [];
          hooks.onCheckpoint?.(checkpoint());
        }
      }

      window.push(stats);
      // Windows end at multiples of `window`, counted from the first episode of the whole training,
      // so a resumed run's points fall where the uninterrupted run's do.
      if (done % config.window === 0 || done === config.episodes) {
        const point = meanOf(window, done);
        curves.push(point);
        hooks.onCurve?.(point);
        window.length = 0;
        if (bandit) hooks.onCheckpoint?.(checkpoint());
      }
    }
  }
  if (!bandit && batch.length > 0) update(params, adam, batch, config.entropy, config.group, critic);
  if (window.length > 0) curves.push(meanOf(window, done));
  const final = checkpoint();
  hooks.onCheckpoint?.(final);
  return { checkpoint: final, curves, completedEpisodes: done, stopped: done < config.episodes };
}

const banditAlgorithms: Record<BanditKind, BanditAlgorithm> = {
  linucb: 'linucb',
  thompson: 'linear-thompson',
  'epsilon-greedy': 'epsilon-greedy',
};

/** Checks that `checkpoint` can continue the training `config` describes, and restores it. */
function resumable(
  checkpoint: PolicyCheckpoint,
  config: TrainConfig,
  profileHashes: Readonly<Record<string, string>>,
  arms: readonly Arm[],
): Loaded {
  const loaded = loadPolicy(checkpoint, profileHashes);
  const refuse = (why: string) => new Error(`cannot resume ${config.policy} training: ${why}`);
  if (!loaded.preference)
    throw refuse(
      'it was trained before preference inputs (its features lack the preference features): train a new policy, whose checkpoints read the cost and time preference',
    );
  if (loaded.kind !== config.policy)
    throw refuse(`the checkpoint is a ${loaded.kind} policy; resume from a ${config.policy} checkpoint`);
  // Its weights are as wide as its inputs: a training across price tables continues one only.
  if (loaded.inputs !== inputsOfConfig(config))
    throw refuse(
      loaded.inputs === 'prices'
        ? 'it was trained across price tables (its features include the price features): resume with --prices sample'
        : 'it was trained without price inputs (its features lack the price features), so it cannot continue across price tables: resume without --prices, or train a new policy with --prices sample',
    );
  const completed: unknown = loaded.checkpoint.training.completedEpisodes;
  if (typeof completed !== 'number' || !Number.isInteger(completed) || completed < 0)
    throw refuse(`its completedEpisodes is ${JSON.stringify(completed ?? null)}, not a whole number`);
  if (completed > config.episodes)
    throw refuse(`it has ${completed} episodes done, more than the ${config.episodes} to train`);
  if (loaded.kind === 'parl') {
    const trained = planHeadOf(loaded.checkpoint.training as Pick<TrainConfig, 'planHead'>);
    if (trained !== planHeadOf(config))
      throw refuse(
        `its plan head was learned by ${trained}, this run learns it by ${planHeadOf(config)}: resume with --plan-head ${trained}`,
      );
    if (trained === 'regression' && completed > 0 && !loaded.planCritic)
      throw refuse(
        'its plan head was learned by regression, but it holds no planCritic sums to continue from',
      );
  }
  if (loaded.kind === 'bandit') {
    const want = banditAlgorithms[config.bandit];
    if (loaded.bandit.name !== want)
      throw refuse(`the checkpoint's bandit is ${loaded.bandit.name}, this run trains ${want}`);
    const key = (list: readonly Arm[]) => list.map(armName).join(', ');
    if (key(loaded.checkpoint.arms) !== key(arms)) {
      throw refuse(
        `the checkpoint's arms (${key(loaded.checkpoint.arms)}) are not this run's (${key(arms)}): allow the profiles and the --arms it was trained with`,
      );
    }
  }
  return loaded;
}

/**
 * One REINFORCE step over a batch, then Adam on both objectives; with a plan critic, the plan head
 * is not climbed but refitted to the batch's returns (plan-critic.ts). The advantage is the return less
 * the mean return of the other episodes of its group (the same instance under other draws of the
 * policy: the instance's luck cancels, only the choices' effect is left); an episode alone in its
 * group is measured against the value baseline V(task).
 */
function update(
  params: ParlParams,
  adam: Adam,
  batch: readonly { episode: number; decisions: Decision[]; task: Float64Array; reward: number }[],
  entropy: number,
  group: number,
  critic: PlanCritic | null,
): void {
  const grad = zerosLike(params);
  const scale = 1 / batch.length;
  const size = Math.max(1, group);
  const groups = new Map<number, { sum: number; n: number }>();
  for (const episode of batch) {
    const key = Math.floor(episode.episode / size);
    const g = groups.get(key) ?? { sum: 0, n: 0 };
    g.sum += episode.reward;
    g.n++;
    groups.set(key, g);
  }
  for (const episode of batch) {
    const g = groups.get(Math.floor(episode.episode / size)) as { sum: number; n: number };
    const advantage =
      g.n > 1
        ? episode.reward - (g.sum - episode.reward) / (g.n - 1)
        : episode.reward - baseline(params, episode.task);
    const decisions = critic ? episode.decisions.filter((d) => d.head !== 'plan') : episode.decisions;
    accumulatePolicyGradient(params, decisions, advantage * scale, entropy * scale, grad);
    for (let j = 0; j < episode.task.length; j++) {
      grad.value[j] = (grad.value[j] as number) + advantage * scale * (episode.task[j] as number);
    }
  }
  adam.step(params, grad);
  if (critic) {
    const samples = [];
    for (const episode of batch) {
      const plan = episode.decisions.find((d) => d.head === 'plan');
      if (plan?.head === 'plan') samples.push({ x: plan.x, option: plan.choice, value: episode.reward });
    }
    critic.observe(samples);
    critic.writeLogits(params.plan);
  }
}

function meanOf(window: readonly EpisodeStats[], episodes: number): CurvePoint {
  const mean = (f: (s: EpisodeStats) => number) =>
    window.reduce((a, s) => a + f(s), 0) / Math.max(1, window.length);
  return {
    episodes,
    episode: episodes - 1,
    reward: mean((s) => s.reward),
    quality: mean((s) => s.quality),
    success: mean((s) => s.success),
    criticalSteps: mean((s) => s.criticalSteps),
    avgParallelism: mean((s) => s.avgParallelism),
    spawnCount: mean((s) => s.spawnCount),
    finishRate: mean((s) => s.finishRate),
    perf: mean((s) => s.perf),
    parallel: mean((s) => s.parallel),
    parallelTerm: mean((s) => s.parallelTerm),
    finishTerm: mean((s) => s.finishTerm),
    lambdaParallel: mean((s) => s.lambdaParallel),
    lambdaFinish: mean((s) => s.lambdaFinish),
  };
}
