/**
 * The cost and time preference (issue 59 item 3) in the core: it scales the reward's μ and η and
 * nothing else, the default is the run asked for nothing, a policy with preference inputs reads
 * it and one without does not, a checkpoint written before preference inputs still loads (and is
 * refused a preference), and training across sampled preferences is keyed by the seed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../src/adapters/node/node-sandbox';
import { loadPolicy } from '../../../src/core/learning/checkpoint';
import {
  FEATURES,
  featureLayout,
  inLayout,
  PREFERENCE_FEATURES,
  TASK_FEATURES,
  taskWidth,
} from '../../../src/core/learning/features';
import type { MixSpec } from '../../../src/core/learning/mix';
import { initParams, PLANS, parlPolicy } from '../../../src/core/learning/parl';
import { parsePreferenceSampling, preferenceAt } from '../../../src/core/learning/preference-sampling';
import { preferenceRefusal, resolvePolicy } from '../../../src/core/learning/resolve-policy';
import { defaultTrainConfig, type TrainConfig, train } from '../../../src/core/learning/train';
import { policyByName } from '../../../src/core/policy/registry';
import { type Policy, planChooser } from '../../../src/core/policy/types';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { profileHash, profileHashes } from '../../../src/core/scenarios/profiles';
import { withoutWallClock } from '../../../src/core/trace/jsonl';
import type { Preference } from '../../../src/core/trace/preference';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();
const wide = loadSpec('wide-search', 'wide-search');

async function run(policy: Policy, preference?: Preference) {
  const prepared = prepareRun({
    scenario: { type: 'task', spec: { ...wide, budgets: { ...wide.budgets, maxCriticalSteps: 30 } } },
    seed: 3,
    size: 12,
    plan: planChooser(policy),
    profiles,
    ...(preference ? { overrides: { preference } } : {}),
  });
  const result = await runPrepared(prepared, {
    policy,
    provider: simulatedProviderFor(profiles),
    keepEvents: true,
  });
  return { prepared, result };
}

const oldParl = JSON.parse(readFileSync('tests/fixtures/policies/parl-before-preference.json', 'utf8'));
const oldBandit = JSON.parse(readFileSync('tests/fixtures/policies/bandit-before-preference.json', 'utf8'));

describe('the preference in a run', () => {
  it('at its default is the run asked for nothing: the same config, the same trace', async () => {
    const heuristic = policyByName('heuristic');
    const none = await run(heuristic);
    const asked = await run(heuristic, { cost: 1, time: 1 });
    expect(asked.prepared.config).toEqual(none.prepared.config);
    expect(JSON.stringify(asked.result.header)).toBe(JSON.stringify(none.result.header));
    expect(withoutWallClock(asked.result.events)).toEqual(withoutWallClock(none.result.events));
    expect(none.result.header.preference).toBeUndefined();
  });

  it('scales μ and η, and the reward charges exactly the scaled weights; the run itself is the same', async () => {
    const heuristic = policyByName('heuristic');
    const base = await run(heuristic);
    const p = await run(heuristic, { cost: 3, time: 0.5 });
    const w = base.prepared.config.reward;
    expect(w.costWeight).toBeGreaterThan(0);
    expect(w.stepsWeight).toBeGreaterThan(0);
    expect(p.prepared.config.reward).toEqual({
      ...w,
      costWeight: 3 * w.costWeight,
      stepsWeight: 0.5 * (w.stepsWeight as number),
    });
    expect(p.result.header.preference).toEqual({ cost: 3, time: 0.5 });
    const m = p.result.metrics;
    const b = base.result.metrics;
    // The heuristic does not read the preference: the same work, scored under other weights.
    expect(m.criticalSteps).toBe(b.criticalSteps);
    expect(m.cost).toBe(b.cost);
    expect(b.episodeSuccess).toBe(1);
    const charged = (cost: number, time: number) =>
      b.quality -
      cost * w.costWeight * b.normalizedCost -
      (time * (w.stepsWeight as number) * b.criticalSteps) / 30;
    expect(b.reward).toBeCloseTo(charged(1, 1), 12);
    expect(m.reward).toBeCloseTo(charged(3, 0.5), 12);
    expect(m.reward).not.toBeCloseTo(b.reward, 6);
  });
});

describe('a policy with preference inputs', () => {
  // Single unless cost is charged more than the default; a policy without inputs cannot tell.
  const params = initParams('preference');
  const single = PLANS.indexOf('single');
  params.plan[single * taskWidth('preference') + TASK_FEATURES.length] = -10; // on (cost-1)/2
  const reading = () => parlPolicy({ params, mode: 'greedy', name: 'parl:reads' });

  it('reads the preference; one without preference inputs plays alike whatever it is', async () => {
    expect((await run(reading())).result.plan.mode).toBe('single');
    expect((await run(reading(), { cost: 1, time: 3 })).result.plan.mode).toBe('single');
    expect((await run(reading(), { cost: 3, time: 1 })).result.plan.mode).toBe('swarm');
    const blind = () => parlPolicy({ params: initParams('task'), mode: 'greedy', name: 'parl:blind' });
    expect(blind().preferenceInputs).toBe(false);
    expect(reading().preferenceInputs).toBe(true);
    expect((await run(blind(), { cost: 3, time: 1 })).result.plan.mode).toBe('single');
  });

  it('logs the preference features it read in the trace, and refuses nothing', async () => {
    const { result } = await run(parlPolicy({ params, mode: 'greedy', log: true, name: 'parl:reads' }), {
      cost: 3,
      time: 0,
    });
    const features = result.header.planDecision?.features as number[];
    expect(features).toHaveLength(taskWidth('preference'));
    expect(features.slice(TASK_FEATURES.length, TASK_FEATURES.length + 2)).toEqual([1, -0.5]);
    expect(preferenceRefusal(reading(), { cost: 3, time: 0 })).toBeUndefined();
  });
});

describe('logged features in the layout another policy reads (off-policy evaluation)', () => {
  it('inserts the default preference for a reader with inputs, drops it only when it is the default', () => {
    const old = Float64Array.from({ length: FEATURES.length }, (_, i) => i + 1);
    const wide = inLayout(old, 'preference', 'step') as Float64Array;
    expect(wide).toHaveLength(FEATURES.length + PREFERENCE_FEATURES.length);
    expect(Array.from(wide.subarray(TASK_FEATURES.length, taskWidth('preference')))).toEqual(
      PREFERENCE_FEATURES.map(() => 0),
    );
    expect(inLayout(wide, 'task', 'step')).toEqual(old);
    expect(inLayout(old, 'task', 'step')).toBe(old);
    wide[TASK_FEATURES.length] = 0.5;
    expect(inLayout(wide, 'task', 'step')).toBeUndefined();
    const task = Float64Array.from({ length: TASK_FEATURES.length }, () => 1);
    expect(inLayout(inLayout(task, 'preference', 'task') as Float64Array, 'task', 'task')).toEqual(task);
  });
});

describe('a checkpoint written before preference inputs', () => {
  const source = (json: unknown) => ({
    load: () => json,
    hashes: () => profileHashes(profiles),
    messages: {
      unknownBuiltIn: (n: string) => n,
      unknownKind: (n: string) => n,
      missing: (r: string) => r,
      unloadable: (r: string, why: string) => `${r}: ${why}`,
      wrongKind: (r: string) => r,
    },
  });

  it('loads, PARL and bandit, and says it has no preference inputs', async () => {
    const hashes = await profileHashes(profiles);
    for (const json of [oldParl, oldBandit]) {
      expect(json.features).not.toContain(PREFERENCE_FEATURES[0]);
      expect(loadPolicy(json, hashes).preference).toBe(false);
    }
  });

  it('plays at the default preference and is refused any other, naming what is wrong and what is accepted', async () => {
    for (const [kind, json] of [
      ['parl', oldParl],
      ['bandit', oldBandit],
    ] as const) {
      const policy = await resolvePolicy(`${kind}:old`, source(json));
      expect(policy.preferenceInputs).toBe(false);
      expect(preferenceRefusal(policy, undefined)).toBeUndefined();
      expect(preferenceRefusal(policy, { cost: 1, time: 1 })).toBeUndefined();
      const refused = preferenceRefusal(policy, { cost: 2, time: 1 });
      expect(refused).toContain(`policy "${kind}:old" was trained without preference inputs`);
      expect(refused).toContain('plays only the default {cost: 1, time: 1}');
      expect((await run(policy)).result.metrics.criticalSteps).toBeGreaterThan(0);
    }
  });
});

describe('training across preferences', () => {
  const mix: MixSpec = {
    kind: 'mix',
    id: 'tiny',
    components: [
      { scenario: 'wide-search', weight: 1, sizes: [10, 12], maxCriticalSteps: 16, maxTotalSteps: 60 },
      { scenario: 'deep-search', weight: 1, sizes: [2, 3], maxCriticalSteps: 16, maxTotalSteps: 40 },
    ],
    curriculum: [],
  };
  const env = async () => {
    const hashes: Record<string, string> = {};
    for (const [name, p] of Object.entries(profiles)) hashes[name] = await profileHash(p);
    return {
      mix,
      specs: { 'wide-search': wide, 'deep-search': loadSpec('deep-search', 'deep-search') },
      profiles,
      profileHashes: hashes,
      provider: simulatedProviderFor(profiles),
      ports: { sandbox: nodeSandbox },
    };
  };
  const config = (over: Partial<TrainConfig> = {}): TrainConfig => ({
    ...defaultTrainConfig,
    episodes: 16,
    batch: 8,
    window: 8,
    lambdaParallel: { kind: 'constant', value: 0 },
    lambdaFinish: { kind: 'constant', value: 0 },
    ...over,
  });

  it('draws one preference per group from a stream keyed by the seed, from the grid it was given', () => {
    const grid = { kind: 'grid', values: [0, 1, 3] } as const;
    const draws = Array.from({ length: 40 }, (_, g) => preferenceAt(grid, 5, g));
    expect(draws).toEqual(Array.from({ length: 40 }, (_, g) => preferenceAt(grid, 5, g)));
    expect(draws).not.toEqual(Array.from({ length: 40 }, (_, g) => preferenceAt(grid, 6, g)));
    for (const d of draws) {
      expect([0, 1, 3]).toContain(d?.cost);
      expect([0, 1, 3]).toContain(d?.time);
    }
    expect(new Set(draws.map((d) => `${d?.cost},${d?.time}`)).size).toBeGreaterThan(4);
    expect(preferenceAt(undefined, 5, 0)).toBeUndefined();
    const uniform = preferenceAt({ kind: 'uniform' }, 5, 0) as Preference;
    expect(uniform.cost).toBeGreaterThanOrEqual(0);
    expect(uniform.cost).toBeLessThanOrEqual(3);
  });

  it('refuses a bad sampling naming what is accepted', () => {
    for (const bad of ['grid:0,9', 'grid:0,x', 'grid:1,1', 'often', '1,2,3', '-1,1']) {
      const read = parsePreferenceSampling(bad);
      expect(read.ok, bad).toBe(false);
      if (!read.ok) expect(read.message).toMatch(/--preferences/);
    }
    expect(parsePreferenceSampling('grid:0,1.5,3')).toEqual({
      ok: true,
      sampling: { kind: 'grid', values: [0, 1.5, 3] },
    });
    expect(parsePreferenceSampling('2,0.5')).toEqual({
      ok: true,
      sampling: { kind: 'fixed', preference: { cost: 2, time: 0.5 } },
    });
  });

  it('writes checkpoints with preference inputs; at the default they stay untouched, sampled they learn', async () => {
    const e = await env();
    const plain = await train(config(), e);
    expect(plain.checkpoint.features).toEqual(expect.arrayContaining([...PREFERENCE_FEATURES]));
    const hashes = await profileHashes(profiles);
    expect(loadPolicy(plain.checkpoint, hashes).preference).toBe(true);
    // At the default the preference features read 0: their weights get no gradient, so a
    // training that samples no preference learns what it learned before them.
    const loaded = loadPolicy(plain.checkpoint, hashes);
    if (loaded.kind !== 'parl') throw new Error('not parl');
    const d = featureLayout('preference').step.length;
    const prefCols = (w: Float64Array, width: number) =>
      Array.from(w).filter((_, i) => {
        const j = i % width;
        return j >= TASK_FEATURES.length && j < taskWidth('preference');
      });
    expect(prefCols(loaded.params.control, d).every((x) => x === 0)).toBe(true);
    const sampled = await train(config({ preferences: { kind: 'grid', values: [0, 3] } }), e);
    const again = await train(config({ preferences: { kind: 'grid', values: [0, 3] } }), e);
    expect(JSON.stringify(again.checkpoint)).toBe(JSON.stringify(sampled.checkpoint));
    const s = loadPolicy(sampled.checkpoint, hashes);
    if (s.kind !== 'parl') throw new Error('not parl');
    expect(prefCols(s.params.control, d).some((x) => x !== 0)).toBe(true);
  }, 120_000);

  it('refuses to resume from a checkpoint without preference inputs', async () => {
    await expect(train(config(), await env(), {}, oldParl)).rejects.toThrow(
      /trained before preference inputs/,
    );
  });
});
