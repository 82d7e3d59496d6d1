import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdentity } from '../../src/cli/scale-out/build-identity';
import { PREFIX } from '../../src/cli/scale-out/sweep-protocol';
import { runCli } from '../support/cli';
import { startRedis, type TestRedis } from '../support/redis-server';
import { type SwarmProcess, startSwarm, startWorker, stopProcess } from '../support/swarm-process';
import { sweepArgs, withoutWallClock } from './support';

// Issue 57, item 7, "A fleet you can see": a worker logs each job (text, or JSON a line), `swarm
// queue status` shows a running sweep's counts and the workers with their identity, the launcher's
// progress line has a rate and a time left, and a job that cannot be parsed is failed with a
// reason saying so while its worker lives on.
let redis: TestRedis;
const started: SwarmProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 60_000);

afterAll(async () => {
  await Promise.all(started.map((p) => stopProcess(p)));
  await redis?.stop();
});

/** Resolves once `read()` holds `n` lines matching `pattern` (a worker logs a job after BullMQ hears of it). */
async function lines(read: () => string, pattern: RegExp, n: number, timeoutMs = 30_000): Promise<string[]> {
  const since = Date.now();
  for (;;) {
    const found = read()
      .split('\n')
      .filter((l) => pattern.test(l));
    if (found.length >= n || Date.now() - since > timeoutMs) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const status = async () => {
  const r = await runCli(['queue', 'status', '--redis', redis.url, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('swarm queue status and the workers’ job logs', () => {
  it('refuses bad flags with exit 2, naming what is wrong', async () => {
    const none = await runCli(['queue', 'status']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--redis/);
    const sub = await runCli(['queue', 'list', '--redis', redis.url]);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toMatch(/queue: expected status, got "list"/);
    const flag = await runCli(['queue', 'status', '--redis', redis.url, '--watch']);
    expect(flag.code).toBe(2);
    const log = await runCli(['worker', '--redis', redis.url, '--log', 'xml']);
    expect(log.code).toBe(2);
    expect(log.stderr).toMatch(/--log/);
  });

  it('shows a running sweep’s counts and its worker, and the worker logs each job as JSON', async () => {
    // The launcher first, with no worker: its jobs wait, and the status says so.
    const launcher = startSwarm([...sweepArgs(10), '--redis', redis.url]);
    started.push(launcher);
    await launcher.waitFor(/0 of 20 runs already done, 20 to run/);
    const waiting = await status();
    const bench = waiting.queues.find((q: { queue: string }) => q.queue === 'bench');
    expect(bench).toMatchObject({ waiting: 20, active: 0, stalled: 0, failed: 0, workers: [] });
    expect(waiting.sweeps).toEqual([
      expect.objectContaining({
        kind: 'bench',
        launch: 1,
        runs: 20,
        done: 0,
        failed: 0,
        waiting: 20,
        active: 0,
      }),
    ]);
    const sweep = waiting.sweeps[0].sweep as string;
    expect(bench.groups).toEqual([{ id: sweep, waiting: 20, active: 0, stalled: 0, failed: 0 }]);

    const json = await startWorker(redis.url, ['--log', 'json']);
    started.push(json);
    const { code } = await launcher.exited();
    expect(code, launcher.stderr()).toBe(0);
    // Its last progress line: none left, and the rate once a second has passed.
    expect(launcher.stderr()).toMatch(/20\/20 runs done, 0 left, 1 worker seen(, [\d.]+ runs\/s)?$/m);

    // One line per job: every policy × seed once, with its fields.
    const records = (await lines(json.stdout, /^\{/, 20)).map((l) => JSON.parse(l));
    for (const r of records)
      expect(r).toEqual({
        worker: expect.stringMatching(new RegExp(`:${json.child.pid}$`)),
        queue: 'bench',
        job: expect.stringMatching(new RegExp(`^${sweep}-1-[01]-\\d+$`)),
        sweep,
        launch: 1,
        policy: expect.stringMatching(/^(heuristic|fixed:all\/medium)$/),
        seed: expect.any(Number),
        try: 1,
        ms: expect.any(Number),
        outcome: 'done',
      });
    const runs = new Set(records.map((r) => `${r.policy}@${r.seed}`));
    expect(runs.size).toBe(20);
    expect(new Set(records.map((r) => r.seed)).size).toBe(10);

    // Done: the sweep's runs all have a record; the worker is connected, named with its identity.
    const after = await status();
    expect(after.sweeps[0]).toMatchObject({ sweep, runs: 20, done: 20, waiting: 0, active: 0 });
    expect(after.sweeps[0].workers).toEqual([expect.stringMatching(new RegExp(`:${json.child.pid}$`))]);
    const connected = after.queues.find((q: { queue: string }) => q.queue === 'bench').workers;
    expect(connected).toEqual([
      expect.objectContaining({ host: expect.any(String), pid: json.child.pid, build: buildIdentity() }),
    ]);
    const shown = await runCli(['queue', 'status', '--redis', redis.url]);
    expect(shown.stdout).toMatch(new RegExp(`${sweep} \\(bench, launch 1\\): 20/20 runs done, 0 failed`));
    expect(shown.stdout).toMatch(new RegExp(`worker \\S+ pid ${json.child.pid} build ${buildIdentity()}`));
    await stopProcess(json);
  }, 120_000);

  it('logs each job as a line of text, and fails a job it cannot parse with a reason saying so, living on', async () => {
    const text = await startWorker(redis.url);
    started.push(text);
    const sweepOf = await runCli([...sweepArgs(2), '--redis', redis.url]);
    expect(sweepOf.code, sweepOf.stderr).toBe(0);
    const done = await lines(text.stdout, /^worker /, 4);
    expect(done).toHaveLength(4);
    for (const l of done)
      expect(l).toMatch(
        new RegExp(
          `^worker \\S+:${text.child.pid}: bench sweep [0-9a-f]{16} launch 1, (heuristic|fixed:all/medium) seed \\d+, try 1: done in \\d+ ms$`,
        ),
      );

    const connection = { host: '127.0.0.1', port: redis.port };
    const queue = new Queue('bench', { connection, prefix: PREFIX });
    // Held while its data is spoiled by hand, as anyone with the server's password could.
    await queue.pause();
    await queue.add('run', { version: 'x' }, { jobId: 'spoiled-1' });
    const client = redis.client();
    await client.hset(`${PREFIX}:bench:spoiled-1`, 'data', '{"version": "x", oops');
    await queue.resume();
    let reason: string | null = null;
    for (let i = 0; i < 600 && !reason; i++) {
      reason = await client.hget(`${PREFIX}:bench:spoiled-1`, 'failedReason');
      if (!reason) await new Promise((r) => setTimeout(r, 50));
    }
    await queue.close();
    expect(reason).toBe(
      'job spoiled-1 could not be parsed: its data is not JSON; failed without running, not tried again',
    );
    expect(await client.zscore(`${PREFIX}:bench:failed`, 'spoiled-1')).not.toBeNull();
    client.disconnect();
    // Said in its log as what it is, and nothing of Redis or "Unexpected token".
    const [logged] = await lines(text.stdout, /spoiled-1/, 1);
    expect(logged).toMatch(
      new RegExp(
        `^worker \\S+:${text.child.pid}: bench job spoiled-1, try 1: failed for good in \\d+ ms: job spoiled-1 could not be parsed: its data is not JSON`,
      ),
    );
    expect(text.stderr()).not.toMatch(/Unexpected token|Redis:/);
    // The worker lives on: the next sweep runs on it, to the local report.
    expect(text.child.exitCode).toBeNull();
    const again = await runCli([...sweepArgs(3), '--redis', redis.url]);
    expect(again.code, again.stderr).toBe(0);
    const local = await runCli(sweepArgs(3));
    expect(withoutWallClock(again.stdout)).toEqual(withoutWallClock(local.stdout));
  }, 120_000);

  it('says a job taken from a paused worker was taken over, not that Redis had a lock problem', async () => {
    const paused = await startWorker(redis.url);
    started.push(paused);
    const sweep = runCli([...sweepArgs(20), '--redis', redis.url]);
    // Paused in the middle of its jobs: the one it holds outlives its 1 s lock and goes to the other.
    await lines(paused.stdout, /^worker /, 2);
    paused.child.kill('SIGSTOP');
    const remote = await sweep;
    expect(remote.code, remote.stderr).toBe(0);
    paused.child.kill('SIGCONT');
    await paused.waitFor(/was taken over by another worker/);
    expect(paused.stderr()).toMatch(
      /worker \S+: job [0-9a-f]{16}-\d+-\d+-\d+ was taken over by another worker: this worker held it longer than its lock lasts \(--lock-ms\)/,
    );
    expect(paused.stderr()).not.toMatch(/Redis: (Missing lock|Lock mismatch|Missing key)/);
  }, 120_000);
});
