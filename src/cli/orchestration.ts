import { parseArgs } from 'node:util';
import { baselinePolicy, isBaseline } from '../core/bench/orchestration-baselines';
import {
  type Evaluation,
  evaluate,
  grid,
  instancesOf,
  paired,
  preTrainingChecks,
} from '../core/bench/orchestration-eval';
import { annealedOver, auxRewards } from '../core/bench/orchestration-experiment';
import { paretoSvg } from '../core/bench/pareto-svg';
import { banditOrchestrator, trainBandit } from '../core/learning/orchestration/bandit';
import { fromCheckpoint, toCheckpoint } from '../core/learning/orchestration/checkpoint';
import {
  fixedOrchestrator,
  type OrchestrationPolicy,
  parseSetting,
  type Setting,
} from '../core/learning/orchestration/decisions';
import { linearOrchestrator } from '../core/learning/orchestration/linear-policy';
import { KINDS, defaultEnvParams as params } from '../core/learning/orchestration/params';
import {
  defaultOrchestrationTrainConfig,
  type OrchestrationTraining,
  trainOrchestrator,
} from '../core/learning/orchestration/train';
import { parseSplit, type Split, splitSeeds } from '../core/scenarios/splits';
import { UsageError, wholeNumber } from './errors';
import { readInputFile } from './input-file';
import { MAX_EPISODES, MAX_ROLLOUT_WORKERS, MAX_SEED, MAX_SEEDS } from './limits';
import { orchestrationPlay, playHelp } from './orchestration-play';
import { orchestrationRollouts } from './orchestration-rollouts';
import { checkOutputs, writeFile } from './safe-write';

export const orchestrationHelp = `swarm orchestration <check|grid|bench|train|aux-rewards|play> [options]

The orchestration environment (docs/simulator.md): units of work with hidden difficulty, a
concurrency limit and a budget per instance; an orchestrator chooses solo or spawn, shard size,
replicas, spares, a profile per shard, what to do on failure and when to submit.

  check         the pre-training checks of docs/learning.md, on validation
  grid          every fixed setting on a split; names the best overall and per kind
  bench         policies on a split, paired against a baseline (95% bootstrap intervals)
  train         trains PARL (CLI defaults: ${defaultOrchestrationTrainConfig.episodes} episodes) and writes a checkpoint
  aux-rewards   PARL's failure modes: four arms of auxiliary rewards × training seeds, scored on test
  play          one policy, llm (a model) above all, on a few instances; its own flags below

  --split NAME            train | validation | test (grid, bench; default validation, bench: test)
  --instances N           instances of the split (default 300)
  --policies LIST         bench: serial, heuristic, best-fixed, per-kind, bandit, parl, parl:FILE,
                          fixed:SETTING (solo/PROFILE or spawn/SHARD/REPLICAS/PROFILE/RECOVERY)
  --baseline NAME         bench: the policy every other is paired with (default best-fixed)
  --train-seeds LIST      training seeds for bandit, parl and aux-rewards (default 1,2,3)
  --seed S                train: the training seed (default 1)
  --episodes N            train, aux-rewards: training episodes
  --anneal-over N         aux-rewards: episodes over which λ1 and λ2 fall to 0 (default: all of them,
                          as in the report; train anneals over its first 60%)
  --rollout-workers N     train: play each batch on N threads, this one and N − 1 workers
                          (default 1; the checkpoint is the same for any N; at most one per core)
  --out FILE              train: the checkpoint (default orchestration-parl-seed<S>.json)
  --pareto FILE           bench: also write quality against cost and critical steps as an SVG
  --json                  one JSON document on stdout

${playHelp}`;

const TOP = ['check', 'grid', 'bench', 'train', 'aux-rewards', 'play'] as const;

export function orchestration(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void = () => {},
): void | Promise<void> {
  const [sub, ...rest] = argv;
  if (!(TOP as readonly string[]).includes(sub ?? ''))
    throw new UsageError(`expected a subcommand (${TOP.join(', ')}), got ${JSON.stringify(sub ?? '')}`);
  // Its flags are its own (a model, one instance): see orchestration-play.ts.
  if (sub === 'play') return orchestrationPlay(rest, out, err);
  const { values } = parseArgs({
    args: rest,
    strict: true,
    allowPositionals: false,
    options: {
      split: { type: 'string' },
      instances: { type: 'string' },
      policies: { type: 'string' },
      baseline: { type: 'string' },
      'train-seeds': { type: 'string' },
      seed: { type: 'string' },
      episodes: { type: 'string' },
      'anneal-over': { type: 'string' },
      'rollout-workers': { type: 'string' },
      out: { type: 'string' },
      pareto: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const n = wholeNumber('instances', values.instances, 300, 1, MAX_SEEDS);
  const episodes = wholeNumber(
    'episodes',
    values.episodes,
    defaultOrchestrationTrainConfig.episodes,
    1,
    MAX_EPISODES,
  );
  if (values.pareto !== undefined) checkOutputs([{ path: values.pareto, flag: '--pareto' }], []);
  const trainSeeds = seedList(values['train-seeds'] ?? '1,2,3');
  const split = (fallback: Split): Split => {
    try {
      return parseSplit(values.split ?? fallback);
    } catch (error) {
      throw new UsageError(`--split: ${(error as Error).message}`);
    }
  };
  const print = (json: unknown, text: () => string) => out(values.json ? JSON.stringify(json) : text());

  switch (sub) {
    case 'check': {
      const checks = preTrainingChecks(params, instancesOf(params, splitSeeds('validation', n)));
      print(checks, () => checksText(checks));
      return;
    }
    case 'grid': {
      const s = split('validation');
      const g = grid(params, instancesOf(params, splitSeeds(s, n)));
      const { matrix: _matrix, ...shown } = g;
      print({ split: s, instances: n, ...shown }, () =>
        [
          `${n} ${s} instances; best fixed: ${g.best}`,
          ...KINDS.map((k) => `best for ${k}: ${g.perKind[k]}`),
          '',
          ...g.rows
            .slice(0, 15)
            .map(
              (r) =>
                `${r.setting.padEnd(34)} reward ${r.reward.toFixed(3)}  quality ${r.quality.toFixed(3)}  cost ×${r.relativeCost.toFixed(2)}  critical ${r.criticalSteps.toFixed(1)}`,
            ),
        ].join('\n'),
      );
      return;
    }
    case 'bench': {
      const s = split('test');
      const instances = instancesOf(params, splitSeeds(s, n));
      const names = (values.policies ?? 'serial,heuristic,best-fixed,per-kind,bandit,parl').split(',');
      const twice = names.find((name, i) => names.indexOf(name) !== i);
      if (twice !== undefined) throw new UsageError(`--policies names ${twice} twice; name each policy once`);
      const baselineName = values.baseline ?? 'best-fixed';
      if (!names.includes(baselineName)) names.unshift(baselineName);
      const chosen = lazyValidation(n);
      const evals: Evaluation[] = [];
      for (const name of names) {
        for (const policy of resolve(name.trim(), trainSeeds, episodes, chosen))
          evals.push(evaluate(params, policy, instances));
      }
      const base = evals.find((e) => e.policy === baselineName || e.policy.startsWith(`${baselineName}`));
      if (!base) throw new UsageError(`--baseline: "${baselineName}" is not among the policies`);
      const rows = evals.map((e) => ({
        policy: e.policy,
        means: e.means,
        values: e.values,
        vsBaseline: e === base ? null : paired(base, e),
      }));
      if (values.pareto)
        writeFile(
          values.pareto,
          paretoSvg(
            `${n} ${s} instances: mean quality against mean cost and critical steps`,
            evals.map((e) => ({
              name: e.policy,
              group: e.policy.replace(/ \(seed \d+\)$/, ''),
              quality: e.means.quality,
              relativeCost: e.means.relativeCost,
              criticalSteps: e.means.criticalSteps,
            })),
          ),
        );
      print({ split: s, instances: n, baseline: base.policy, policies: rows }, () =>
        [
          `${n} ${s} instances; paired against ${base.policy} (mean difference in reward, 95% bootstrap interval)`,
          '',
          ...rows.map(
            (r) =>
              `${r.policy.padEnd(38)} reward ${r.means.reward.toFixed(3)}  quality ${r.means.quality.toFixed(3)}  cost ×${r.means.relativeCost.toFixed(2)}  critical ${r.means.criticalSteps.toFixed(1)}  solo ${r.means.solo.toFixed(2)}` +
              (r.vsBaseline
                ? `  Δ ${signed(r.vsBaseline.mean)} [${signed(r.vsBaseline.low)}, ${signed(r.vsBaseline.high)}]`
                : '  (baseline)'),
          ),
        ].join('\n'),
      );
      return;
    }
    case 'train': {
      const seed = wholeNumber('seed', values.seed, 1, 0, MAX_SEED);
      const workers = wholeNumber('rollout-workers', values['rollout-workers'], 1, 1, MAX_ROLLOUT_WORKERS);
      const file = values.out ?? `orchestration-parl-seed${seed}.json`;
      checkOutputs([{ path: file, flag: '--out' }], []);
      const config = { ...defaultOrchestrationTrainConfig, seed, episodes };
      return (async () => {
        const started = performance.now();
        // Every thread count, one included, trains through the same threads' code: the speed of
        // one thread is then a fair baseline for more (docs/benchmarks.md).
        const pool = await orchestrationRollouts(workers, config);
        let trained: OrchestrationTraining;
        try {
          trained = await pool.train();
        } finally {
          await pool.close();
        }
        const ms = performance.now() - started;
        const { params: _params, ...shown } = config;
        writeFile(file, `${JSON.stringify(toCheckpoint(trained.weights, shown))}\n`);
        const last = trained.curves[trained.curves.length - 1];
        print(
          { checkpoint: file, ms, episodes, rolloutWorkers: workers, last },
          () =>
            `trained ${episodes} episodes on ${workers} rollout worker${workers === 1 ? '' : 's'} in ${(ms / 1000).toFixed(1)} s (${Math.round(episodes / (ms / 1000))} episodes/s); last batch: reward ${last?.reward.toFixed(3)}, solo ${last?.soloRate.toFixed(2)}, unused ${last?.unusedSubagents.toFixed(2)}\nwrote ${file}`,
        );
      })();
    }
    case 'aux-rewards': {
      const test = instancesOf(params, splitSeeds('test', n));
      const over = wholeNumber('anneal-over', values['anneal-over'], episodes, 1, episodes);
      const rows = auxRewards(params, trainSeeds, test, { episodes, ...annealedOver(over) });
      print({ instances: n, trainSeeds, annealOver: over, rows }, () =>
        [
          `${n} test instances; greedy policies after ${episodes} training episodes, λ annealed to 0 over ${over}`,
          '',
          ...rows.map(
            (r) =>
              `${r.arm.padEnd(20)} seed ${r.seed}  solo ${r.soloRate.toFixed(2)} (where parallel wins ${r.soloRateWhereParallelWins.toFixed(2)})  unused ${r.unusedSubagents.toFixed(2)} (failed ${r.failedAttempts.toFixed(2)}; while annealing ${Number.isFinite(r.unusedWhileAnnealing) ? r.unusedWhileAnnealing.toFixed(2) : '— (no curve point in its middle third: too short a training)'}, peak ${r.peakTrainingUnused.toFixed(2)})  reward ${r.testReward.toFixed(3)}  critical ${r.criticalSteps.toFixed(1)}`,
          ),
        ].join('\n'),
      );
      return;
    }
  }
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;

function seedList(raw: string): number[] {
  const parts = raw.split(',').map((s) => s.trim());
  // Number('') is 0: an empty entry is a mistake, not seed 0. A seed is a 32-bit number (limits.ts).
  const seeds = parts.map((s) => (/^\d+$/.test(s) ? Number(s) : Number.NaN));
  if (!seeds.every((s) => Number.isInteger(s) && s >= 0 && s <= MAX_SEED))
    throw new UsageError(
      `--train-seeds must be whole numbers from 0 to ${MAX_SEED} separated by commas, got "${raw}"`,
    );
  return seeds;
}

/** The validation grid, run once and only if a policy needs what it chooses. */
function lazyValidation(n: number) {
  let result: ReturnType<typeof grid> | undefined;
  return () => {
    result ??= grid(params, instancesOf(params, splitSeeds('validation', n)));
    return result;
  };
}

function setting(text: string): Setting {
  try {
    return parseSetting(text);
  } catch (error) {
    throw new UsageError(`--policies: ${(error as Error).message}`);
  }
}

function resolve(
  name: string,
  trainSeeds: readonly number[],
  episodes: number,
  validation: () => ReturnType<typeof grid>,
): OrchestrationPolicy[] {
  if (isBaseline(name)) return [baselinePolicy(name, validation)];
  if (name.startsWith('fixed:')) return [fixedOrchestrator(setting(name.slice(6)))];
  if (name === 'bandit')
    return trainSeeds.map((seed) =>
      banditOrchestrator(trainBandit(params, seed, Math.min(episodes, 20_000)), `bandit (seed ${seed})`),
    );
  if (name === 'parl')
    return trainSeeds.map((seed) =>
      linearOrchestrator({
        weights: trainOrchestrator({ ...defaultOrchestrationTrainConfig, seed, episodes }).weights,
        name: `parl (seed ${seed})`,
      }),
    );
  if (name.startsWith('parl:')) {
    const file = name.slice(5);
    const text = readInputFile(file, 'policy checkpoint');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--policies: cannot read ${file}: ${(error as Error).message}`);
    }
    try {
      return [linearOrchestrator({ weights: fromCheckpoint(json), name: `parl:${file}` })];
    } catch (error) {
      throw new UsageError(`--policies: ${file}: ${(error as Error).message}`);
    }
  }
  throw new UsageError(
    `--policies: unknown policy "${name}" (known: serial, heuristic, best-fixed, per-kind, bandit, parl, parl:FILE, fixed:SETTING)`,
  );
}

function checksText(c: ReturnType<typeof preTrainingChecks>): string {
  const mark = (ok: boolean) => (ok ? 'holds ' : 'FAILS ');
  return [
    `${c.instances} validation instances (mean reward)`,
    `  best fixed setting      ${c.bestFixed.reward.toFixed(3)}  (${c.bestFixed.setting})`,
    `  best setting per kind   ${c.bestPerKind.toFixed(3)}`,
    `  best setting per instance ${c.bestPerContext.toFixed(3)}  (chosen with hindsight: an upper bound)`,
    `  solo                    ${c.solo.toFixed(3)}`,
    `  uniformly random parallel ${c.randomParallel.toFixed(3)}`,
    `  best parallel setting   ${c.bestParallel.reward.toFixed(3)}  (${c.bestParallel.setting}); parallel beats solo on ${c.parallelBeatsSolo} instances`,
    '',
    `${mark(c.holds.noFixedWithin5Percent)} no fixed setting within 5% of the best per instance`,
    `${mark(c.holds.perKindClearlyBelowPerContext)} the best per kind more than 5% below the best per instance`,
    `${mark(c.holds.randomParallelBelowSolo)} a uniformly random parallel policy scores below solo`,
    `${mark(c.holds.bestParallelAboveSolo)} the best parallel setting beats solo`,
  ].join('\n');
}
