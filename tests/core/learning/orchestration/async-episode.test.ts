import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AsyncOrchestrationPolicy,
  asAsync,
  playInstanceAsync,
} from '../../../../src/core/learning/orchestration/async-episode';
import {
  fixedOrchestrator,
  MODES,
  type OrchestrationPolicy,
  parseSetting,
} from '../../../../src/core/learning/orchestration/decisions';
import { playInstance } from '../../../../src/core/learning/orchestration/episode';
import { emptyLog } from '../../../../src/core/learning/orchestration/episode-log';
import { drawInstance } from '../../../../src/core/learning/orchestration/instance';
import {
  HEAD_NAMES,
  HEADS,
  initWeights,
  linearOrchestrator,
  type Weights,
} from '../../../../src/core/learning/orchestration/linear-policy';
import { defaultEnvParams as params } from '../../../../src/core/learning/orchestration/params';
import { keyedRng } from '../../../../src/core/util/rng';

/**
 * Random weights with spawn's bias raised by `spawnBias`: most episodes spawn, so shards,
 * failures and controls are met, and some stay solo.
 */
function randomWeights(seed: number, scale: number, spawnBias: number): Weights {
  const rng = keyedRng(seed, 'weights');
  const w = initWeights(0);
  for (const h of HEAD_NAMES) for (let i = 0; i < w[h].length; i++) w[h][i] = (rng.next() - 0.5) * 2 * scale;
  // Row `spawn` of the mode head, column 0 (the bias feature).
  const spawn = MODES.indexOf('spawn') * HEADS.mode.features.length;
  w.mode[spawn] = (w.mode[spawn] as number) + spawnBias;
  return w;
}

/** `policy`, calling `seen` with each decision's kind before it answers. */
function watched(policy: OrchestrationPolicy, seen: (kind: string) => void): OrchestrationPolicy {
  return {
    name: policy.name,
    plan: (o) => {
      seen('plan');
      return policy.plan(o);
    },
    profile: (v) => {
      seen('profile');
      return policy.profile(v);
    },
    recover: (v) => {
      seen('recover');
      return policy.recover(v);
    },
    control: (v) => {
      seen('control');
      return policy.control(v);
    },
  };
}

describe('playInstanceAsync', () => {
  it('gives the result and log of playInstance with a policy making the same choices (random instances and policies)', async () => {
    // What the cases met, so a property that held only on trivial (solo) episodes would show.
    const met = { spawned: 0, failed: 0, submitted: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.double({ min: 0.1, max: 4, noNaN: true }),
        fc.double({ min: -1, max: 6, noNaN: true }),
        fc.boolean(),
        async (instanceSeed, policySeed, scale, spawnBias, sample) => {
          const instance = drawInstance(params, instanceSeed);
          const weights = randomWeights(policySeed, scale, spawnBias);
          // Sampling policies draw from their own rng in call order: both are asked in the same order.
          const make = () =>
            linearOrchestrator({ weights, ...(sample ? { rng: keyedRng(policySeed, 'sample') } : {}) });
          const syncLog = emptyLog();
          const expected = playInstance(params, instance, make(), syncLog);
          const asyncLog = emptyLog();
          const got = await playInstanceAsync(params, instance, asAsync(make()), asyncLog);
          expect(got).toEqual(expected);
          expect(asyncLog).toEqual(syncLog);
          expect(await playInstanceAsync(params, instance, asAsync(make()))).toEqual(expected);
          if (!expected.solo) met.spawned++;
          if (expected.failedAttempts > 0) met.failed++;
          if (expected.submittedEarly) met.submitted++;
        },
      ),
    );
    expect(met.spawned).toBeGreaterThan(0);
    expect(met.failed).toBeGreaterThan(0);
  });

  it('asks the asynchronous policy each decision once, in the order the episode reaches them', async () => {
    const instance = drawInstance(params, 11);
    const fixed = fixedOrchestrator(parseSetting('spawn/1/1/small/retry'));
    const syncAsked: string[] = [];
    const expected = playInstance(
      params,
      instance,
      watched(fixed, (k) => syncAsked.push(k)),
    );
    const asked: string[] = [];
    const counting = asAsync(watched(fixed, (k) => asked.push(k)));
    expect(await playInstanceAsync(params, instance, counting)).toEqual(expected);
    expect(asked).toEqual(syncAsked);
    // This instance meets every kind of decision, so the order above is worth checking.
    expect(new Set(asked)).toEqual(new Set(['plan', 'profile', 'recover', 'control']));
  });

  it('throws when a replay does not reach the decisions recorded (a non-deterministic episode)', async () => {
    // The policy changes the hidden difficulties between replays: failures come and go, so a
    // replay asks for other decisions than the ones recorded. The seeds are ones where that shows.
    let diverged = 0;
    for (const seed of [3, 5, 8, 13, 21]) {
      const instance = drawInstance(params, seed);
      const fixed = fixedOrchestrator(parseSetting('spawn/1/1/small/retry'));
      let flips = 0;
      const flip = () => instance.difficulty.fill(flips++ % 2 === 0 ? 1 : 0);
      const unstable = asAsync(watched(fixed, flip));
      await playInstanceAsync(params, instance, unstable).then(
        () => undefined,
        (error: Error) => {
          expect(error.message).toMatch(/not deterministic/);
          diverged++;
        },
      );
    }
    expect(diverged).toBeGreaterThan(0);
  });

  it('refuses an answer that is not an option, and stops when aborted', async () => {
    const instance = drawInstance(params, 2);
    const fixed = asAsync(fixedOrchestrator(parseSetting('spawn/2/1/medium/retry')));
    await expect(playInstanceAsync(params, instance, { ...fixed, profile: async () => 3 })).rejects.toThrow(
      /profile answer 3 is not an index of small, medium, large/,
    );
    const controller = new AbortController();
    const aborting: AsyncOrchestrationPolicy = {
      ...fixed,
      plan: async (o) => {
        controller.abort(new Error('stopped by the test'));
        return fixed.plan(o);
      },
    };
    await expect(playInstanceAsync(params, instance, aborting, undefined, controller.signal)).rejects.toThrow(
      'stopped by the test',
    );
  });
});
