import { describe, expect, it } from 'vitest';
import { orchestrationHost } from '../../src/adapters/orchestration-host';
import type { RemoteOrchestrationEvents } from '../../src/adapters/orchestration-protocol';
import { defaultRolloutWorkers, pageRollouts } from '../../src/adapters/orchestration-rollouts';
import {
  type CurvePoint,
  defaultOrchestrationTrainConfig,
  trainOrchestrator,
  trainOrchestratorWith,
} from '../../src/core/learning/orchestration/train';

function events() {
  const points: CurvePoint[] = [];
  const remote = {
    onPoints: async (p: CurvePoint[]) => {
      points.push(...p);
    },
  } as unknown as RemoteOrchestrationEvents;
  return { points, remote };
}

// Real Web Workers in Chromium: training in the page on 0, 1 and 2 rollout workers.
describe('the page trains the orchestration environment on rollout Web Workers', () => {
  const host = orchestrationHost();

  it('gives the same checkpoint and curves, bit for bit, on 0, 1 and 2 workers that all play', async () => {
    const runs = [];
    for (const rolloutWorkers of [0, 1, 2]) {
      const e = events();
      const result = await host.train(5, 1280, e.remote, { rolloutWorkers });
      runs.push({ ...result, points: e.points });
    }
    const [alone, one, two] = runs;
    expect(alone?.workerEpisodes).toBe(0);
    // With n workers beside the training thread each plays a contiguous n/(n+1) of every batch.
    expect(one?.workerEpisodes).toBe(640);
    expect(two?.workerEpisodes).toBeGreaterThan(800);
    expect(one?.checkpoint).toEqual(alone?.checkpoint);
    expect(two?.checkpoint).toEqual(alone?.checkpoint);
    expect(one?.points).toEqual(alone?.points);
    expect(two?.points).toEqual(alone?.points);
  }, 60_000);

  it('plays a failed worker’s episodes itself, with nothing lost', async () => {
    const config = { ...defaultOrchestrationTrainConfig, seed: 2, episodes: 640 };
    const broken = () =>
      new Worker(URL.createObjectURL(new Blob(['self.onmessage = () => { throw new Error("boom"); };'])));
    const rollouts = pageRollouts(2, config, broken);
    const trained = await trainOrchestratorWith(config, rollouts.play);
    expect(rollouts.workers()).toBe(0);
    expect(rollouts.workerEpisodes()).toBe(0);
    const alone = trainOrchestrator(config);
    expect(Array.from(trained.weights.mode)).toEqual(Array.from(alone.weights.mode));
    expect(trained.curves).toEqual(alone.curves);
    rollouts.close();
  }, 60_000);

  it('refuses a worker count out of range', async () => {
    await expect(host.train(1, 640, events().remote, { rolloutWorkers: 99 })).rejects.toThrow(
      /rollout workers must be a whole number from 0 to 7/,
    );
  });

  it('unless told, plays episodes on one thread fewer than the cores (the page keeps one), at most 7 workers', async () => {
    expect(defaultRolloutWorkers(1)).toBe(0);
    expect(defaultRolloutWorkers(2)).toBe(0);
    expect(defaultRolloutWorkers(3)).toBe(1);
    expect(defaultRolloutWorkers(8)).toBe(6);
    expect(defaultRolloutWorkers(64)).toBe(7);
    expect(defaultRolloutWorkers(Number.NaN)).toBe(0);
    // What this browser reports decides it, and the training it gives is the one-thread training.
    const expected = Math.max(0, Math.min(7, navigator.hardwareConcurrency - 2));
    const untold = await host.train(5, 1280, events().remote);
    expect(untold.rolloutWorkers).toBe(expected);
    const alone = await host.train(5, 1280, events().remote, { rolloutWorkers: 0 });
    expect(untold.checkpoint).toEqual(alone.checkpoint);
  }, 60_000);
});
