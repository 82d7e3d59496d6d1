import { describe, expect, it } from 'vitest';
import { startRolloutWorkers } from '../../src/adapters/browser/rollout-workers';
import { startTraining } from '../../src/adapters/browser/train-client';
import type { PolicyCheckpoint } from '../../src/core/learning/checkpoint';
import { request } from './support/train-request';

// PARL's batches on the page's rollout Web Workers (workers/rollout.worker.ts, real module Workers
// in real Chromium, coding episodes in the page's sandbox frame): the same checkpoint, byte for
// byte, however many play, and a worker that dies ends the training with an error, not a hang.

const bytes = (c: PolicyCheckpoint | undefined) => JSON.stringify(c);

/** A short training of every kind (the curriculum mixes all five after the first 20%). */
async function trainWith(rolloutWorkers: number, resume?: PolicyCheckpoint) {
  const stored: PolicyCheckpoint[] = [];
  const summary = await startTraining(
    request(24, resume, 8),
    { onCheckpoint: (c) => stored.push(c) },
    { rolloutWorkers },
  ).done;
  return { summary, stored };
}

describe("the page's rollout workers", () => {
  it('give the checkpoint and curves of one worker, byte for byte, and of none; a stored checkpoint resumes to the same end', async () => {
    const none = await trainWith(0);
    const one = await trainWith(1);
    const two = await trainWith(2);
    expect(two.summary.completedEpisodes).toBe(24);
    expect(bytes(one.summary.checkpoint)).toBe(bytes(none.summary.checkpoint));
    expect(bytes(two.summary.checkpoint)).toBe(bytes(one.summary.checkpoint));
    expect(two.summary.curves).toEqual(one.summary.curves);
    // Every update's checkpoint, not only the last: each batch came back whole and in order.
    expect(two.stored.map(bytes)).toEqual(one.stored.map(bytes));

    // Resumed on rollout workers from the checkpoint stored after the first batch.
    const after8 = two.stored.find((c) => c.training.completedEpisodes === 8);
    expect(after8).toBeDefined();
    const resumed = await trainWith(2, JSON.parse(JSON.stringify(after8)) as PolicyCheckpoint);
    expect(bytes(resumed.summary.checkpoint)).toBe(bytes(two.summary.checkpoint));
  }, 180_000);

  it('end the training with an error naming the worker when one is terminated while it trains', async () => {
    const made: Worker[] = [];
    const createRolloutWorker = () => {
      const worker = new Worker(new URL('../../workers/rollout.worker.ts', import.meta.url), {
        type: 'module',
      });
      made.push(worker);
      return worker;
    };
    let killed = false;
    const handle = startTraining(
      request(4000, undefined, 8),
      {
        onCheckpoint: () => {
          // After the first batch: both workers are up, and most of the training is still to come.
          if (!killed) made[1]?.terminate();
          killed = true;
        },
      },
      { rolloutWorkers: 2, createRolloutWorker },
    );
    await expect(handle.done).rejects.toThrow(/^rollout worker 2 of 2 stopped while training/);
    expect(killed).toBe(true);
    await handle.stop();
  }, 60_000);

  it('end the training with an error when a worker throws', async () => {
    const url = URL.createObjectURL(
      new Blob(['self.onmessage = () => { throw new Error("boom"); };'], { type: 'text/javascript' }),
    );
    try {
      const handle = startTraining(
        request(16),
        {},
        {
          rolloutWorkers: 1,
          createRolloutWorker: () => new Worker(url, { type: 'module' }),
        },
      );
      await expect(handle.done).rejects.toThrow(/^rollout worker 1 of 1 failed: .*boom/);
      await handle.stop();
    } finally {
      URL.revokeObjectURL(url);
    }
  }, 30_000);

  it('are given up, with a reason, when one never starts: until it holds its lock its end could not be seen', async () => {
    const url = URL.createObjectURL(new Blob(['// never answers'], { type: 'text/javascript' }));
    const workers = startRolloutWorkers(1, {
      create: () => new Worker(url, { type: 'module' }),
      startupMs: 300,
    });
    try {
      await expect(workers.died).rejects.toThrow('rollout worker 1 of 1 did not start within 0.3 s');
    } finally {
      workers.terminate();
      URL.revokeObjectURL(url);
    }
  });
});
