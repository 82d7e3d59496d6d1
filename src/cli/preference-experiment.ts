/**
 * `swarm experiment preference`: one PARL policy trained across preferences drawn from a grid,
 * against policies trained on each held-out preference alone, and against the best per-kind
 * cascade on price tables changed per profile (core/bench/preference-experiment.ts). Validation
 * instances only: the test split is never looked at.
 */
import { availableParallelism } from 'node:os';
import { type Comparison, preferenceExperiment, priceTableName } from '../core/bench/preference-experiment';
import { PROFILES } from '../core/learning/actions';
import { episodeCost } from '../core/learning/episode-cost';
import { type Preference, parsePreference, preferenceValueProblem } from '../core/trace/preference';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { MAX_ROLLOUT_WORKERS, MAX_SEED, MAX_SEEDS } from './limits';
import { rolloutPool } from './rollout-pool';
import { episodesFlag } from './train-flags';
import { trainingEnv } from './training-env';

export const preferenceExperimentTable = defineCommand({
  name: 'experiment preference',
  usage: [
    'experiment preference [--episodes N] [--seed S,…] [--grid V,…] [--held-out C,T;C,T] [--train-prices sample|none] [--seeds N] [--select-seeds N] [--prices P=F,…;…] [--json]',
  ],
  about:
    "Trains one PARL policy on the mix with each group of episodes at a preference drawn from --grid (and, with --train-prices sample, the default, under a price table drawn per group: each profile's prices times 0.5…1.5), and one PARL policy on each --held-out preference alone (a value outside the grid: never seen by the first), with the same episodes and seed; scores both at the held-out preference on the same validation instances (conditioned reward over per-preference reward, paired 95% interval of the difference). Then, for each --prices table (each profile's prices times its factor), chooses the best deadline-aware cascade setting per kind on the first --select-seeds validation instances under that table and scores it against the conditioned policy (not retrained, at the default preference) on the next --seeds. Never looks at the test split.",
  flags: [
    episodesFlag('per training'),
    {
      name: 'seed',
      type: 'string',
      value: 'S,…',
      default: '1',
      help: 'training seeds (e.g. 1,2,3): each trains its own policies, judged on the same validation instances; the per-kind cascade is chosen once per table',
    },
    {
      name: 'train-prices',
      type: 'choice',
      value: 'HOW',
      choices: ['sample', 'none'],
      default: 'sample',
      help: "sample: the conditioned policy is trained across price tables too (swarm train --prices sample) and reads the table it plays under; none: trained at the profiles' own prices, blind to them (the experiment before price inputs)",
    },
    {
      name: 'grid',
      type: 'string',
      value: 'V,…',
      default: '0,1,2,3',
      help: 'values each of cost and time is drawn from in the conditioned training',
    },
    {
      name: 'held-out',
      type: 'string',
      value: 'C,T;…',
      default: '0.5,2.5;2.5,0.5',
      help: 'preferences judged, each with a value outside --grid; none: no per-preference trainings (the price comparisons alone)',
    },
    {
      name: 'seeds',
      type: 'whole',
      value: 'N',
      min: 1,
      max: MAX_SEEDS,
      default: 300,
      help: 'validation instances each comparison is scored on',
    },
    {
      name: 'select-seeds',
      type: 'whole',
      value: 'N',
      min: 1,
      max: MAX_SEEDS,
      default: 100,
      help: 'validation instances (before the scored ones) the per-kind cascade is chosen on',
    },
    {
      name: 'prices',
      type: 'string',
      value: 'P=F,…;…',
      default: 'small=1.5,medium=0.5,large=1.5;small=0.5,medium=1.5,large=0.5',
      help: 'price tables, each a factor per profile (0.5 to 1.5: ±50%)',
    },
    {
      name: 'rollout-workers',
      type: 'whole',
      value: 'N',
      min: 1,
      max: MAX_ROLLOUT_WORKERS,
      help: "play each batch's episodes on N worker threads (default: the machine's cores, at most 2)",
    },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const preferenceExperimentHelp = helpText(preferenceExperimentTable);

function seedsOf(text: string): number[] {
  const seeds = text.split(',').map((part) => {
    const x = part.trim() === '' ? Number.NaN : Number(part);
    if (!Number.isInteger(x) || x < 0 || x > MAX_SEED)
      throw new UsageError(
        `--seed: "${part}" is not a whole number from 0 to ${MAX_SEED}; give S or S1,S2,…`,
      );
    return x;
  });
  if (new Set(seeds).size !== seeds.length) throw new UsageError(`--seed names a seed twice: ${text}`);
  return seeds;
}

function gridOf(text: string): number[] {
  const values = text.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s)));
  for (const [i, x] of values.entries()) {
    const problem = preferenceValueProblem('--grid value', Number.isNaN(x) ? text.split(',')[i] : x);
    if (problem) throw new UsageError(problem);
  }
  return values;
}

function heldOutOf(text: string): Preference[] {
  if (text === 'none') return [];
  return text.split(';').map((part) => {
    const read = parsePreference(part, '--held-out');
    if (!read.ok) throw new UsageError(read.message);
    return read.preference;
  });
}

function pricesOf(text: string): Record<string, number>[] {
  return text.split(';').map((table) => {
    const factors: Record<string, number> = {};
    for (const part of table.split(',')) {
      const [profile, raw, extra] = part.split('=');
      const f = Number(raw);
      if (
        !profile ||
        raw === undefined ||
        extra !== undefined ||
        !(PROFILES as readonly string[]).includes(profile)
      )
        throw new UsageError(
          `--prices: "${part}" is not PROFILE=FACTOR with a profile among ${PROFILES.join(', ')}`,
        );
      if (!Number.isFinite(f) || f < 0.5 || f > 1.5)
        throw new UsageError(
          `--prices: ${profile}'s factor must be a number from 0.5 to 1.5 (±50%), not "${raw}"`,
        );
      factors[profile] = f;
    }
    return factors;
  });
}

const line = (c: Comparison) =>
  `seed ${c.seed} ${c.label}: ${c.policy} ${c.policyMean.toFixed(4)}, ${c.baseline} ${c.baselineMean.toFixed(4)}, ratio ${c.ratio.toFixed(3)}, difference ${c.difference.mean >= 0 ? '+' : ''}${c.difference.mean.toFixed(4)} [${c.difference.low.toFixed(4)}, ${c.difference.high.toFixed(4)}] (n = ${c.difference.n})`;

export async function preferenceExperimentCommand(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<void> {
  const flags = parseFlags(preferenceExperimentTable, argv);
  const grid = gridOf(flags.grid);
  const heldOut = heldOutOf(flags['held-out']);
  const priceTables = pricesOf(flags.prices);
  const env = await trainingEnv('mix');
  const workers = flags['rollout-workers'] ?? Math.max(1, Math.min(2, availableParallelism()));
  let result: Awaited<ReturnType<typeof preferenceExperiment>>;
  try {
    result = await preferenceExperiment(
      env,
      {
        episodes: flags.episodes,
        seeds: seedsOf(flags.seed),
        trainPrices: flags['train-prices'] === 'sample',
        grid,
        heldOut,
        scoredSeeds: flags.seeds,
        selectSeeds: flags['select-seeds'],
        priceTables,
      },
      {
        now: () => performance.now(),
        progress: err,
        ...(workers > 1
          ? {
              rollouts: async (config) =>
                rolloutPool(workers, { scenario: 'mix', config }, (e) => episodeCost(env.mix, config, e)),
            }
          : {}),
      },
    );
  } catch (error) {
    if ((error as Error).message.startsWith('held-out preference'))
      throw new UsageError((error as Error).message);
    throw error;
  }
  if (flags.json) {
    out(JSON.stringify({ command: `swarm experiment preference ${argv.join(' ')}`, ...result }, null, 2));
    return;
  }
  for (const t of result.trainings)
    out(
      `seed ${t.seed} trained ${t.name}: ${t.seconds.toFixed(0)} s, last window reward ${t.last?.reward.toFixed(3) ?? '—'}`,
    );
  out(
    `validation instances: choose on ${result.validationSeeds.select.length}, score on ${result.validationSeeds.scored.length}`,
  );
  for (const c of result.heldOut) out(line(c));
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
  for (const c of result.prices) {
    out(line(c));
    if (c.byKind)
      out(
        `  by kind: ${Object.entries(c.byKind)
          .map(([k, d]) => `${k} ${signed(d.mean)} [${signed(d.low)}, ${signed(d.high)}] (${d.n})`)
          .join(', ')}`,
      );
  }
  for (const [i, table] of priceTables.entries())
    out(`(${priceTableName(table)}: the cascade chosen ${result.prices[i]?.cascade ?? '—'})`);
}
