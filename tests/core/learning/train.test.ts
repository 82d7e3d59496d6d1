import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../src/adapters/node-sandbox';
import type { MixSpec } from '../../../src/core/learning/mix';
import { defaultTrainConfig, type TrainConfig, train } from '../../../src/core/learning/train';
import { profileHash } from '../../../src/core/scenarios/profiles';
import { simulatedProviderFor } from '../../../src/core/scenarios/registry';
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

  it('trains a bandit, one arm per episode, updated from each reward', async () => {
    const r = await train(config({ policy: 'bandit', profiles: ['medium', 'large'] }), await env());
    if (r.checkpoint.kind !== 'bandit') throw new Error('expected a bandit checkpoint');
    expect(r.checkpoint.arms).toHaveLength(10);
    expect(r.checkpoint.bandit.algorithm).toBe('linucb');
    expect(r.checkpoint.bandit.state.t).toBe(24);
  }, 60_000);
});
