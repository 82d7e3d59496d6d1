/**
 * Does one policy follow a preference? (issue 59 item 3, docs/learning.md "A policy that follows
 * a preference"). One PARL policy is trained across preferences drawn from a grid; for each
 * held-out preference (not in the grid, so never played in training) a PARL policy is trained on
 * that preference alone, with the same episodes and seed. Both play the held-out preference on the
 * same validation instances of the mix (never test): the conditioned policy's reward over the
 * per-preference policy's, with the paired interval of their difference.
 *
 * Then the price table changes by ±50% per profile, without retraining: the conditioned policy (at
 * the default preference) against the best per-kind cascade setting (`fixed:KIND=…/cascade:…`),
 * chosen per kind on the first `selectSeeds` validation instances under the changed table and
 * scored with it on the rest: the baseline is fitted to the new prices, the policy is not. With
 * `trainPrices` (the CLI's default) the conditioned policy is trained across sampled price tables
 * too (price-sampling.ts) and reads the table it plays under (price-features.ts); the tables judged
 * are fixed ones it was not trained on as such.
 *
 * Several training seeds run in one go: each seed trains its own policies; the per-kind cascade
 * (fixed settings, no training) is chosen once per table and scored on the same instances.
 */

import { armName } from '../learning/bandit-policy';
import { cascadeSettings, fixedPolicy } from '../learning/fixed-policy';
import { type ParlParams, parlPolicy } from '../learning/parl';
import { type PriceFactors, scaledPrices } from '../learning/price-sampling';
import {
  type CurvePoint,
  defaultSchedules,
  defaultTrainConfig,
  type TrainConfig,
  train,
} from '../learning/train';
import type { TrainEnv } from '../learning/train-config';
import type { Policy } from '../policy/types';
import { splitSeeds } from '../scenarios/splits';
import { type PairedDifference, pairedBootstrap } from '../stats/paired';
import type { Preference } from '../trace/preference';
import type { BenchOptions, BenchScenario } from './run-bench';
import { runBench } from './run-bench';

export interface PreferenceExperimentOptions {
  readonly episodes: number;
  /** Training seeds: each trains its own policies, judged on the same instances. */
  readonly seeds: readonly number[];
  /** Train the conditioned policy across sampled price tables too (price inputs). */
  readonly trainPrices: boolean;
  /** Values each multiplier is drawn from in training (held-out preferences use none of them). */
  readonly grid: readonly number[];
  readonly heldOut: readonly Preference[];
  /** Validation instances each comparison is scored on. */
  readonly scoredSeeds: number;
  /** Validation instances (before the scored ones) the per-kind cascade is chosen on. */
  readonly selectSeeds: number;
  /** Price factor per profile, one table each: {small: 1.5, medium: 0.5, large: 1.5}. */
  readonly priceTables: readonly Readonly<Record<string, number>>[];
}

export interface Comparison {
  /** The training seed of the policy compared. */
  readonly seed: number;
  readonly label: string;
  readonly policy: string;
  readonly baseline: string;
  readonly policyMean: number;
  readonly baselineMean: number;
  /** policy − baseline, paired over the same instances. */
  readonly difference: PairedDifference;
  /** policyMean / baselineMean. */
  readonly ratio: number;
  /** The same difference on the scored instances of each kind, where the comparison says (prices). */
  readonly byKind?: Readonly<Record<string, PairedDifference>>;
}

export interface PreferenceExperimentResult {
  readonly heldOut: readonly Comparison[];
  readonly prices: readonly (Comparison & { readonly cascade: string })[];
  readonly trainings: readonly {
    readonly seed: number;
    readonly name: string;
    readonly seconds: number;
    readonly last?: CurvePoint;
  }[];
  readonly validationSeeds: { readonly select: readonly number[]; readonly scored: readonly number[] };
}

export interface PreferenceExperimentHooks {
  readonly now: () => number;
  readonly progress?: (text: string) => void;
  readonly rollouts?: (config: TrainConfig) => Promise<{
    rollouts: NonNullable<Parameters<typeof train>[2]>['rollouts'];
    close(): Promise<void>;
  }>;
}

export const priceTableName = (factors: Readonly<Record<string, number>>) =>
  Object.entries(factors)
    .map(([p, f]) => `${p}×${f}`)
    .join(' ');

export async function preferenceExperiment(
  env: TrainEnv,
  options: PreferenceExperimentOptions,
  hooks: PreferenceExperimentHooks,
): Promise<PreferenceExperimentResult> {
  const inGrid = (p: Preference) => options.grid.includes(p.cost) && options.grid.includes(p.time);
  const seen = options.heldOut.find(inGrid);
  if (seen)
    throw new Error(
      `held-out preference ${seen.cost},${seen.time} can be drawn from the training grid ${options.grid.join(',')}: a held-out preference must use a value outside it`,
    );
  const trainings: { seed: number; name: string; seconds: number; last?: CurvePoint }[] = [];
  const trained = async (seed: number, name: string, config: TrainConfig): Promise<ParlParams> => {
    const started = hooks.now();
    const pool = await hooks.rollouts?.(config);
    try {
      const result = await train(config, env, {
        ...(pool?.rollouts ? { rollouts: pool.rollouts } : {}),
        onCurve: (p) =>
          hooks.progress?.(
            `seed ${seed} ${name}: episode ${p.episodes}/${config.episodes}  reward ${p.reward.toFixed(3)}`,
          ),
      });
      const last = result.curves.at(-1);
      trainings.push({ seed, name, seconds: (hooks.now() - started) / 1000, ...(last ? { last } : {}) });
      const w = result.checkpoint.kind === 'parl' ? result.checkpoint.weights : undefined;
      if (!w) throw new Error('unreachable: the experiment trains PARL');
      return {
        plan: Float64Array.from(w.plan),
        width: Float64Array.from(w.width),
        profile: Float64Array.from(w.profile),
        control: Float64Array.from(w.control),
        retry: Float64Array.from(w.retry),
        vote: Float64Array.from(w.vote),
        value: Float64Array.from(w.value),
      };
    } finally {
      await pool?.close();
    }
  };
  const greedy = (name: string, params: ParlParams): Policy => parlPolicy({ params, mode: 'greedy', name });

  const validation = splitSeeds('validation', options.selectSeeds + options.scoredSeeds);
  const select = validation.slice(0, options.selectSeeds);
  const scored = validation.slice(options.selectSeeds);
  const scenario: BenchScenario = { type: 'mix', mix: env.mix, specs: env.specs };
  const bench = (policies: readonly Policy[], seeds: readonly number[], over: Partial<BenchOptions>) => {
    const rewards = new Map<string, number[]>(policies.map((p) => [p.name, []]));
    const components = new Map<string, string>();
    return runBench({
      scenario,
      policies,
      seeds,
      profiles: env.profiles,
      provider: env.provider,
      ...(env.ports ? { ports: env.ports } : {}),
      ...over,
      onRun: ({ policy, seed, result }) => {
        rewards.get(policy)?.push(result.metrics.reward);
        components.set(String(seed), result.header.scenario.kind);
      },
    }).then(() => ({ rewards, components }));
  };
  const compare = (
    seed: number,
    label: string,
    [a, x]: [string, number[]],
    [b, y]: [string, number[]],
  ): Comparison => ({
    seed,
    label,
    policy: a,
    baseline: b,
    policyMean: mean(x),
    baselineMean: mean(y),
    difference: pairedBootstrap(y, x, { seed }),
    ratio: mean(x) / mean(y),
  });

  // The per-kind cascade under each table: fixed settings, so chosen and scored once for every seed.
  const candidates = cascadeSettings().map((s) => fixedPolicy(armName(s)));
  const tables: { factors: PriceFactors; cascade: string; rewards: number[] }[] = [];
  // The kind of each scored instance (the same under every table): where a difference comes from.
  let kindOf = new Map<string, string>();
  for (const factors of options.priceTables) {
    const profiles = scaledPrices(env.profiles, factors);
    hooks.progress?.(
      `choosing the per-kind cascade under ${priceTableName(factors)} on ${select.length} instances`,
    );
    const chosen = await bench(candidates, select, { profiles });
    const byKind = new Map<string, { name: string; mean: number }>();
    for (const kind of new Set(chosen.components.values())) {
      const at = select.flatMap((s, i) => (chosen.components.get(String(s)) === kind ? [i] : []));
      for (const c of candidates) {
        const r = chosen.rewards.get(c.name) as number[];
        const m = mean(at.map((i) => r[i] as number));
        const best = byKind.get(kind);
        if (!best || m > best.mean) byKind.set(kind, { name: c.name.replace(/^fixed:/, ''), mean: m });
      }
    }
    // A kind the selection instances never drew takes the best setting over all of them.
    const overall = candidates
      .map((c) => ({
        name: c.name.replace(/^fixed:/, ''),
        mean: mean(chosen.rewards.get(c.name) as number[]),
      }))
      .sort((a, b) => b.mean - a.mean)[0] as { name: string };
    const kinds = env.mix.components.map((c) => env.specs[c.scenario]?.kind ?? c.scenario);
    const spec = [...new Set(kinds)].map((k) => `${k}=${(byKind.get(k) ?? overall).name}`).join(':');
    const cascade = { ...fixedPolicy(spec), name: 'per-kind cascade' };
    hooks.progress?.(`scoring the cascade under ${priceTableName(factors)} on ${scored.length} instances`);
    const { rewards, components } = await bench([cascade], scored, { profiles });
    kindOf = components;
    tables.push({ factors, cascade: `fixed:${spec}`, rewards: rewards.get(cascade.name) as number[] });
  }

  const heldOut: Comparison[] = [];
  const prices: (Comparison & { cascade: string })[] = [];
  for (const seed of options.seeds) {
    const base: TrainConfig = {
      ...defaultTrainConfig,
      episodes: options.episodes,
      seed,
      window: Math.max(1, Math.ceil(options.episodes / 20)),
      ...defaultSchedules('parl', options.episodes),
    };
    const conditioned = greedy(
      'conditioned',
      await trained(seed, 'conditioned', {
        ...base,
        preferences: { kind: 'grid', values: options.grid },
        ...(options.trainPrices ? { prices: { kind: 'uniform' } as const } : {}),
      }),
    );
    for (const p of options.heldOut) {
      const name = `only ${p.cost},${p.time}`;
      const alone = greedy(
        name,
        await trained(seed, name, { ...base, preferences: { kind: 'fixed', preference: p } }),
      );
      hooks.progress?.(
        `seed ${seed}: scoring at ${p.cost},${p.time} on ${scored.length} validation instances`,
      );
      const { rewards } = await bench([conditioned, alone], scored, { preference: p });
      heldOut.push(
        compare(
          seed,
          `preference ${p.cost},${p.time}`,
          ['conditioned', rewards.get('conditioned') as number[]],
          [name, rewards.get(name) as number[]],
        ),
      );
    }
    for (const table of tables) {
      hooks.progress?.(
        `seed ${seed}: scoring under ${priceTableName(table.factors)} on ${scored.length} instances`,
      );
      const profiles = scaledPrices(env.profiles, table.factors);
      const { rewards } = await bench([conditioned], scored, { profiles });
      const x = rewards.get('conditioned') as number[];
      const byKind: Record<string, PairedDifference> = {};
      for (const kind of new Set(kindOf.values())) {
        const at = scored.flatMap((s, i) => (kindOf.get(String(s)) === kind ? [i] : []));
        byKind[kind] = pairedBootstrap(
          at.map((i) => table.rewards[i] as number),
          at.map((i) => x[i] as number),
          { seed },
        );
      }
      prices.push({
        ...compare(
          seed,
          `prices ${priceTableName(table.factors)}`,
          ['conditioned', x],
          ['per-kind cascade', table.rewards],
        ),
        byKind,
        cascade: table.cascade,
      });
    }
  }
  return { heldOut, prices, trainings, validationSeeds: { select, scored } };
}

const mean = (v: readonly number[]) => v.reduce((s, r) => s + r, 0) / Math.max(1, v.length);
