/**
 * `swarm experiment aux-rewards`: PARL's auxiliary rewards, each removed in turn, on the runtime.
 * Four arms — none (λ1 = λ2 = 0), parallel-only, finish-only, parl (both) — are trained on the mix
 * from each training seed, then each trained policy runs greedily on the first N instances of a
 * split. Per arm and seed it reports how often the policy ran single (one agent), its unused subagents split by
 * why they were unused, and its mean reward. The starting policy has the single-agent habit of a
 * pretrained model (88% single, parl.ts SINGLE_PRIOR): serial collapse is staying there.
 */
import { runBench } from '../core/bench/run-bench';
import { loadPolicy } from '../core/learning/checkpoint';
import { parlPolicy } from '../core/learning/parl';
import { defaultSchedules, defaultTrainConfig, type TrainConfig, train } from '../core/learning/train';
import { SPLITS, splitSeeds } from '../core/scenarios/splits';
import { summarize } from '../core/stats/summary';
import type { TraceEvent } from '../core/trace/events';
import { UsageError, wholeNumber } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { MAX_SEED, MAX_SEEDS } from './limits';
import { PASSWORD_ENV } from './scale-out/redis-url';
import { rolloutsAt } from './train';
import { episodesFlag } from './train-flags';
import { trainingEnv } from './training-env';

export const auxRewardsTable = defineCommand({
  name: 'experiment aux-rewards',
  usage: [
    'experiment aux-rewards [--scenario mix] [--train-seeds A,B,C] [--episodes N] [--split validation] [--seeds N] [--json]',
  ],
  about:
    'Trains PARL four times per training seed — without auxiliary rewards, with r_parallel only, with r_finish only, and with both (the default training) — and runs each trained policy greedily on the first N instances of the split. Reports per arm and seed: singleRate (the share of instances it ran as one agent), unused subagents per run split into idle (spawned, never given work), failed (given work, finished none: their attempts failed) and redundant (given work that the run threw away when it ended first), and the mean reward.',
  flags: [
    {
      name: 'scenario',
      type: 'string',
      value: 'ID',
      default: 'mix',
      help: 'mix (the only distribution with a training curriculum)',
    },
    {
      name: 'train-seeds',
      type: 'string',
      value: 'LIST',
      default: '1,2,3',
      help: 'training seeds, comma-separated',
    },
    episodesFlag('per training'),
    {
      name: 'split',
      type: 'choice',
      value: 'NAME',
      choices: SPLITS,
      // Validation unless a look at the test split is asked for by name (docs/learning.md).
      default: 'validation',
      help: 'the split run on',
    },
    {
      name: 'seeds',
      type: 'whole',
      value: 'N',
      min: 1,
      max: MAX_SEEDS,
      default: 300,
      help: 'instances of the split',
    },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
    {
      name: 'redis',
      type: 'string',
      value: 'URL',
      help: `play every arm's training batches on \`swarm worker --queues train\` processes of the Redis server at URL (the trainings are this experiment's cost; each checkpoint is the local one, byte for byte); the benches, which read each run's trace for unused subagents, stay here (docs/scale-out.md). The password may come from ${PASSWORD_ENV}`,
    },
  ],
});

export const auxRewardsHelp = helpText(auxRewardsTable);

const zero = { kind: 'constant', value: 0 } as const;

/** The arms: which auxiliary terms keep their default annealed schedule. */
const ARMS = ['none', 'parallel-only', 'finish-only', 'parl'] as const;

function armConfig(
  arm: (typeof ARMS)[number],
  episodes: number,
): Pick<TrainConfig, 'lambdaParallel' | 'lambdaFinish'> {
  const schedules = defaultSchedules('parl', episodes);
  return {
    lambdaParallel: arm === 'parallel-only' || arm === 'parl' ? schedules.lambdaParallel : zero,
    lambdaFinish: arm === 'finish-only' || arm === 'parl' ? schedules.lambdaFinish : zero,
  };
}

/** What one run's subagents did: single or not, and the unused ones by why (see the help). */
export function subagentUse(events: readonly TraceEvent[]) {
  let tasks = 0;
  const spawned = new Set<string>();
  const finished = new Set<string>();
  const failed = new Set<string>();
  const cancelled = new Set<string>();
  for (const e of events) {
    if (e.type === 'run.started') tasks = e.tasks.length;
    else if (e.type === 'subagent.spawned') spawned.add(e.subagent);
    else if (e.type === 'task.finished') finished.add(e.subagent);
    else if (e.type === 'task.failed') failed.add(e.subagent);
    else if (e.type === 'task.cancelled' && e.subagent !== undefined) cancelled.add(e.subagent);
  }
  let idle = 0;
  let failedOnly = 0;
  let redundant = 0;
  for (const s of spawned) {
    if (finished.has(s)) continue;
    if (failed.has(s)) failedOnly++;
    else if (cancelled.has(s)) redundant++;
    else idle++;
  }
  // In the mix every swarm plan has at least two tasks, so one task is the single agent's plan.
  return { single: tasks === 1 ? 1 : 0, idle, failed: failedOnly, redundant };
}

export async function auxRewards(argv: string[], out: (text: string) => void, err: (text: string) => void) {
  const values = parseFlags(auxRewardsTable, argv);
  const scenario = values.scenario;
  if (scenario !== 'mix')
    throw new UsageError(`--scenario: aux-rewards trains on the mix; got "${scenario}"`);
  const trainSeeds = values['train-seeds']
    .split(',')
    .map((s, i) => wholeNumber(`train-seeds (item ${i + 1})`, s.trim(), 1, 0, MAX_SEED));
  if (new Set(trainSeeds).size !== trainSeeds.length)
    throw new UsageError('--train-seeds: a seed is given twice');
  const episodes = values.episodes;
  const split = values.split;
  const seeds = values.seeds;
  const env = await trainingEnv('mix');
  const rows: {
    arm: string;
    trainSeed: number;
    singleRate: number;
    unused: { idle: number; failed: number; redundant: number };
    reward: { mean: number; ci95: number };
  }[] = [];
  for (const trainSeed of trainSeeds) {
    for (const arm of ARMS) {
      const config: TrainConfig = {
        ...defaultTrainConfig,
        episodes,
        seed: trainSeed,
        ...armConfig(arm, episodes),
      };
      const pool =
        values.redis !== undefined ? await rolloutsAt(values.redis, { scenario: 'mix', config }) : undefined;
      let trained: Awaited<ReturnType<typeof train>>;
      try {
        trained = await train(config, env, pool ? { rollouts: pool.rollouts } : {});
      } finally {
        await pool?.close();
      }
      const loaded = loadPolicy(trained.checkpoint, env.profileHashes);
      if (loaded.kind !== 'parl') throw new Error('unreachable: the arms train PARL');
      const use: ReturnType<typeof subagentUse>[] = [];
      const report = await runBench({
        scenario: { type: 'mix', mix: env.mix, specs: env.specs },
        policies: [
          parlPolicy({
            params: loaded.params,
            mode: 'greedy',
            profiles: loaded.checkpoint.allowedProfiles,
            name: arm,
          }),
        ],
        seeds: splitSeeds(split, seeds),
        split,
        profiles: env.profiles,
        provider: env.provider,
        ...(env.ports ? { ports: env.ports } : {}),
        onRun: (r) => {
          use.push(subagentUse(r.result.events));
        },
      });
      const mean = (f: (u: ReturnType<typeof subagentUse>) => number) =>
        use.reduce((a, u) => a + f(u), 0) / use.length;
      const reward = summarize(report.policies[arm]?.reward.values ?? []);
      const row = {
        arm,
        trainSeed,
        singleRate: mean((u) => u.single),
        unused: {
          idle: mean((u) => u.idle),
          failed: mean((u) => u.failed),
          redundant: mean((u) => u.redundant),
        },
        reward: { mean: reward.mean, ci95: reward.ci95 },
      };
      rows.push(row);
      err(
        `seed ${trainSeed} ${arm}: singleRate ${row.singleRate.toFixed(2)}  unused idle ${row.unused.idle.toFixed(2)} failed ${row.unused.failed.toFixed(2)} redundant ${row.unused.redundant.toFixed(2)}  reward ${reward.mean.toFixed(3)} ± ${reward.ci95.toFixed(3)}`,
      );
    }
  }
  const result = { experiment: 'aux-rewards', scenario, split, seeds, episodes, trainSeeds, rows };
  if (values.json) {
    out(JSON.stringify(result));
    return;
  }
  out(
    [
      `aux-rewards on ${scenario}: PARL trained ${episodes} episodes per arm and seed, run greedily on ${seeds} ${split} instances`,
      '',
      '| arm | train seed | singleRate | idle | failed | redundant | reward |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.arm} | ${r.trainSeed} | ${r.singleRate.toFixed(2)} | ${r.unused.idle.toFixed(2)} | ${r.unused.failed.toFixed(2)} | ${r.unused.redundant.toFixed(2)} | ${r.reward.mean.toFixed(3)} ± ${r.reward.ci95.toFixed(3)} |`,
      ),
    ].join('\n'),
  );
}
