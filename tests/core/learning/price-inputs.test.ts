/**
 * The price table as an input (issue 59 item 3): a policy trained across price tables reads each
 * profile's price factor from the prices its run is priced with — 0 at the reference table
 * (scenarios/profiles.json), moving with the table — and acts on it; one trained without reads
 * nothing of prices, and its checkpoint (like CLI default training's) keeps the features it had.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../src/adapters/node/node-sandbox';
import { loadPolicy } from '../../../src/core/learning/checkpoint';
import {
  featureLayout,
  inLayout,
  PREFERENCE_FEATURES,
  TASK_FEATURES,
  taskWidth,
} from '../../../src/core/learning/features';
import type { MixSpec } from '../../../src/core/learning/mix';
import { initParams, PLANS, parlPolicy } from '../../../src/core/learning/parl';
import {
  hashesToPlay,
  PRICE_FEATURES,
  PRICED_PROFILES,
  priceFactor,
  REFERENCE_PRICES,
} from '../../../src/core/learning/price-features';
import { parsePriceSampling, priceFactorsAt, scaledPrices } from '../../../src/core/learning/price-sampling';
import { defaultTrainConfig, type TrainConfig, train } from '../../../src/core/learning/train';
import type { Policy } from '../../../src/core/policy/types';
import { planChooser } from '../../../src/core/policy/types';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { profileHashes } from '../../../src/core/scenarios/profiles';
import type { ProfileSpec } from '../../../src/core/scenarios/spec-types';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();
const wide = loadSpec('wide-search', 'wide-search');

async function run(policy: Policy, table: Readonly<Record<string, ProfileSpec>> = profiles) {
  const prepared = prepareRun({
    scenario: { type: 'task', spec: { ...wide, budgets: { ...wide.budgets, maxCriticalSteps: 30 } } },
    seed: 3,
    size: 12,
    plan: planChooser(policy),
    profiles: table,
  });
  return runPrepared(prepared, { policy, provider: simulatedProviderFor(table), keepEvents: true });
}

/** A PARL policy reading prices whose weights are 0 but for `set` (plan head, by feature name). */
function reader(set: Readonly<Record<string, number>> = {}, plan = 'single'): Policy {
  const params = initParams('prices');
  const names = featureLayout('prices').task;
  for (const [name, w] of Object.entries(set))
    params.plan[PLANS.indexOf(plan as (typeof PLANS)[number]) * taskWidth('prices') + names.indexOf(name)] =
      w;
  return parlPolicy({ params, mode: 'greedy', log: true, name: 'parl:prices' });
}

const priceColumns = (x: readonly number[]) => {
  const from = TASK_FEATURES.length + PREFERENCE_FEATURES.length;
  return x.slice(from, from + PRICE_FEATURES.length);
};

describe('price features', () => {
  it('the reference table is scenarios/profiles.json, whose factors are exactly 1', () => {
    for (const p of PRICED_PROFILES) {
      expect((profiles[p] as ProfileSpec).price).toEqual(REFERENCE_PRICES[p]);
      expect(priceFactor(Object.fromEntries(Object.entries(profiles).map(([n, s]) => [n, s.price])), p)).toBe(
        1,
      );
    }
  });

  it('read exactly 0 at the reference table, in the plan decision and at every step', async () => {
    const result = await run(reader());
    const plan = result.header.planDecision?.features as number[];
    expect(plan).toHaveLength(taskWidth('prices'));
    expect(priceColumns(plan).every((x) => x === 0)).toBe(true);
    const steps = result.events.flatMap((e) =>
      'decision' in e && e.decision ? [e.decision.features as number[]] : [],
    );
    expect(steps.length).toBeGreaterThan(0);
    for (const x of steps) expect(priceColumns(x).every((v) => v === 0)).toBe(true);
  });

  it('move with the table the run is priced with: each factor less 1, alone and on its kind', async () => {
    const table = scaledPrices(profiles, { small: 1.5, medium: 0.5, large: 1.25 });
    const plan = (await run(reader(), table)).header.planDecision?.features as number[];
    const x = priceColumns(plan);
    const at = (name: string) => x[PRICE_FEATURES.indexOf(name as (typeof PRICE_FEATURES)[number])];
    expect(at('price(small)-1')).toBeCloseTo(0.5, 12);
    expect(at('price(medium)-1')).toBeCloseTo(-0.5, 12);
    expect(at('price(large)-1')).toBeCloseTo(0.25, 12);
    expect(at('(price(medium)-1)·kind=wide-search')).toBeCloseTo(-0.5, 12);
    expect(at('(price(medium)-1)·kind=deep-search')).toBe(0);
  });

  it('a policy reading them plays otherwise under a dearer table; one without plays alike', async () => {
    // Single unless large is dearer than the reference: only a policy that reads prices can tell.
    const reads = () => reader({ 'price(large)-1': -20 });
    const dear = scaledPrices(profiles, { large: 1.5 });
    expect((await run(reads())).plan.mode).toBe('single');
    expect((await run(reads(), dear)).plan.mode).toBe('swarm');
    expect(reads().priceInputs).toBe(true);
    const blind = parlPolicy({ params: initParams('preference'), mode: 'greedy', name: 'parl:blind' });
    expect(blind.priceInputs).toBe(false);
    expect((await run(blind)).plan.mode).toBe((await run(blind, dear)).plan.mode);
  });
});

describe('training across price tables', () => {
  const mix: MixSpec = {
    kind: 'mix',
    id: 'tiny',
    components: [
      { scenario: 'wide-search', weight: 1, sizes: [10, 12], maxCriticalSteps: 16, maxTotalSteps: 60 },
      { scenario: 'deep-search', weight: 1, sizes: [2, 3], maxCriticalSteps: 16, maxTotalSteps: 40 },
    ],
    curriculum: [],
  };
  const env = async () => ({
    mix,
    specs: { 'wide-search': wide, 'deep-search': loadSpec('deep-search', 'deep-search') },
    profiles,
    profileHashes: await profileHashes(profiles),
    provider: simulatedProviderFor(profiles),
    ports: { sandbox: nodeSandbox },
  });
  const config = (over: Partial<TrainConfig> = {}): TrainConfig => ({
    ...defaultTrainConfig,
    episodes: 16,
    batch: 8,
    window: 8,
    lambdaParallel: { kind: 'constant', value: 0 },
    lambdaFinish: { kind: 'constant', value: 0 },
    ...over,
  });
  const sampled = { prices: { kind: 'uniform' } } as const;

  it('draws one table per group from a stream keyed by the seed and the group, each factor in 0.5…1.5', () => {
    const draws = Array.from({ length: 40 }, (_, g) => priceFactorsAt({ kind: 'uniform' }, 5, g));
    expect(draws).toEqual(Array.from({ length: 40 }, (_, g) => priceFactorsAt({ kind: 'uniform' }, 5, g)));
    expect(draws).not.toEqual(
      Array.from({ length: 40 }, (_, g) => priceFactorsAt({ kind: 'uniform' }, 6, g)),
    );
    expect(draws[0]).not.toEqual(draws[1]);
    for (const d of draws) {
      expect(Object.keys(d ?? {})).toEqual([...PRICED_PROFILES]);
      for (const f of Object.values(d ?? {})) {
        expect(f).toBeGreaterThanOrEqual(0.5);
        expect(f).toBeLessThanOrEqual(1.5);
      }
    }
    expect(priceFactorsAt(undefined, 5, 0)).toBeUndefined();
  });

  it('refuses a bad sampling naming what is accepted', () => {
    for (const bad of ['', 'uniform', 'small=1.5', '1.5']) {
      const read = parsePriceSampling(bad);
      expect(read.ok, bad).toBe(false);
      if (!read.ok) expect(read.message).toMatch(/--prices must be `sample`/);
    }
    expect(parsePriceSampling('sample')).toEqual({ ok: true, sampling: { kind: 'uniform' } });
  });

  it('with --prices sample writes price inputs that learn, the same each time and when resumed; without, none', async () => {
    const e = await env();
    const plain = await train(config(), e);
    expect(plain.checkpoint.features).not.toContain(PRICE_FEATURES[0]);
    const priced = await train(config(sampled), e);
    expect(priced.checkpoint.features).toEqual(featureLayout('prices').step);
    expect(JSON.stringify((await train(config(sampled), e)).checkpoint)).toBe(
      JSON.stringify(priced.checkpoint),
    );
    // Stopped after the first batch and resumed: the groups after draw the tables the whole run drew.
    const controller = new AbortController();
    const half = await train(config(sampled), e, {
      signal: controller.signal,
      onCheckpoint: (ck) => ck.training.completedEpisodes === 8 && controller.abort(),
    });
    expect(half.completedEpisodes).toBe(8);
    const resumed = await train(config(sampled), e, {}, half.checkpoint);
    expect(resumed.checkpoint).toEqual(priced.checkpoint);
    const loaded = loadPolicy(priced.checkpoint, e.profileHashes);
    expect(loaded.inputs).toBe('prices');
    if (loaded.kind !== 'parl') throw new Error('not parl');
    const from = TASK_FEATURES.length + PREFERENCE_FEATURES.length;
    const d = featureLayout('prices').step.length;
    const priceWeights = Array.from(loaded.params.control).filter(
      (_, i) => i % d >= from && i % d < from + PRICE_FEATURES.length,
    );
    expect(priceWeights.some((x) => x !== 0)).toBe(true);
    // A policy's weights are as wide as its inputs: neither training continues the other.
    await expect(train(config(), e, {}, half.checkpoint)).rejects.toThrow(/trained across price tables/);
    await expect(train(config(sampled), e, {}, plain.checkpoint)).rejects.toThrow(/without price inputs/);
  }, 180_000);

  it('the cascade bandit trained across tables reads the prices in its contexts', async () => {
    const r = await train(
      config({ ...sampled, policy: 'bandit', profiles: ['medium', 'large'] }),
      await env(),
    );
    expect(r.checkpoint.features).toEqual(featureLayout('prices').task);
    const loaded = loadPolicy(r.checkpoint, hashesToPlay(scaledPrices(profiles, { large: 0.5 })));
    expect(loaded.inputs).toBe('prices');
  }, 120_000);
});

describe('logged features in the layout another policy reads (off-policy evaluation)', () => {
  it('inserts the reference prices for a reader with price inputs, drops them only when they are the reference', () => {
    const preference = Float64Array.from(
      { length: featureLayout('preference').step.length },
      (_, i) => i + 1,
    );
    const wide = inLayout(preference, 'prices', 'step') as Float64Array;
    expect(wide).toHaveLength(featureLayout('prices').step.length);
    expect(Array.from(priceColumns(Array.from(wide)))).toEqual(PRICE_FEATURES.map(() => 0));
    expect(inLayout(wide, 'preference', 'step')).toEqual(preference);
    wide[TASK_FEATURES.length + PREFERENCE_FEATURES.length] = 0.5;
    expect(inLayout(wide, 'preference', 'step')).toBeUndefined();
    // A plan's features of each layout, the preference's and the prices' zeros dropped for the oldest.
    const task = Float64Array.from({ length: TASK_FEATURES.length }, () => 1);
    expect(inLayout(inLayout(task, 'prices', 'task') as Float64Array, 'task', 'task')).toEqual(task);
  });
});

describe('a checkpoint without price inputs', () => {
  const oldParl = JSON.parse(readFileSync('tests/fixtures/policies/parl-before-preference.json', 'utf8'));
  const oldBandit = JSON.parse(readFileSync('tests/fixtures/policies/bandit-before-preference.json', 'utf8'));
  const repriced = scaledPrices(profiles, { small: 1.5 });

  it('loads at the reference prices and plays; a profile priced otherwise is refused in words saying so', async () => {
    for (const json of [oldParl, oldBandit]) {
      const loaded = loadPolicy(json, hashesToPlay(profiles));
      expect(loaded.inputs).toBe('task');
      expect(() => loadPolicy(json, hashesToPlay(repriced))).toThrow(
        /profile "small" is priced otherwise than the reference table .* trained without price inputs .* plays only the prices it was trained at/,
      );
    }
    // A profile changed otherwise than in price is refused as before.
    const changed = { ...profiles, small: { ...(profiles.small as ProfileSpec), contextWindow: 1 } };
    expect(() => loadPolicy(oldParl, hashesToPlay(changed))).toThrow(
      /profile "small" has changed since training/,
    );
  });
});
