import { describe, expect, it } from 'vitest';
import { startTraining } from '../../src/adapters/browser/train-client';
import { loadPolicy, type PolicyCheckpoint } from '../../src/core/learning/checkpoint';
import { config, hashes, mix, request } from './support/train-request';

// Real module Workers in real Chromium: workers/train.worker.ts served by Vite, coding episodes in
// the page's sandbox frame. The files come in as JSON imports and go through the same parsers as
// the CLI's (./support/train-request.ts). PARL plays its batches on the page's rollout workers
// unless `rolloutWorkers: 0` (train-rollout-workers.test.ts tests those).

/** A module Worker on the real entry file, remembered so the test can see it terminated. */
function trackedWorker() {
  const made: { terminated: boolean }[] = [];
  const createWorker = () => {
    const worker = new Worker(new URL('../../workers/train.worker.ts', import.meta.url), { type: 'module' });
    const seen = { terminated: false };
    const terminate = worker.terminate.bind(worker);
    worker.terminate = () => {
      seen.terminated = true;
      terminate();
    };
    made.push(seen);
    return worker;
  };
  return { made, createWorker };
}

describe('training in a Web Worker', () => {
  it('trains PARL on the mix, reports progress and curves, ends with a loadable checkpoint', async () => {
    const progress: number[] = [];
    const curves: number[] = [];
    let last: PolicyCheckpoint | undefined;
    const { made, createWorker } = trackedWorker();
    const handle = startTraining(
      request(12),
      {
        onProgress: (done, total) => {
          expect(total).toBe(12);
          progress.push(done);
        },
        onCurve: (point) => curves.push(point.episodes),
        onCheckpoint: (c) => {
          last = c;
        },
      },
      { createWorker },
    );
    const summary = await handle.done;
    expect(summary).toMatchObject({ episodes: 12, completedEpisodes: 12, stopped: false });
    expect(progress.at(-1)).toBe(12);
    expect(curves).toEqual([4, 8, 12]);
    expect(last).toEqual(summary.checkpoint);
    const loaded = loadPolicy(JSON.parse(JSON.stringify(last)), await hashes());
    expect(loaded.kind).toBe('parl');
    expect(made).toEqual([{ terminated: true }]);
  }, 120_000);

  it('stops with the last checkpoint kept, then resumes from it to the end', async () => {
    const total = 16;
    const first = trackedWorker();
    let handle: ReturnType<typeof startTraining> | undefined;
    let stopping: Promise<void> | undefined;
    handle = startTraining(
      request(total),
      {
        onCheckpoint: (c) => {
          if (c.training.completedEpisodes >= 4) stopping ??= handle?.stop();
        },
      },
      first,
    );
    const stopped = await handle.done;
    await stopping;
    expect(stopped.stopped).toBe(true);
    const k = stopped.completedEpisodes;
    expect(k).toBeGreaterThanOrEqual(4);
    expect(k).toBeLessThan(total);
    expect(stopped.checkpoint.training.completedEpisodes).toBe(k);
    expect(first.made).toEqual([{ terminated: true }]);

    const progress: number[] = [];
    const resumed = await startTraining(request(total, stopped.checkpoint), {
      onProgress: (done) => progress.push(done),
    }).done;
    expect(resumed).toMatchObject({ completedEpisodes: total, stopped: false });
    expect(progress[0]).toBeGreaterThan(k);
    expect(progress.at(-1)).toBe(total);
    expect(resumed.curves.every((p) => p.episodes > k)).toBe(true);
    expect(loadPolicy(resumed.checkpoint, await hashes()).checkpoint.training.completedEpisodes).toBe(total);
  }, 120_000);

  it("runs coding episodes in the page's sandbox frame, through the portal the training worker is given", async () => {
    const coding = mix.components.find((c) => c.scenario === 'mixed-coding');
    if (!coding) throw new Error('mix.json has no mixed-coding component');
    const onlyCoding = { ...mix, id: 'coding', components: [coding], curriculum: [] };
    const scenarios: string[] = [];
    const quality: number[] = [];
    // Two groups of four: two instances. One instance's plays can all fail by chance (a group
    // plays one plan), so the check is over both.
    await startTraining(
      { ...request(8), config: { ...config(8), window: 8 }, mix: onlyCoding },
      {
        onProgress: (_done, _total, stats) => {
          scenarios.push(stats.scenario);
          quality.push(stats.quality);
        },
      },
    ).done;
    expect(new Set(scenarios)).toEqual(new Set(['mixed-coding']));
    // Without a working sandbox every function fails its hidden tests and every quality is 0.
    expect(Math.max(...quality)).toBeGreaterThan(0);
  }, 120_000);

  it('rejects `done` with the reason when the request is refused', async () => {
    const bad = { ...request(4), config: { ...config(4), policy: 'bandit' as const } };
    const parl = (await startTraining(request(4)).done).checkpoint;
    await expect(startTraining({ ...bad, resume: parl }).done).rejects.toThrow(
      'cannot resume bandit training: the checkpoint is a parl policy',
    );
  }, 120_000);

  it('rejects `done` with a readable message when the worker fails, and stop() still returns', async () => {
    const url = URL.createObjectURL(new Blob(['throw new Error("boom")'], { type: 'text/javascript' }));
    try {
      const handle = startTraining(
        request(4),
        {},
        { createWorker: () => new Worker(url, { type: 'module' }) },
      );
      await expect(handle.done).rejects.toThrow(/^the training worker failed: .*boom/);
      await handle.stop();
    } finally {
      URL.revokeObjectURL(url);
    }
  }, 30_000);
});
