import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { startRedis, type TestRedis } from '../support/redis-server';
import { type SwarmProcess, startWorker, stopProcess } from '../support/swarm-process';

// Issue 57, item 6, "Done when": `chaos --redis` with two fresh workers gives the local JSON, its
// wall-clock mttrMs apart. Fresh workers are the hard case: a cold process's first runs load
// modules and compile as they go, and the slow-reply detector, which read the wall clock, flagged
// healthy agents there (1-17 false positives through Redis, none locally). Every fault kind is in,
// `slow` and `hang` too, whose verdicts were the ones that read time.
let redis: TestRedis;
let workers: SwarmProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => stopProcess(w)));
  await redis?.stop();
});

const noWall = (text: string) => JSON.parse(text, (key, value) => (key === 'mttrMs' ? undefined : value));

describe('swarm chaos --redis on two fresh workers', () => {
  it('gives the local JSON for every fault kind, and for none', async () => {
    // Started for this sweep alone: their first runs are cold ones.
    workers = await Promise.all([startWorker(redis.url), startWorker(redis.url)]);
    for (const faults of ['hang,loop,crash,malformed,inject,slow', 'none']) {
      const args = ['chaos', '--scenario', 'wide-search', '--faults', faults, '--seeds', '4', '--json'];
      const remote = await runCli([...args, '--redis', redis.url]);
      const local = await runCli(args);
      expect(remote.code, remote.stderr).toBe(0);
      expect(remote.stderr).toMatch(/4\/4 runs done, 0 left, 2 workers seen/);
      expect(noWall(remote.stdout)).toEqual(noWall(local.stdout));
      expect(JSON.parse(local.stdout).falsePositives).toBe(0);
    }
  }, 180_000);
});
