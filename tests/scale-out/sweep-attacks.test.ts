/**
 * Issue 57, items 3 and 5, as an outsider does them: a job pushed with raw BullMQ into a running
 * sweep's queue naming runs the sweep lacks, results written by hand beside the sweep's own, the
 * same sweep launched twice, and hostile `train` jobs (a path to /proc/self/environ, a source that
 * is a secret rather than JSON, a scenario whose limits were raised). Each time the sweep's
 * report is the local one (wall-clock fields aside), every worker is alive, every launcher ends
 * by itself with a message, and every key of ours in Redis has an expiry.
 *
 * The bench queue is paused while an attack is set up, so that the attack lands before the
 * sweep's first run whatever the machine's load, and resumed after: nothing waits on a clock.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PREFIX, SWEEP_VERSION } from '../../src/cli/scale-out/sweep-protocol';
import { sweepIdOf } from '../../src/cli/scale-out/sweep-spec';
import { sourceHashOf } from '../../src/cli/scale-out/train-protocol';
import { trainingSource } from '../../src/cli/training-env';
import { runCli } from '../support/cli';
import { startRedis } from '../support/redis-server';
import { type SwarmProcess, startWorker, stopProcess } from '../support/swarm-process';
import { sweepArgs, withoutWallClock } from './support';

const SEEDS = 8;
const RUNS = 2 * SEEDS;
const SECRET = 'SWARM_REDIS_PASSWORD=hunter2-not-to-be-seen';
const OTHER = 'swarmflight 0.1.0, sweep protocol 2, build 0123456789ab';

const redis = await startRedis();
const elsewhere = mkdtempSync(join(tmpdir(), 'swarm-elsewhere-'));
const connection = { host: '127.0.0.1', port: redis.port };
const bench = new Queue('bench', { connection, prefix: PREFIX });
const client = redis.client();
// Two workers; the second runs in another directory and alone serves `train`: a relative path
// the launcher reads is not one it can read.
const workers: SwarmProcess[] = await Promise.all([
  startWorker(redis.url),
  startWorker(redis.url, ['--queues', 'bench,train'], {}, { cwd: elsewhere }),
]);
const local = withoutWallClock((await runCli(sweepArgs(SEEDS))).stdout);

// A test that failed with the queue paused must not hold up the next.
afterEach(async () => {
  await bench.resume();
});

afterAll(async () => {
  await Promise.all(workers.map((w) => stopProcess(w, 'SIGKILL')));
  await bench.close();
  client.disconnect();
  await redis.stop();
  rmSync(elsewhere, { recursive: true, force: true });
});

async function until<T>(look: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const seen = await look();
    if (seen !== undefined) return seen;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The sweep of sweepArgs(SEEDS) (one id: one command) once launch `launch` has queued its jobs. */
async function queuedLaunch(launch: number): Promise<string> {
  return until(async () => {
    const jobs = await bench.getJobs(['wait', 'paused', 'prioritized']);
    const mine = jobs.filter((j) => j.data.launch === launch && j.data.version === SWEEP_VERSION);
    const sweep = mine[0]?.data.sweep as string | undefined;
    if (sweep === undefined || mine.length < RUNS) return undefined;
    return Number(await client.hget(`${PREFIX}:sweep:${sweep}`, 'launch')) === launch ? sweep : undefined;
  }, `launch ${launch} queued`);
}

/** Every worker alive, and every key of ours with an expiry (BullMQ's own keys aside). */
async function expectAliveAndExpiring() {
  for (const w of workers) expect(w.child.exitCode, w.stderr()).toBeNull();
  for (const key of await client.keys(`${PREFIX}:sweep:*`))
    expect(await client.ttl(key), key).toBeGreaterThan(0);
  // Ours under the train queue's prefix (BullMQ keeps its own keys there too).
  for (const key of await client.keys(`${PREFIX}:train:*`))
    if (/:(source|weights:\d+)$/.test(key)) expect(await client.ttl(key), key).toBeGreaterThan(0);
}

describe('a sweep owns its runs', { timeout: 180_000 }, () => {
  it('jobs and results pushed into a running sweep from outside are ignored and logged; the report is the local one', async () => {
    await bench.pause();
    const launcher = runCli([...sweepArgs(SEEDS), '--redis', redis.url]);
    const sweep = await queuedLaunch(1);
    // A sweep of another build, its record as that build's launcher would write it, and a job of
    // this build naming it: a worker of this build must not lend it its figures.
    const theirs = {
      ...JSON.parse((await client.hget(`${PREFIX}:sweep:${sweep}`, 'spec')) as string),
      version: OTHER,
    };
    const theirId = sweepIdOf(theirs);
    await client.hset(`${PREFIX}:sweep:${theirId}`, 'spec', JSON.stringify(theirs), 'launch', 1);
    await client.expire(`${PREFIX}:sweep:${theirId}`, 600);
    // At the head of the queue (lifo): taken before any of the sweep's own.
    const foreign = [
      {
        id: 'other-build-sweep',
        data: { version: SWEEP_VERSION, sweep: theirId, launch: 1, policy: 0, seed: 1 },
      },
      { id: 'foreign-policy', data: { version: SWEEP_VERSION, sweep, launch: 1, policy: 7, seed: 1 } },
      { id: 'foreign-seed', data: { version: SWEEP_VERSION, sweep, launch: 1, policy: 0, seed: 999_999 } },
      {
        id: 'no-such-sweep',
        data: { version: SWEEP_VERSION, sweep: 'f'.repeat(16), launch: 1, policy: 0, seed: 1 },
      },
      { id: 'not-a-sweep-job', data: { hello: 'world' } },
    ];
    for (const { id, data } of foreign)
      await bench.add('run', data as never, { jobId: id, lifo: true, attempts: 3 });
    // And results written straight into the sweep's hashes, as anyone with the password can.
    await client.hset(
      `${PREFIX}:sweep:${sweep}:1:failed`,
      '7:1',
      JSON.stringify({ policy: 7, seed: 1, message: 'forged', attempts: 3 }),
    );
    await client.hset(`${PREFIX}:sweep:${sweep}:1:done`, '9:9', '{}');
    await bench.resume();
    const remote = await launcher;
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(local);
    expect(remote.stderr).toMatch(/ignored 2 results or failures outside its runs \((9:9, 7:1|7:1, 9:9)\)/);
    const logs = workers.map((w) => w.stderr()).join('\n');
    expect(logs).toMatch(/ignored job foreign-policy: sweep \w+ has no run of policy #7; nothing written/);
    expect(logs).toMatch(/ignored job foreign-seed: sweep \w+ has no run on seed 999999/);
    expect(logs).toMatch(/ignored job no-such-sweep: there is no sweep f{16} in Redis/);
    expect(logs).toMatch(/ignored job not-a-sweep-job: it is not a sweep job/);
    expect(logs).toMatch(
      /ignored job other-build-sweep: sweep \w+ is build 0123456789ab's, not this worker's/,
    );
    expect(await client.exists(`${PREFIX}:sweep:${theirId}:1:done`)).toBe(0);
    expect((await bench.getFailed()).map((j) => j.id)).toEqual([]);
    expect(await client.exists(`${PREFIX}:sweep:${'f'.repeat(16)}:1:failed`)).toBe(0);
    await expectAliveAndExpiring();
  });

  it('the same sweep launched twice: the first launcher says it was replaced and ends, queueing nothing more; the second prints the local report', async () => {
    await bench.pause();
    const first = runCli([...sweepArgs(SEEDS), '--redis', redis.url]);
    // The test before made launch 1: this is launch 2, and the same command again launch 3.
    await queuedLaunch(2);
    const second = runCli([...sweepArgs(SEEDS), '--redis', redis.url]);
    // The first notices on its own, with the queue still paused: nothing ran meanwhile.
    const replaced = await first;
    expect(replaced.code).toBe(1);
    expect(replaced.stderr).toMatch(
      /launch 2 was replaced by launch 3 of the same sweep \(the same command started again, here or elsewhere\); this launcher stops and queues nothing more/,
    );
    expect(replaced.stderr).not.toMatch(/queued again/);
    await bench.resume();
    const remote = await second;
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(local);
    await expectAliveAndExpiring();
  });
});

describe('a worker survives every train job', { timeout: 180_000 }, () => {
  it('hostile train jobs fail as jobs, in our words, quoting nothing they point at, while a sweep runs', async () => {
    const train = new Queue('train', { connection, prefix: PREFIX });
    const sound = JSON.stringify(trainingSource('mix'));
    const raised = JSON.parse(sound) as { specs: Record<string, { size: { max: number } }> };
    for (const spec of Object.values(raised.specs)) spec.size.max = 1_000_000_000;
    const huge = JSON.stringify(raised);
    await client.set(`${PREFIX}:train:evil-00000000:source`, SECRET, 'EX', 600);
    await client.set(`${PREFIX}:train:evil-00000000:weights:7`, SECRET, 'EX', 600);
    await client.set(`${PREFIX}:train:huge-00000000:source`, huge, 'EX', 600);
    await client.set(`${PREFIX}:train:sound-00000000:source`, sound, 'EX', 600);
    const config = { policy: 'parl', episodes: 16, seed: 1, batch: 16, group: 4 };
    const job = (source: string, hash: string, weights = `${PREFIX}:train:sound-00000000:weights:0`) => ({
      version: SWEEP_VERSION,
      source,
      sourceHash: hash,
      config,
      episode: 0,
      weights,
    });
    const hostile: [string, unknown, RegExp][] = [
      [
        'old-path',
        {
          version: SWEEP_VERSION,
          data: { scenario: '/proc/self/environ', config },
          episode: 0,
          weights: 'x',
        },
        /^not a train job of .*: it names keys that are not a training's source and weights/,
      ],
      [
        'path-as-source',
        job('/proc/self/environ', sourceHashOf(SECRET)),
        /it names keys that are not a training's source and weights/,
      ],
      [
        'secret-source',
        job(`${PREFIX}:train:evil-00000000:source`, sourceHashOf(SECRET)),
        /^episode 0: the training's source \(swarmflight:train:evil-00000000:source\) is not JSON$/,
      ],
      [
        'wrong-hash',
        job(`${PREFIX}:train:sound-00000000:source`, sourceHashOf('something else')),
        /does not hash to what the job names/,
      ],
      [
        'huge-limits',
        job(`${PREFIX}:train:huge-00000000:source`, sourceHashOf(huge)),
        /^episode 0: the training's source fails the checks the CLI applies: .*size/,
      ],
      [
        'secret-weights',
        job(
          `${PREFIX}:train:sound-00000000:source`,
          sourceHashOf(sound),
          `${PREFIX}:train:evil-00000000:weights:7`,
        ),
        /^episode 0: the batch's weights are not JSON$/,
      ],
    ];
    for (const [id, data] of hostile) await train.add('episode', data as never, { jobId: id, attempts: 3 });
    // A sweep at the same time, on the same workers.
    const remote = await runCli([...sweepArgs(SEEDS), '--redis', redis.url]);
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(local);
    const failed = await until(async () => {
      const jobs = await train.getFailed();
      return jobs.length >= hostile.length ? jobs : undefined;
    }, 'every hostile train job failed');
    for (const [id, , reason] of hostile) {
      const f = failed.find((j) => j.id === id);
      expect(f?.failedReason, id).toMatch(reason);
      expect(f?.failedReason, id).not.toMatch(/hunter2|SWARM_REDIS/);
    }
    for (const w of workers) expect(w.stderr()).not.toMatch(/hunter2|SWARM_REDIS/);
    await train.close();
    await expectAliveAndExpiring();
  });

  it('`swarm train --redis --scenario ./scenarios/…` (a relative path) gives the local checkpoint through a worker in another directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-train-rel-'));
    const args = (out: string) => [
      'train',
      ...['--scenario', './scenarios/mixed-coding.json', '--policy', 'parl', '--seed', '3'],
      ...['--episodes', '16', '--batch', '16', '--out', join(dir, out)],
    ];
    try {
      expect((await runCli([...args('local.json'), '--rollout-workers', '1'])).code).toBe(0);
      const remote = await runCli([...args('remote.json'), '--redis', redis.url]);
      expect(remote.code, remote.stderr).toBe(0);
      expect(readFileSync(join(dir, 'remote.json'), 'utf8')).toBe(
        readFileSync(join(dir, 'local.json'), 'utf8'),
      );
      await expectAliveAndExpiring();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
