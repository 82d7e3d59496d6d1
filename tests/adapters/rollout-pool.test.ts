import { describe, expect, it } from 'vitest';
import {
  type RolloutChannel,
  type RolloutListener,
  rolloutPool,
} from '../../src/adapters/common/rollout-pool';
import type { RolloutRequest } from '../../src/adapters/wire/rollout-protocol';
import type { EpisodeOutcome } from '../../src/core/learning/episode';
import { initParams } from '../../src/core/learning/parl';

/** A worker the test answers by hand: it records what it was sent. */
function fakeWorker() {
  const sent: number[] = [];
  let listener: RolloutListener | undefined;
  const channel: RolloutChannel = {
    post: (request: RolloutRequest) => sent.push(request.episode),
    listen: (l) => {
      listener = l;
    },
  };
  const outcome = (episode: number) => ({ stats: { episode } }) as unknown as EpisodeOutcome;
  return {
    channel,
    sent,
    answer: (episode: number) => listener?.reply({ episode, outcome: outcome(episode) }),
    refuse: (episode: number, error: string) => listener?.reply({ episode, error }),
    die: (why: string) => listener?.fail(new Error(why)),
  };
}

const episodesOf = (outcomes: EpisodeOutcome[]) => outcomes.map((o) => o.stats.episode);

describe('the rollout pool', () => {
  it('hands episodes out longest first, one per free worker, and returns them in the order asked', async () => {
    const a = fakeWorker();
    const b = fakeWorker();
    const cost = (e: number) => ({ 10: 1, 11: 5, 12: 3, 13: 4 })[e] as number;
    const rollouts = rolloutPool([a.channel, b.channel], cost);
    const batch = rollouts([10, 11, 12, 13], initParams());
    expect([a.sent, b.sent]).toEqual([[11], [13]]);
    b.answer(13);
    expect(b.sent).toEqual([13, 12]);
    b.answer(12);
    expect(b.sent).toEqual([13, 12, 10]);
    a.answer(11);
    expect(a.sent).toEqual([11]);
    b.answer(10);
    expect(episodesOf(await batch)).toEqual([10, 11, 12, 13]);
    // The next batch goes out as the first did.
    const next = rollouts([14], initParams());
    a.answer(14);
    expect(episodesOf(await next)).toEqual([14]);
  });

  it('keeps the episodes of a group on one worker, a new group going to a free one, all in the order asked', async () => {
    const a = fakeWorker();
    const b = fakeWorker();
    // Groups of 4 (the episodes of a group play one instance); group 1 is the longer.
    const rollouts = rolloutPool(
      [a.channel, b.channel],
      (e) => (e < 4 ? 1 : 2),
      (e) => Math.floor(e / 4),
    );
    const batch = rollouts([0, 1, 2, 3, 4, 5, 6, 7], initParams());
    // Longest first, and the second worker starts the other group rather than the first's next.
    expect([a.sent, b.sent]).toEqual([[4], [0]]);
    a.answer(4);
    a.answer(5);
    b.answer(0);
    a.answer(6);
    expect([a.sent, b.sent]).toEqual([
      [4, 5, 6, 7],
      [0, 1],
    ]);
    a.answer(7);
    // Its group done, a free worker helps with another's rather than wait.
    expect(a.sent).toEqual([4, 5, 6, 7, 2]);
    b.answer(1);
    expect(b.sent).toEqual([0, 1, 3]);
    a.answer(2);
    b.answer(3);
    expect(episodesOf(await batch)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("fails the batch with the episode's error, and every later batch with it", async () => {
    const a = fakeWorker();
    const rollouts = rolloutPool([a.channel]);
    const batch = rollouts([0, 1], initParams());
    a.refuse(0, 'no such scenario');
    await expect(batch).rejects.toThrow('rollout of episode 0 failed: no such scenario');
    await expect(rollouts([2], initParams())).rejects.toThrow('rollout of episode 0 failed');
  });

  it('fails the batch in hand when a worker dies, rather than wait for its episode', async () => {
    const a = fakeWorker();
    const b = fakeWorker();
    const rollouts = rolloutPool([a.channel, b.channel]);
    const batch = rollouts([0, 1, 2], initParams());
    a.answer(0);
    b.die('rollout worker 2 of 2 stopped');
    await expect(batch).rejects.toThrow('rollout worker 2 of 2 stopped');
    // A worker that died between batches fails the next one at once.
    const c = fakeWorker();
    const idle = rolloutPool([c.channel]);
    c.die('gone');
    await expect(idle([0], initParams())).rejects.toThrow('gone');
  });
});
