import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../src/adapters/node/node-sandbox';
import type { MixSpec } from '../../../src/core/learning/mix';
import { defaultTrainConfig, playEpisode, type TrainConfig, train } from '../../../src/core/learning/train';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { profileHash } from '../../../src/core/scenarios/profiles';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();
const mix: MixSpec = {
  kind: 'mix',
  id: 'tiny',
  components: [
    { scenario: 'wide-search', weight: 1, sizes: [10, 12], maxCriticalSteps: 16, maxTotalSteps: 60 },
    { scenario: 'deep-search', weight: 1, sizes: [2, 3], maxCriticalSteps: 16, maxTotalSteps: 40 },
  ],
  curriculum: [],
};

async function env() {
  const hashes: Record<string, string> = {};
  for (const [name, p] of Object.entries(profiles)) hashes[name] = await profileHash(p);
  return {
    mix,
    specs: {
      'wide-search': loadSpec('wide-search', 'wide-search'),
      'deep-search': loadSpec('deep-search', 'deep-search'),
    },
    profiles,
    profileHashes: hashes,
    provider: simulatedProviderFor(profiles),
    ports: { sandbox: nodeSandbox },
  };
}

const config = (over: Partial<TrainConfig> = {}): TrainConfig => ({
  ...defaultTrainConfig,
  episodes: 24,
  batch: 8,
  window: 8,
  lambdaParallel: { kind: 'linear', from: 0.1, to: 0, over: 24 },
  lambdaFinish: { kind: 'linear', from: 0.3, to: 0, over: 24 },
  ...over,
});

describe('training', () => {
  it('gives the same curve and the same weights for the same seed, and others for another', async () => {
    const e = await env();
    const a = await train(config(), e);
    const b = await train(config(), e);
    expect(b.curves).toEqual(a.curves);
    expect(b.checkpoint).toEqual(a.checkpoint);
    expect(a.curves.map((p) => p.episodes)).toEqual([8, 16, 24]);
    const c = await train(config({ seed: 2 }), e);
    expect(c.curves).not.toEqual(a.curves);
  }, 60_000);

  it('moves the weights, and records λ as scheduled', async () => {
    const r = await train(config(), await env());
    if (r.checkpoint.kind !== 'parl') throw new Error('expected a PARL checkpoint');
    expect(r.checkpoint.weights.width.some((w) => w !== 0)).toBe(true);
    // The first window averages episodes 0…7 of a linear 0.3 → 0 over 24: 0.3 · (1 − 3.5 / 24).
    expect(r.curves[0]?.lambdaFinish).toBeCloseTo(0.3 * (1 - 3.5 / 24), 10);
    expect(r.curves.at(-1)?.lambdaParallel).toBeLessThan(r.curves[0]?.lambdaParallel as number);
  }, 60_000);

  it('stopped part-way, keeps a checkpoint of the episodes it did', async () => {
    const controller = new AbortController();
    const saved: number[] = [];
    const r = await train(config(), await env(), {
      signal: controller.signal,
      onEpisode: (_s, done) => {
        if (done === 10) controller.abort();
      },
      onCheckpoint: (c) => saved.push(c.training.completedEpisodes),
    });
    expect(r.stopped).toBe(true);
    expect(r.completedEpisodes).toBe(10);
    expect(r.checkpoint.training.completedEpisodes).toBe(10);
    expect(saved).toEqual([8, 10]);
  }, 60_000);

  it('with groups, plays each instance several times under other draws, and learns from the differences', async () => {
    const e = await env();
    const seen: { scenario: string; quality: number }[] = [];
    const grouped = await train(config({ group: 4 }), e, {
      onEpisode: (stats) => seen.push({ scenario: stats.scenario, quality: stats.quality }),
    });
    // Episodes 0–3 share an instance, 4–7 the next, …
    for (let g = 0; g < seen.length; g += 4) {
      expect(new Set(seen.slice(g, g + 4).map((s) => s.scenario)).size).toBe(1);
    }
    expect(grouped.checkpoint.hyper).toMatchObject({ group: 4, algorithm: 'reinforce-leave-one-out' });
    const plain = await train(config({ group: 1 }), e);
    expect(grouped.checkpoint).not.toEqual(plain.checkpoint);
    // Deterministic as ever.
    expect((await train(config({ group: 4 }), e)).checkpoint).toEqual(grouped.checkpoint);
  });

  it('with the plan head learned by regression, a group plays one plan and the head is refitted to the returns', async () => {
    const e = await env();
    /** Each episode's plan option, by episode, as the rollouts played them. */
    const plans = async (c: TrainConfig) => {
      const seen = new Map<number, number>();
      const r = await train(c, e, {
        rollouts: async (episodes, params) => {
          const out = [];
          for (const k of episodes) {
            const o = await playEpisode(c, e, k, { params });
            const plan = o.decisions.find((d) => d.head === 'plan');
            if (plan?.head === 'plan') seen.set(k, plan.choice);
            out.push(o);
          }
          return out;
        },
      });
      return { seen, checkpoint: r.checkpoint };
    };
    const c = config({ group: 4, episodes: 48 });
    const regression = await plans(c);
    expect(regression.seen.size).toBe(48);
    for (let g = 0; g < 48; g += 4) {
      const group = [0, 1, 2, 3].map((i) => regression.seen.get(g + i));
      expect(new Set(group).size).toBe(1);
    }
    // Groups still differ: the plan is drawn per group, not fixed.
    expect(new Set(regression.seen.values()).size).toBeGreaterThan(1);
    if (regression.checkpoint.kind !== 'parl') throw new Error('expected a PARL checkpoint');
    expect(regression.checkpoint.planCritic?.algorithm).toBe('discounted-ridge');
    expect(regression.checkpoint.hyper).toMatchObject({ planHead: { algorithm: 'discounted-ridge' } });
    // The control arm: each episode draws its own plan, so some group mixes plans.
    const gradient = await plans({ ...c, planHead: 'gradient' });
    const mixed = [...Array(12).keys()].some(
      (g) => new Set([0, 1, 2, 3].map((i) => gradient.seen.get(g * 4 + i))).size > 1,
    );
    expect(mixed).toBe(true);
    if (gradient.checkpoint.kind !== 'parl') throw new Error('expected a PARL checkpoint');
    expect(gradient.checkpoint.planCritic).toBeUndefined();
    expect(gradient.checkpoint.weights.plan).not.toEqual(regression.checkpoint.weights.plan);
  }, 120_000);

  it('trains a bandit, one arm per episode, updated from each reward', async () => {
    const r = await train(config({ policy: 'bandit', profiles: ['medium', 'large'] }), await env());
    if (r.checkpoint.kind !== 'bandit') throw new Error('expected a bandit checkpoint');
    // Solo and five widths on each of the two profiles, and the three cuts on each; then each of
    // those with the deadline-aware cascade.
    expect(r.checkpoint.arms).toHaveLength(36);
    expect(r.checkpoint.arms.filter((a) => a.cascade !== undefined)).toHaveLength(18);
    expect(r.checkpoint.bandit.algorithm).toBe('linucb');
    expect(r.checkpoint.bandit.state.t).toBe(24);
  }, 60_000);
});

describe('resuming training from a checkpoint', () => {
  /** Trains `c`, aborting as soon as the checkpoint (or episode) at `k` has been handed out. */
  async function stopAt(c: TrainConfig, k: number, on: 'checkpoint' | 'episode' = 'checkpoint') {
    const controller = new AbortController();
    return train(c, await env(), {
      signal: controller.signal,
      ...(on === 'checkpoint'
        ? { onCheckpoint: (ck) => ck.training.completedEpisodes === k && controller.abort() }
        : { onEpisode: (_s, done) => done === k && controller.abort() }),
    });
  }

  it('PARL stopped at a batch and window boundary resumes to exactly the uninterrupted run', async () => {
    const e = await env();
    const whole = await train(config(), e);
    const first = await stopAt(config(), 16);
    expect(first.completedEpisodes).toBe(16);
    if (first.checkpoint.kind !== 'parl') throw new Error('expected a PARL checkpoint');
    expect(first.checkpoint.optimizer?.t).toBe(2); // two batches of 8
    const episodes: number[] = [];
    const rest = await train(config(), e, { onEpisode: (_s, done) => episodes.push(done) }, first.checkpoint);
    expect(episodes).toEqual([17, 18, 19, 20, 21, 22, 23, 24]);
    expect(rest.stopped).toBe(false);
    expect(rest.completedEpisodes).toBe(24);
    expect(rest.curves.map((p) => p.episodes)).toEqual([24]);
    expect([...first.curves, ...rest.curves]).toEqual(whole.curves);
    expect(rest.checkpoint).toEqual(whole.checkpoint);
  }, 60_000);

  it('PARL stopped mid-batch continues from there, its curve points where the whole run has them', async () => {
    const e = await env();
    const first = await stopAt(config(), 10, 'episode');
    expect(first.curves.map((p) => p.episodes)).toEqual([8, 10]);
    const rest = await train(config(), e, {}, first.checkpoint);
    expect(rest.completedEpisodes).toBe(24);
    expect(rest.checkpoint.training.completedEpisodes).toBe(24);
    // The window of episode 16 holds only the six played after the resume.
    expect(rest.curves.map((p) => [p.episodes, p.episode])).toEqual([
      [16, 15],
      [24, 23],
    ]);
    if (rest.checkpoint.kind !== 'parl' || first.checkpoint.kind !== 'parl') throw new Error('expected PARL');
    expect(rest.checkpoint.weights.width).not.toEqual(first.checkpoint.weights.width);
  }, 60_000);

  it('a PARL checkpoint without the optimizer state (an older file) still resumes', async () => {
    const first = await stopAt(config(), 8);
    if (first.checkpoint.kind !== 'parl') throw new Error('expected a PARL checkpoint');
    const { optimizer: _dropped, ...older } = first.checkpoint;
    const rest = await train(config(), await env(), {}, older);
    expect(rest.completedEpisodes).toBe(24);
    if (rest.checkpoint.kind !== 'parl') throw new Error('expected a PARL checkpoint');
    expect(rest.checkpoint.optimizer?.t).toBe(2); // a fresh Adam, two updates after the resume
  }, 60_000);

  it('a bandit resumed at any episode restores its statistics and ends as the uninterrupted run', async () => {
    const c = config({ policy: 'bandit', bandit: 'thompson', profiles: ['medium', 'large'] });
    const e = await env();
    const whole = await train(c, e);
    const first = await stopAt(c, 11, 'episode');
    if (first.checkpoint.kind !== 'bandit') throw new Error('expected a bandit checkpoint');
    expect(first.checkpoint.bandit.state.t).toBe(11);
    const rest = await train(c, e, {}, first.checkpoint);
    expect(rest.completedEpisodes).toBe(24);
    expect(rest.curves.map((p) => p.episodes)).toEqual([16, 24]);
    expect(rest.curves.at(-1)).toEqual(whole.curves.at(-1));
    expect(rest.checkpoint).toEqual(whole.checkpoint);
  }, 60_000);

  it('a checkpoint already at the end trains nothing more', async () => {
    const e = await env();
    const whole = await train(config({ episodes: 8 }), e);
    const again = await train(config({ episodes: 8 }), e, {}, whole.checkpoint);
    expect(again.completedEpisodes).toBe(8);
    expect(again.curves).toEqual([]);
    expect(again.checkpoint).toEqual(whole.checkpoint);
  }, 60_000);

  it('refuses a checkpoint of the other kind, another bandit, other arms, or too many episodes', async () => {
    const e = await env();
    const parl = (await train(config({ episodes: 8 }), e)).checkpoint;
    const bandit = (await train(config({ episodes: 8, policy: 'bandit' }), e)).checkpoint;
    await expect(train(config(), e, {}, bandit)).rejects.toThrow(
      'cannot resume parl training: the checkpoint is a bandit policy; resume from a parl checkpoint',
    );
    await expect(train(config({ policy: 'bandit' }), e, {}, parl)).rejects.toThrow(
      'cannot resume bandit training: the checkpoint is a parl policy; resume from a bandit checkpoint',
    );
    await expect(train(config({ planHead: 'gradient' }), e, {}, parl)).rejects.toThrow(
      'cannot resume parl training: its plan head was learned by regression, this run learns it by gradient: resume with --plan-head regression',
    );
    const { planCritic: _dropped, ...withoutSums } = parl as Extract<typeof parl, { kind: 'parl' }>;
    await expect(train(config(), e, {}, withoutSums)).rejects.toThrow(
      'its plan head was learned by regression, but it holds no planCritic sums to continue from',
    );
    await expect(train(config({ policy: 'bandit', bandit: 'thompson' }), e, {}, bandit)).rejects.toThrow(
      "the checkpoint's bandit is linucb, this run trains linear-thompson",
    );
    await expect(train(config({ policy: 'bandit', profiles: ['large'] }), e, {}, bandit)).rejects.toThrow(
      /the checkpoint's arms \(single\/small, .*\) are not this run's \(single\/large, /,
    );
    // The same profiles without the cascade arms are other arms too.
    await expect(train(config({ policy: 'bandit', arms: 'no-cascade' }), e, {}, bandit)).rejects.toThrow(
      /the checkpoint's arms \(.*all\/large\/cascade\/shard12\) are not this run's \(.*all\/large\/shard12\): allow the profiles and the --arms it was trained with/,
    );
    await expect(train(config({ episodes: 4 }), e, {}, parl)).rejects.toThrow(
      'it has 8 episodes done, more than the 4 to train',
    );
    await expect(
      train(config(), { ...e, profileHashes: { ...e.profileHashes, large: 'sha256:00' } }, {}, parl),
    ).rejects.toThrow(/not a usable policy: profile "large" has changed/);
  }, 60_000);
});
