import { describe, expect, it } from 'vitest';
import { orchestrationHost } from '../../src/adapters/orchestration-host';
import type { RemoteOrchestrationEvents } from '../../src/adapters/orchestration-protocol';
import { fromCheckpoint } from '../../src/core/learning/orchestration/checkpoint';
import type { CurvePoint } from '../../src/core/learning/orchestration/train';

// The page's proxy, as the worker holds it: each call returns a promise.
function events() {
  const points: CurvePoint[] = [];
  const progress: number[] = [];
  const remote = {
    onPoints: async (p: CurvePoint[], done: number) => {
      points.push(...p);
      progress.push(done);
    },
  } as unknown as RemoteOrchestrationEvents;
  return { points, progress, remote };
}

describe('the orchestration worker host', () => {
  const host = orchestrationHost();

  it('trains with every curve point sent in order, and returns a checkpoint that loads', async () => {
    const e = events();
    const result = await host.train(3, 640, e.remote);
    expect(e.points.map((p) => p.episode)).toEqual(Array.from({ length: 10 }, (_, i) => 64 * (i + 1)));
    expect(e.progress.at(-1)).toBe(640);
    expect(() => fromCheckpoint(result.checkpoint)).not.toThrow();
    // Same seed, same weights: training in the page is as deterministic as in the CLI.
    const again = await host.train(3, 640, events().remote);
    expect(again.checkpoint).toEqual(result.checkpoint);
  });

  it('refuses a bad seed or episode count with a message', async () => {
    await expect(host.train(-1, 640, events().remote)).rejects.toThrow(/seed/);
    await expect(host.train(1, 10, events().remote)).rejects.toThrow(/episodes must be/);
  });

  it('ranks baselines and stored policies on test, pairs them with the best fixed setting, and names a bad checkpoint', async () => {
    const trained = await host.train(1, 6400, events().remote);
    const board = await host.leaderboard([{ name: 'mine', checkpoint: trained.checkpoint }]);
    expect(board.instances).toBe(300);
    expect(board.rows.map((r) => r.name)).toContain('mine');
    for (let i = 1; i < board.rows.length; i++)
      expect(board.rows[i - 1]?.reward).toBeGreaterThanOrEqual(board.rows[i]?.reward as number);
    const best = board.rows.find((r) => r.name.startsWith('best-fixed'));
    expect(best?.vsBestFixed).toBeNull();
    const mine = board.rows.find((r) => r.name === 'mine');
    expect(mine?.vsBestFixed?.low).toBeLessThanOrEqual(mine?.vsBestFixed?.mean as number);
    expect(board.paretoSvg).toContain('<svg');
    await expect(
      host.leaderboard([{ name: 'old', checkpoint: { kind: 'parl', width: [] } }]),
    ).rejects.toThrow(/policy "old" cannot be read: .*scenario mix/);
  });

  it('plays one test instance as a trace, for a baseline or a stored policy', async () => {
    const a = await host.trace('per-kind', 0);
    expect(a.header.policy).toBe('per-kind');
    expect(a.events.at(-1)?.type).toBe('run.finished');
    await expect(host.trace('per-kind', 300)).rejects.toThrow(/no test instance 301/);
    await expect(host.trace('parl', 0)).rejects.toThrow(/not a baseline/);
  });
});
