import { parseArgs } from 'node:util';
import { nextTask } from '../adapters/shared/next-task';
import { PROFILES } from '../core/learning/actions';
import type { BanditKind } from '../core/learning/bandit-policy';
import { trainingCurvesSvg as curvesSvg } from '../core/learning/curves-svg';
import { drawTask, type MixSpec, weightsAt } from '../core/learning/mix';
import { parseSchedule, type Schedule } from '../core/learning/reward';
import {
  type CurvePoint,
  defaultSchedules,
  defaultTrainConfig,
  type TrainConfig,
  train,
} from '../core/learning/train';
import { kindOf } from '../core/scenarios/registry';
import { oneOf, UsageError, wholeNumber } from './errors';
import { MAX_EPISODES, MAX_ROLLOUT_WORKERS, MAX_SEED } from './limits';
import { rolloutPool } from './rollout-pool';
import { checkOutputs, writeFile } from './safe-write';
import { scenarioInputs } from './scenario-file';
import { trainingEnv } from './training-env';

export const trainHelp = `swarm train --scenario ID|mix --policy parl|bandit [options]

Trains a learned orchestrator on simulated episodes, in this process, and writes it as a
checkpoint that bench accepts (parl:FILE, bandit:FILE). Progress goes to stderr; the checkpoint
is rewritten after every update, so a run stopped part-way (Ctrl-C) keeps its last one.

  --scenario ID           mix (scenarios/mix.json: wide, deep and coding with a curriculum),
                          a mix file, or one task scenario (its budgets from mix.json)
  --policy NAME           parl (policy gradient) | bandit (contextual bandit)   (default parl)
  --episodes N            training episodes (default ${defaultTrainConfig.episodes})
  --seed S                (default ${defaultTrainConfig.seed}); the same seed gives the same curve
  --lambda-parallel SCHED weight of r_parallel: a number, linear:FROM:TO:EPISODES or
                          cosine:FROM:TO:EPISODES (default parl linear:0.1:0:EPISODES/2,
                          bandit 0: a bandit's estimates keep every reward it was given)
  --lambda-finish SCHED   weight of r_finish, same forms (default parl linear:0.3:0:EPISODES/2,
                          bandit 0)
  --budget-on WHAT        critical (default) | total: what the episode budget counts
  --allow-profiles A,B    profiles the policy may pick (default ${PROFILES.join(',')})
  --bandit NAME           linucb (default) | thompson | epsilon-greedy
  --batch N               PARL episodes per update (default ${defaultTrainConfig.batch})
  --learning-rate X       PARL Adam step size (default ${defaultTrainConfig.learningRate})
  --window N              episodes per point of the learning curves (default ${defaultTrainConfig.window})
  --profiles FILE         profiles file (default scenarios/profiles.json)
  --out FILE              the checkpoint (default policy-<policy>-<scenario>-seed<S>.json)
  --curves FILE           the learning curves as JSON
  --svg FILE              the learning curves drawn as SVG
  --rollout-workers N     PARL: play each batch's episodes on N worker threads (default 1, at
                          most ${16}); the checkpoint is byte-identical whatever N
  --json                  print one JSON document (the summary and the curves)`;

/**
 * A guess at an episode's CPU time, for handing a batch out longest first: its task's size times
 * a per-kind cost measured on the simulator (ms per row, hop or function; CPU profile of training).
 */
function episodeCost(mix: MixSpec, config: TrainConfig, e: number): number {
  const draw = drawTask(mix, weightsAt(mix, e / config.episodes), config.seed, `episode ${e}`);
  return draw.size * (kindOf(draw.component.scenario)?.simulatedMsPerUnit ?? 1);
}

/** More threads than this only queue on any machine this runs on. */

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

function number(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const x = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(x) || x <= 0)
    throw new UsageError(`--${flag} must be a number > 0, got "${raw}"`);
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
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      scenario: { type: 'string' },
      policy: { type: 'string' },
      episodes: { type: 'string' },
      seed: { type: 'string' },
      'lambda-parallel': { type: 'string' },
      'lambda-finish': { type: 'string' },
      'budget-on': { type: 'string' },
      'allow-profiles': { type: 'string' },
      bandit: { type: 'string' },
      batch: { type: 'string' },
      'learning-rate': { type: 'string' },
      window: { type: 'string' },
      profiles: { type: 'string' },
      out: { type: 'string' },
      curves: { type: 'string' },
      svg: { type: 'string' },
      'rollout-workers': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values.scenario === undefined)
    throw new UsageError('--scenario is required (mix, or a task scenario id)');
  const policy = oneOf('policy', values.policy, ['parl', 'bandit'] as const, 'parl');
  // A flag for the other learner would be ignored without a word: refused instead.
  const onlyFor = { bandit: 'bandit', batch: 'parl', 'learning-rate': 'parl' } as const;
  for (const [flag, learner] of Object.entries(onlyFor)) {
    if (values[flag as keyof typeof onlyFor] !== undefined && learner !== policy)
      throw new UsageError(
        `--${flag} applies to --policy ${learner} only; this training is --policy ${policy}`,
      );
  }
  const episodes = wholeNumber('episodes', values.episodes, defaultTrainConfig.episodes, 1, MAX_EPISODES);
  const seed = wholeNumber('seed', values.seed, defaultTrainConfig.seed, 0, MAX_SEED);
  // The default schedules for this policy, fitted to this run's episodes.
  const defaults = defaultSchedules(policy, episodes);
  const allowed = values['allow-profiles']?.split(',').map((p) => p.trim()) ?? [...PROFILES];
  for (const p of allowed) {
    if (!(PROFILES as readonly string[]).includes(p)) {
      throw new UsageError(`--allow-profiles: unknown profile "${p}"; known: ${PROFILES.join(', ')}`);
    }
  }
  const config: TrainConfig = {
    ...defaultTrainConfig,
    policy,
    episodes,
    seed,
    lambdaParallel: schedule('lambda-parallel', values['lambda-parallel'], defaults.lambdaParallel),
    lambdaFinish: schedule('lambda-finish', values['lambda-finish'], defaults.lambdaFinish),
    budgetOn: oneOf('budget-on', values['budget-on'], ['critical', 'total'] as const, 'critical'),
    profiles: allowed,
    bandit: oneOf(
      'bandit',
      values.bandit,
      ['linucb', 'thompson', 'epsilon-greedy'] as BanditKind[],
      'linucb',
    ),
    batch: wholeNumber('batch', values.batch, defaultTrainConfig.batch, 1),
    learningRate: number('learning-rate', values['learning-rate'], defaultTrainConfig.learningRate),
    window: wholeNumber(
      'window',
      values.window,
      Math.max(1, Math.min(defaultTrainConfig.window, Math.ceil(episodes / 20))),
      1,
    ),
  };
  const rolloutWorkers = wholeNumber('rollout-workers', values['rollout-workers'], 1, 1);
  if (rolloutWorkers > MAX_ROLLOUT_WORKERS)
    throw new UsageError(`--rollout-workers must be at most ${MAX_ROLLOUT_WORKERS}, got ${rolloutWorkers}`);
  if (rolloutWorkers > 1 && policy === 'bandit')
    throw new UsageError(
      '--rollout-workers: a bandit learns after every episode, so its episodes cannot be played in parallel; use --rollout-workers 1 (PARL plays each batch in parallel)',
    );
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
  const pool =
    rolloutWorkers > 1
      ? rolloutPool(
          rolloutWorkers,
          {
            scenario: values.scenario,
            ...(values.profiles !== undefined ? { profiles: values.profiles } : {}),
            config,
          },
          (e) => episodeCost(env.mix, config, e),
        )
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
