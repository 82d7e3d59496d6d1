import { afterEach, describe, expect, it } from 'vitest';
import { orchestrationRollouts, type RolloutThreads } from '../../src/cli/orchestration-rollouts';
import type { Weights } from '../../src/core/learning/orchestration/linear-policy';
import {
  defaultOrchestrationTrainConfig,
  trainOrchestrator,
} from '../../src/core/learning/orchestration/train';
import { runCli } from '../support/cli';

const config = { ...defaultOrchestrationTrainConfig, seed: 7, episodes: 6_000 };
let pool: RolloutThreads | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** Every weight, bit for bit (Object.is tells 0 from −0 and compares NaN to itself). */
function sameBits(a: Weights, b: Weights): string[] {
  const diffs: string[] = [];
  for (const k of Object.keys(a) as (keyof Weights)[])
    a[k].forEach((x, j) => {
      if (!Object.is(x, b[k][j])) diffs.push(`${k}[${j}]: ${x} vs ${b[k][j]}`);
    });
  return diffs;
}

describe('swarm orchestration train --rollout-workers', () => {
  it.each([2, 3])(
    'gives the weights and curves of one thread, bit for bit, with %i threads that all play',
    async (n) => {
      const alone = trainOrchestrator(config);
      pool = await orchestrationRollouts(n, config);
      // Once the workers have loaded they take chunks from the first batch on, so the sharing is real.
      await pool.ready;
      const shared = await pool.train();
      const played = pool.workerChunks();
      expect(played).toBeGreaterThan(config.episodes / (4 * n));
      expect(played).toBeLessThan(config.episodes);
      expect(sameBits(shared.weights, alone.weights)).toEqual([]);
      expect(shared.curves).toEqual(alone.curves);
    },
    60_000,
  );

  it('gives the weights and curves of trainOrchestrator on one thread of the bundled code', async () => {
    pool = await orchestrationRollouts(1, config);
    const one = await pool.train();
    expect(pool.workerChunks()).toBe(0);
    const alone = trainOrchestrator(config);
    expect(sameBits(one.weights, alone.weights)).toEqual([]);
    expect(one.curves).toEqual(alone.curves);
  }, 60_000);

  it('gives the same bits when every late chunk is played twice', async () => {
    const alone = trainOrchestrator(config);
    // Stealing at once: whenever a thread runs out of chunks it plays the first missing one too,
    // so both copies of a chunk race and the batch is stepped by whichever thread is first.
    pool = await orchestrationRollouts(2, config, { stealAfterMs: 0 });
    await pool.ready;
    const shared = await pool.train();
    expect(pool.stolenChunks()).toBeGreaterThan(10);
    // Both really played (how much each is up to the race).
    expect(pool.workerChunks()).toBeGreaterThan(0);
    expect(sameBits(shared.weights, alone.weights)).toEqual([]);
    expect(shared.curves).toEqual(alone.curves);
  }, 60_000);

  it('fails, not hangs, when the threads cannot play', async () => {
    // Every thread throws on its first chunk: the training must reject and the pool still close.
    pool = await orchestrationRollouts(2, { ...config, params: null as never });
    await pool.ready;
    await expect(pool.train()).rejects.toThrow();
  }, 30_000);

  it('stops with the worker’s own error when only a worker fails', async () => {
    // This thread is healthy and would go on playing every chunk itself: it must see the failure,
    // stop, and say what the worker said.
    pool = await orchestrationRollouts(3, config, { workerFault: true });
    await pool.ready;
    await expect(pool.train()).rejects.toThrow(/^a rollout worker failed: .*(null|undefined)/);
  }, 30_000);

  it('refuses a worker count out of range with exit 2, writing nothing', async () => {
    for (const bad of ['0', '17', 'two']) {
      const r = await runCli([
        'orchestration',
        'train',
        '--episodes',
        '64',
        '--rollout-workers',
        bad,
        '--out',
        '/nonexistent/x.json',
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--rollout-workers must be a whole number from 1 to 16');
    }
  });
});
