import { join } from 'node:path';
import { runBench } from '../core/bench/run-bench';
import { loadPolicy } from '../core/learning/checkpoint';
import { trainingCurvesSvg as curvesSvg } from '../core/learning/curves-svg';
import { parlPolicy } from '../core/learning/parl';
import {
  type CurvePoint,
  defaultSchedules,
  defaultTrainConfig,
  type TrainConfig,
  train,
} from '../core/learning/train';
import { heuristicPolicy } from '../core/policy/heuristic';
import type { Policy } from '../core/policy/types';
import { SPLITS, splitSeeds } from '../core/scenarios/splits';
import { auxRewards, auxRewardsHelp, auxRewardsTable } from './aux-rewards';
import { UsageError } from './errors';
import { type CommandTable, defineCommand, helpText, parseCommand } from './flags';
import { MAX_SEED, MAX_SEEDS } from './limits';
import { preferenceExperimentCommand, preferenceExperimentHelp } from './preference-experiment';
import { checkOutputs, prepareOutputDir, writeFiles } from './safe-write';
import { argvWithoutPasswords } from './scale-out/redis-url';
import { sweepFlags, sweepThroughRedis } from './scale-out/sweep-flags';
import { rolloutsAt, trainingEnv } from './train';
import { episodesFlag } from './train-flags';

/** Each experiment: two training runs that differ in one thing, on the mix, and what to compare. */
const experiments = {
  'serial-collapse': {
    title: 'Serial collapse: λ1 = 0 from the start against λ1 annealed 0.1 → 0',
    arms: {
      'λ1 annealed 0.1→0': {},
      'λ1 = 0': { lambdaParallel: { kind: 'constant', value: 0 } },
    },
  },
  'spurious-parallelism': {
    title: 'Spurious parallelism: λ2 = 0 against λ2 annealed 0.3 → 0',
    arms: {
      'λ2 annealed 0.3→0': {},
      'λ2 = 0': { lambdaFinish: { kind: 'constant', value: 0 } },
    },
  },
  'critical-vs-total': {
    // λ1 = 0 in both arms: r_parallel pays for parallel work whatever the budget counts, and with it
    // on both arms learn the same policy (docs/experiments.md), hiding what the budget itself does.
    title: 'The budget counted in critical steps against total steps (λ1 = 0 in both)',
    arms: {
      'critical-steps budget': { lambdaParallel: { kind: 'constant', value: 0 } },
      'total-steps budget': { budgetOn: 'total', lambdaParallel: { kind: 'constant', value: 0 } },
    },
  },
} satisfies Record<string, { title: string; arms: Record<string, Partial<TrainConfig>> }>;

type Name = keyof typeof experiments;
const names = Object.keys(experiments) as Name[];
const reported = [
  'reward',
  'itemF1',
  'criticalSteps',
  'avgParallelism',
  'spawnCount',
  'unusedSubagents',
  'subtaskFinishRate',
  'cost',
] as const;

export const experimentTable = defineCommand({
  name: 'experiment',
  usage: ['experiment NAME [--episodes N] [--seed S] [--seeds N] [--split NAME] [--out-dir DIR] [--json]'],
  about:
    'Trains PARL twice on the mix (scenarios/mix.json), the two runs differing in one thing, then scores both trained policies (greedy) and heuristic on the first N instances of a split of the mix (validation unless --split says otherwise). Writes DIR/NAME.svg (both learning curves), DIR/NAME.json (curves and scores) and DIR/NAME.md (a table).',
  positionals: {
    name: 'NAME',
    help: `${names.join(' | ')} | aux-rewards | preference (each with its own flags: swarm help experiment prints them below)`,
  },
  flags: [
    episodesFlag('per training run'),
    { name: 'seed', type: 'whole', value: 'S', min: 0, max: MAX_SEED, default: 1, help: 'training seed' },
    {
      name: 'seeds',
      type: 'whole',
      value: 'N',
      min: 1,
      max: MAX_SEEDS,
      default: 20,
      help: 'instances of --split for the final scores',
    },
    {
      name: 'split',
      type: 'choice',
      value: 'NAME',
      choices: SPLITS,
      default: 'validation',
      // An experiment informs choices, which are made on validation: a look at the test split is
      // asked for by name and recorded (docs/learning.md, "Every look at the test split").
      help: 'the split the final scores are taken on',
    },
    {
      name: 'out-dir',
      type: 'string',
      value: 'DIR',
      default: 'docs/experiments',
      help: 'where NAME.svg, NAME.json and NAME.md go',
    },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
    // Each arm's training plays its batches on the workers' train queue; the bench after it is a
    // sweep of the bench queue: the same report, wall-clock figures apart (docs/scale-out.md).
    ...sweepFlags(),
  ],
});

export const experimentHelp = `${helpText(experimentTable)}\n\n${auxRewardsHelp}\n\n${preferenceExperimentHelp}`;

const flagList = (table: CommandTable) => {
  const flags = table.flags.map((f) => `--${f.name}`);
  return `${flags.slice(0, -1).join(', ')} and ${flags.at(-1)}`;
};

/**
 * A flag of the other kind of experiment (aux-rewards' --train-seeds to serial-collapse, or
 * --out-dir to aux-rewards) is refused as such, rather than as an unknown option.
 */
function refuseOthersFlags(argv: readonly string[], own: CommandTable, other: CommandTable, ownName: string) {
  for (const arg of argv) {
    if (arg === '--') return;
    if (!arg.startsWith('--')) continue;
    const flag = arg.slice(2).split('=')[0] as string;
    if (own.flags.some((f) => f.name === flag) || !other.flags.some((f) => f.name === flag)) continue;
    const whose =
      other === auxRewardsTable ? 'experiment aux-rewards' : `the two-arm experiments (${names.join(', ')})`;
    throw new UsageError(
      `--${flag} does not apply: it is a flag of ${whose}; ${ownName} takes ${flagList(own)}`,
    );
  }
}

export async function experiment(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<void> {
  // aux-rewards has flags of its own (training seeds, a split): it parses its arguments itself.
  if (argv[0] === 'preference') return preferenceExperimentCommand(argv.slice(1), out, err);
  if (argv[0] === 'aux-rewards') {
    refuseOthersFlags(argv.slice(1), auxRewardsTable, experimentTable, 'aux-rewards');
    return auxRewards(argv.slice(1), out, err);
  }
  refuseOthersFlags(
    argv,
    experimentTable,
    auxRewardsTable,
    argv.find((a) => names.includes(a as Name)) ?? 'experiment NAME',
  );
  const { values, positionals } = parseCommand(experimentTable, argv);
  const name = positionals[0] as Name | undefined;
  if (name === undefined || !names.includes(name)) {
    throw new UsageError(
      `expected an experiment name: ${[...names, 'aux-rewards', 'preference'].join(', ')}${name ? `; got "${name}"` : ''}`,
    );
  }
  if (positionals.length > 1)
    throw new UsageError(
      `one experiment at a time: "${positionals.slice(1).join(' ')}" is not a flag it takes`,
    );
  const episodes = values.episodes;
  const seed = values.seed;
  const seeds = values.seeds;
  const dir = values['out-dir'];
  prepareOutputDir(dir, '--out-dir');
  checkOutputs(
    ['svg', 'json', 'md'].map((ext) => ({ path: join(dir, `${name}.${ext}`), flag: '--out-dir' })),
    [],
  );
  const spec = experiments[name];
  const env = await trainingEnv('mix');

  const runs: { name: string; curves: CurvePoint[]; policy: Policy; seconds: number }[] = [];
  const checkpoints: Record<string, unknown> = {};
  for (const [arm, over] of Object.entries(spec.arms) as [string, Partial<TrainConfig>][]) {
    const config: TrainConfig = {
      ...defaultTrainConfig,
      episodes,
      seed,
      window: Math.max(1, Math.ceil(episodes / 20)),
      ...defaultSchedules('parl', episodes),
      ...over,
    };
    const started = performance.now();
    const pool =
      values.redis !== undefined ? await rolloutsAt(values.redis, { scenario: 'mix', config }) : undefined;
    let result: Awaited<ReturnType<typeof train>>;
    try {
      result = await train(config, env, {
        ...(pool ? { rollouts: pool.rollouts } : {}),
        onCurve: (p) =>
          err(
            `${name} / ${arm}: episode ${p.episodes}/${episodes}  reward ${p.reward.toFixed(3)}  spawn ${p.spawnCount.toFixed(1)}`,
          ),
      });
    } finally {
      await pool?.close();
    }
    checkpoints[arm] = result.checkpoint;
    // Through the loader, as bench would read the checkpoint from its file.
    const loaded = loadPolicy(result.checkpoint, env.profileHashes);
    if (loaded.kind !== 'parl') throw new Error('unreachable: experiments train PARL');
    runs.push({
      name: arm,
      curves: result.curves,
      policy: parlPolicy({
        params: loaded.params,
        mode: 'greedy',
        profiles: loaded.checkpoint.allowedProfiles,
        name: arm,
      }),
      seconds: (performance.now() - started) / 1000,
    });
  }
  const scenario = { type: 'mix' as const, mix: env.mix, specs: env.specs };
  const policies = [heuristicPolicy, ...runs.map((r) => r.policy)];
  const split = values.split;
  const benchSeeds = splitSeeds(split, seeds);
  const report =
    values.redis !== undefined
      ? // The workers load each arm's checkpoint as bench loads parl:FILE; the report names the arms.
        await sweepThroughRedis(
          {
            scenario,
            profiles: env.profiles,
            policies: ['heuristic', ...runs.map((r) => `parl:${r.name}`)],
            checkpoints,
            seeds: benchSeeds,
            healing: 'off',
          },
          policies,
          values,
          err,
        )
      : await runBench({
          scenario,
          policies,
          seeds: benchSeeds,
          profiles: env.profiles,
          provider: env.provider,
          ...(env.ports ? { ports: env.ports } : {}),
        });

  const command = `npm run --silent swarm -- experiment ${argvWithoutPasswords(argv).join(' ')}`;
  const svg = curvesSvg(spec.title, runs);
  const scores = Object.fromEntries(
    Object.entries(report.policies).map(([p, m]) => [p, Object.fromEntries(reported.map((k) => [k, m[k]]))]),
  );
  const json = {
    experiment: name,
    title: spec.title,
    command,
    episodes,
    seed,
    split,
    benchSeeds: seeds,
    arms: runs.map((r) => ({ name: r.name, seconds: r.seconds, curves: r.curves })),
    scores,
    components: report.components,
  };
  const cell = (s: { mean: number; ci95: number } | undefined) =>
    s ? `${s.mean.toFixed(3)} ± ${s.ci95.toFixed(3)}` : '';
  const table = [
    `| policy | ${reported.join(' | ')} |`,
    `|:---|${reported.map(() => '---:').join('|')}|`,
    ...Object.entries(report.policies).map(
      ([p, m]) => `| ${p} | ${reported.map((k) => cell(m[k])).join(' | ')} |`,
    ),
  ].join('\n');
  const md = `# ${spec.title}\n\nCommand: \`${command}\`\n\nMix, the first ${seeds} ${split} instances, mean ± 95% interval; each trained policy acts greedily.\n\n${table}\n`;
  writeFiles([
    { path: join(dir, `${name}.svg`), text: svg },
    { path: join(dir, `${name}.json`), text: `${JSON.stringify(json, null, 2)}\n` },
    { path: join(dir, `${name}.md`), text: md },
  ]);
  out(values.json ? JSON.stringify(json) : `${md}\nwrote ${join(dir, `${name}.svg`)}, .json, .md`);
}
