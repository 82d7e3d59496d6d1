import { describe, expect, it } from 'vitest';
import { Adam } from '../../../src/core/learning/adam';
import { banditArms, makeBandit } from '../../../src/core/learning/bandit-policy';
import { banditCheckpoint, loadPolicy, parlCheckpoint } from '../../../src/core/learning/checkpoint';
import { TASK_FEATURES } from '../../../src/core/learning/features';
import { initParams, PLANS, zerosLike } from '../../../src/core/learning/parl';
import { PlanCritic } from '../../../src/core/learning/plan-critic';

const hashes = { small: 'sha256:aa', medium: 'sha256:bb', large: 'sha256:cc' };
const training = { scenario: 'mix', episodes: 10, completedEpisodes: 10, seed: 1 };

function parl() {
  const params = initParams();
  params.width[3] = 0.25;
  params.value[1] = -1.5;
  return JSON.parse(
    JSON.stringify(
      parlCheckpoint(params, {
        hyper: { learningRate: 0.05 },
        training,
        profiles: hashes,
        allowedProfiles: ['medium', 'large'],
      }),
    ),
  );
}

describe('policy checkpoints', () => {
  it("read a file in the learned policies' older words (solo, spawn) as today's (single, swarm)", () => {
    // Files trained before one vocabulary name the feature and the plan options solo and spawn,
    // the arms solo/PROFILE, and an ablation's held plan spawn: the same weights, older names.
    const old = (word: string) => word.replace(/^single/, 'solo').replace(/^swarm/, 'spawn');
    const today = parl();
    const before = structuredClone(today);
    before.features = before.features.map((f: string) => (f === 'single' ? 'solo' : f));
    expect(before.features).toContain('solo');
    before.actions.plan = PLANS.map(old);
    before.training.hold = { plan: 'spawn' };
    const loaded = loadPolicy(before, hashes);
    if (loaded.kind !== 'parl') throw new Error('expected PARL');
    const fresh = loadPolicy(today, hashes);
    if (fresh.kind !== 'parl') throw new Error('expected PARL');
    expect(loaded.params).toEqual(fresh.params);
    expect(loaded.checkpoint.actions.plan).toEqual([...PLANS]);
    expect(loaded.checkpoint.features).toEqual(today.features);
    expect(loaded.checkpoint.training.hold).toEqual({ plan: 'swarm' });

    const arms = banditArms(['large']);
    const bandit = makeBandit('linucb', arms.length, 1);
    const json = JSON.parse(
      JSON.stringify(banditCheckpoint(bandit, arms, { hyper: {}, training, profiles: hashes })),
    );
    json.arms = json.arms.map((a: { width: string }) => ({ ...a, width: old(a.width) }));
    expect(json.arms[0].width).toBe('solo');
    const readBack = loadPolicy(json, hashes);
    if (readBack.kind !== 'bandit') throw new Error('expected a bandit');
    expect(readBack.checkpoint.arms).toEqual(arms);
    // A word that was never one stays refused.
    json.arms[0].width = 'spawn';
    expect(() => loadPolicy(json, hashes)).toThrow(/arm 1 is .*expected a width among single, one/);
  });

  it('round-trip a PARL policy through JSON, weights and all', () => {
    const loaded = loadPolicy(parl(), hashes);
    expect(loaded.kind).toBe('parl');
    if (loaded.kind !== 'parl') return;
    expect(loaded.params.width[3]).toBe(0.25);
    expect(loaded.params.value[1]).toBe(-1.5);
    expect(loaded.params.control).toEqual(initParams().control);
    expect(loaded.checkpoint.allowedProfiles).toEqual(['medium', 'large']);
  });

  it('round-trip a bandit, which then chooses exactly as the original', () => {
    const arms = banditArms(['medium', 'large']);
    const bandit = makeBandit('linucb', arms.length, 1);
    const x = Float64Array.from(TASK_FEATURES, (_, i) => [1, 1, 0, 0, 0.5, 0, 0, 0.2, 0.8, 0.1, 1][i] ?? 0);
    for (let i = 0; i < 30; i++) bandit.update(i % arms.length, x, i % 7 === 0 ? 1 : 0.2);
    const json = JSON.parse(
      JSON.stringify(banditCheckpoint(bandit, arms, { hyper: {}, training, profiles: hashes })),
    );
    const loaded = loadPolicy(json, hashes);
    expect(loaded.kind).toBe('bandit');
    if (loaded.kind !== 'bandit') return;
    expect(loaded.bandit.select(x)).toBe(bandit.select(x));
    expect(loaded.checkpoint.arms).toEqual(arms);
    // Its cascade arms keep their steps, and an arm whose cascade names an unknown step is refused.
    expect(loaded.checkpoint.arms.filter((a) => a.cascade !== undefined)).toHaveLength(arms.length / 2);
    const bad = structuredClone(json);
    bad.arms[arms.length - 1].cascade = ['retry', 'wait'];
    expect(() => loadPolicy(bad, hashes)).toThrow(
      /arm \d+ is .*"cascade":\["retry","wait"\].*cascade steps among retry, escalate, degrade where given/,
    );
  });

  it.each([
    ['a list', [], /expected a JSON object/],
    [
      'a trace header',
      { schema: 'swarmflight.trace/1' },
      /"schema" is "swarmflight.trace\/1".*this is a swarmflight.trace\/1 file/,
    ],
    ['another version', { ...parl(), version: 5 }, /version 5; this build reads version 4/],
    [
      'a version-3 file, trained before a swarm could be cut',
      { ...parl(), version: 3 },
      /version 3; this build reads version 4 \(version 3 was trained before a swarm could be cut: the plan options that run parts as replicas that vote or set the shard size, the vote head.*train it again/,
    ],
    [
      'a version-2 file, trained before the retry head',
      { ...parl(), version: 2 },
      /version 2; this build reads version 4 \(version 2 was trained before the retry head \(retry, escalate or degrade a failed task\).*train it again/,
    ],
    [
      'a version-1 file, trained before the trade-offs',
      { ...parl(), version: 1 },
      /version 1; this build reads version 4 \(version 1 was trained before the runtime had its trade-offs.*train it again/,
    ],
    ['another kind', { ...parl(), kind: 'dqn' }, /"kind" is "dqn"/],
    [
      'other features',
      { ...parl(), features: ['bias', 'kind=wide-search', 'something else'] },
      /features differ .* position 3: "something else" where this build has "kind=deep-search"/,
    ],
    [
      'short weights',
      { ...parl(), weights: { ...parl().weights, width: [1, 2] } },
      /width weights are not \d+ finite numbers/,
    ],
  ])('refuse %s, naming the difference', (_what, json, message) => {
    expect(() => loadPolicy(json, hashes)).toThrow(/^not a usable policy: /);
    expect(() => loadPolicy(json, hashes)).toThrow(message);
  });

  it('refuse a policy trained against a profile that has changed or is gone', () => {
    expect(() => loadPolicy(parl(), { ...hashes, large: 'sha256:dd' })).toThrow(
      'profile "large" has changed since training (trained against sha256:cc, now sha256:dd)',
    );
    const { small: _gone, ...rest } = hashes;
    expect(() => loadPolicy(parl(), rest)).toThrow(
      'trained against profile "small", which is not defined here',
    );
  });

  it('carry Adam’s state when given it, and refuse a malformed one', () => {
    const params = initParams();
    const adam = new Adam(params, 0.05);
    const grad = zerosLike(params);
    grad.width[0] = 1;
    adam.step(params, grad);
    const json = JSON.parse(
      JSON.stringify(
        parlCheckpoint(params, {
          hyper: {},
          training,
          profiles: hashes,
          allowedProfiles: ['small'],
          optimizer: adam.state(),
        }),
      ),
    );
    expect(json.optimizer).toMatchObject({ algorithm: 'adam', t: 1 });
    const loaded = loadPolicy(json, hashes);
    if (loaded.kind !== 'parl') throw new Error('expected PARL');
    expect(loaded.optimizer?.t).toBe(1);
    expect(loaded.optimizer?.m.width[0]).toBeCloseTo(0.1, 12); // (1 − β1) · g
    expect(loadPolicy(parl(), hashes)).not.toHaveProperty('optimizer');
    expect(() => loadPolicy({ ...json, optimizer: { ...json.optimizer, t: -1 } }, hashes)).toThrow(
      "its optimizer's step count is -1, expected a whole number",
    );
    expect(() =>
      loadPolicy(
        { ...json, optimizer: { ...json.optimizer, v: { ...json.optimizer.v, value: [] } } },
        hashes,
      ),
    ).toThrow(/its optimizer v value weights are not \d+ finite numbers/);
  });

  it('carry the plan critic’s sums when given them, and refuse malformed ones', () => {
    const params = initParams();
    const critic = new PlanCritic(PLANS.length, TASK_FEATURES.length, params.plan);
    critic.observe([{ x: new Float64Array(TASK_FEATURES.length).fill(1), option: 1, value: 0.5 }]);
    const json = JSON.parse(
      JSON.stringify(
        parlCheckpoint(params, {
          hyper: {},
          training,
          profiles: hashes,
          allowedProfiles: ['small'],
          planCritic: critic.state,
        }),
      ),
    );
    const loaded = loadPolicy(json, hashes);
    if (loaded.kind !== 'parl') throw new Error('expected PARL');
    expect(loaded.planCritic?.moment).toEqual(critic.state.moment);
    expect(loaded.planCritic?.gram).toEqual(critic.state.gram);
    expect(loadPolicy(parl(), hashes)).not.toHaveProperty('planCritic');
    expect(() =>
      loadPolicy({ ...json, planCritic: { ...json.planCritic, algorithm: 'sgd' } }, hashes),
    ).toThrow('its plan critic is "sgd", expected "discounted-ridge"');
    expect(() => loadPolicy({ ...json, planCritic: { ...json.planCritic, gram: [1, 2] } }, hashes)).toThrow(
      /its plan critic gram weights are not \d+ finite numbers/,
    );
  });
});
