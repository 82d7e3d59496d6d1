import { availableParallelism } from 'node:os';
import { nextTask } from '../adapters/common/next-task';
import { PROFILES } from '../core/learning/actions';
import { trainingCurvesSvg as curvesSvg } from '../core/learning/curves-svg';
import { episodeCost } from '../core/learning/episode-cost';
import { parseHold } from '../core/learning/parl';
import { parseSchedule, type Schedule } from '../core/learning/reward';
import {
  type CurvePoint,
  defaultSchedules,
  defaultTrainConfig,
  type TrainConfig,
  train,
} from '../core/learning/train';
import { UsageError } from './errors';
import { parseFlags } from './flags';
import { preferenceSamplingOfFlags, priceSamplingOfFlags } from './preference-flags';
import { type RolloutPool, rolloutPool } from './rollout-pool';
import type { RolloutWorkerData } from './rollout-protocol';
import { checkOutputs, writeFile } from './safe-write';
import { scenarioInputs } from './scenario-file';
import { trainTable } from './train-flags';
import { trainingEnv } from './training-env';

export { trainHelp, trainTable } from './train-flags';

/** Written whole or not at all (safe-write.ts), so a reader never sees half a checkpoint. */
const writeAtomically = (file: string, text: string): void => writeFile(file, text);

function schedule(flag: string, raw: string | undefined, fallback: Schedule): Schedule {
  if (raw === undefined) return fallback;
  try {
    return parseSchedule(raw);
  } catch (error) {
    throw new UsageError(`--${flag}: ${(error as Error).message}`);
  }
}

/** A number flag above `min` (or at it, when `min` is 0). */
function number(flag: string, raw: string | undefined, fallback: number, min?: 0): number {
  if (raw === undefined) return fallback;
  const x = Number(raw);
  const low = min === 0 ? x < 0 : x <= 0;
  if (raw.trim() === '' || !Number.isFinite(x) || low)
    throw new UsageError(`--${flag} must be a number ${min === 0 ? '≥' : '>'} 0, got "${raw}"`);
  return x;
}

/** The path of the first number in `value` that is not finite (NaN or ±Infinity), if any. */
export function nonFinitePath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || '(value)';
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = nonFinitePath(child, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

const fmt = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
const line = (p: CurvePoint, total: number, perSecond: number) =>
  `episode ${p.episodes}/${total}  reward ${fmt(p.reward)}  quality ${fmt(p.quality)}  success ${fmt(p.success, 2)}  critical steps ${fmt(p.criticalSteps, 1)}  parallelism ${fmt(p.avgParallelism, 2)}  spawn ${fmt(p.spawnCount, 1)}  finish ${fmt(p.finishRate)}  λ1 ${fmt(p.lambdaParallel)} λ2 ${fmt(p.lambdaFinish)}  (${fmt(perSecond, 1)} episodes/s)`;

export async function trainCommand(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<void> {
  const flags = parseFlags(trainTable, argv);
  const values = {
    scenario: flags.scenario,
    profiles: flags.profiles,
    out: flags.out,
    curves: flags.curves,
    svg: flags.svg,
    json: flags.json === true,
  };
  const policy = flags.policy;
  const episodes = flags.episodes;
  const seed = flags.seed;
  // The default schedules for this policy, fitted to this run's episodes.
  const defaults = defaultSchedules(policy, episodes);
  const allowed = flags['allow-profiles'].split(',').map((p) => p.trim());
  for (const p of allowed) {
    if (!(PROFILES as readonly string[]).includes(p)) {
      throw new UsageError(`--allow-profiles: unknown profile "${p}"; known: ${PROFILES.join(', ')}`);
    }
  }
  let config: TrainConfig = {
    ...defaultTrainConfig,
    policy,
    episodes,
    seed,
    lambdaParallel: schedule('lambda-parallel', flags['lambda-parallel'], defaults.lambdaParallel),
    lambdaFinish: schedule('lambda-finish', flags['lambda-finish'], defaults.lambdaFinish),
    budgetOn: flags['budget-on'],
    profiles: allowed,
    bandit: flags.bandit,
    ...(flags.arms === 'uncut' || flags.arms === 'no-cascade' ? { arms: flags.arms } : {}),
    batch: flags.batch,
    group: flags.group,
    planHead: flags['plan-head'],
    learningRate: number('learning-rate', flags['learning-rate'], defaultTrainConfig.learningRate),
    entropy: number('entropy', flags.entropy, defaultTrainConfig.entropy, 0),
    window: flags.window ?? Math.max(1, Math.min(defaultTrainConfig.window, Math.ceil(episodes / 20))),
  };
  const preferences = preferenceSamplingOfFlags(flags);
  if (preferences) config = { ...config, preferences };
  const prices = priceSamplingOfFlags(flags);
  if (prices) config = { ...config, prices };
  const holdText = flags.hold;
  if (holdText !== undefined) {
    try {
      config = { ...config, hold: parseHold(holdText) };
    } catch (error) {
      throw new UsageError(`--hold: ${(error as Error).message}`);
    }
  }
  if (config.batch % config.group !== 0)
    throw new UsageError(
      `--group ${config.group} must divide --batch ${config.batch}: a batch holds whole groups`,
    );
  const rolloutWorkers =
    flags['rollout-workers'] ?? (policy === 'parl' ? Math.max(1, Math.min(2, availableParallelism())) : 1);
  const env = await trainingEnv(values.scenario, values.profiles);
  const { mix } = env;
  const file = values.out ?? `policy-${policy}-${mix.id}-seed${seed}.json`;
  // Before the first episode: a checkpoint, curves or picture that cannot be written, or would
  // overwrite an input, is refused now rather than after the training.
  checkOutputs(
    [
      { path: file, flag: '--out' },
      ...(values.curves !== undefined ? [{ path: values.curves, flag: '--curves' }] : []),
      ...(values.svg !== undefined ? [{ path: values.svg, flag: '--svg' }] : []),
    ],
    [...scenarioInputs(values.scenario), ...(values.profiles !== undefined ? [values.profiles] : [])],
  );

  const controller = new AbortController();
  const stop = () => {
    err('stopping after this episode; the last checkpoint is kept');
    controller.abort();
  };
  process.once('SIGINT', stop);
  const data = {
    scenario: values.scenario,
    ...(values.profiles !== undefined ? { profiles: values.profiles } : {}),
    config,
  };
  const cost = (e: number) => episodeCost(env.mix, config, e);
  const pool =
    flags.redis !== undefined
      ? await rolloutsAt(flags.redis, data, cost, err)
      : rolloutWorkers > 1
        ? rolloutPool(rolloutWorkers, data, cost)
        : undefined;
  const started = performance.now();
  let wrote = false;
  let result: Awaited<ReturnType<typeof train>>;
  try {
    result = await train(config, env, {
      ...(pool ? { rollouts: pool.rollouts } : {}),
      signal: controller.signal,
      nextTask,
      onCheckpoint: (checkpoint) => {
        // JSON writes NaN as null: a diverged checkpoint would be unreadable, and would replace the
        // last good one. Training stops here instead, that one kept.
        const bad = nonFinitePath(checkpoint);
        if (bad !== undefined)
          throw new UsageError(
            `training diverged: ${bad} is no longer a finite number. ${wrote ? `${file} keeps this training's last checkpoint before it. ` : 'No checkpoint was written. '}Lower --learning-rate (this run ${config.learningRate}, default ${defaultTrainConfig.learningRate}) or the λ weights.`,
          );
        writeAtomically(file, `${JSON.stringify(checkpoint)}\n`);
        wrote = true;
      },
      onCurve: (point) => err(line(point, episodes, point.episodes / ((performance.now() - started) / 1000))),
    });
  } finally {
    process.removeListener('SIGINT', stop);
    await pool?.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const curves = { scenario: mix.id, policy, seed, episodes, config, curves: result.curves };
  if (values.curves !== undefined) writeAtomically(values.curves, `${JSON.stringify(curves, null, 2)}\n`);
  if (values.svg !== undefined)
    writeAtomically(
      values.svg,
      curvesSvg(`${policy} on ${mix.id}, seed ${seed}`, [{ name: policy, curves: result.curves }]),
    );
  const summary = {
    policy,
    scenario: mix.id,
    seed,
    episodes,
    completedEpisodes: result.completedEpisodes,
    stopped: result.stopped,
    seconds,
    episodesPerSecond: result.completedEpisodes / seconds,
    out: file,
    final: result.curves.at(-1) ?? null,
  };
  if (values.json) {
    out(JSON.stringify({ ...summary, curves: result.curves }));
    return;
  }
  out(
    [
      `${result.stopped ? 'stopped' : 'trained'} ${policy} on ${mix.id}: ${result.completedEpisodes}/${episodes} episodes in ${fmt(seconds, 1)} s (${fmt(summary.episodesPerSecond, 1)} episodes/s)`,
      summary.final ? `last window: ${line(summary.final, episodes, summary.episodesPerSecond)}` : '',
      `checkpoint: ${file}`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

export { trainingEnv } from './training-env';
export { trainCommand as train };

/**
 * The rollouts of `--redis URL`, once the server has answered: each batch's episodes go to the
 * workers. The queue's modules are loaded only here, so a local training never loads them.
 */
export async function rolloutsAt(
  url: string,
  data: RolloutWorkerData,
  cost?: (episode: number) => number,
  say?: (text: string) => void,
): Promise<RolloutPool> {
  const { redisTarget } = await import('./scale-out/redis-url');
  const { probeRedis } = await import('./scale-out/redis-connect');
  const { remoteRollouts } = await import('./scale-out/train-rollouts');
  const target = redisTarget(url);
  await probeRedis(target);
  return remoteRollouts(target, data, cost, undefined, say);
}
