import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { startRedis, type TestRedis } from '../support/redis-server';
import { type SwarmProcess, startSwarm, startWorker, stopProcess } from '../support/swarm-process';
import { jobEvents, runsDone, sweepArgs, withoutWallClock } from './support';

// Issue 43, "Faults" and "Nothing lost": workers that die or hang mid-sweep, and a launcher
// stopped and resumed. Real `swarm worker` processes with a 1 s lock, so a lost job is taken
// again within about 2 s; 40 seeds × 2 policies, so that the sweep is still going when hit.
const SEEDS = 40;
const RUNS = 2 * SEEDS;

let redis: TestRedis | undefined;
let procs: SwarmProcess[] = [];

afterEach(async () => {
  for (const p of procs) {
    if (p.child.signalCode === null && p.child.exitCode === null) p.child.kill('SIGCONT');
    await stopProcess(p, 'SIGKILL');
  }
  procs = [];
  await redis?.stop();
  redis = undefined;
});

// The local report, made once: every test compares its sweep with the same one.
let localReport: Promise<unknown> | undefined;
const local = () => {
  localReport ??= runCli(sweepArgs(SEEDS)).then((r) => withoutWallClock(r.stdout));
  return localReport;
};

/** Every job of the sweep completed: each id once, and the report folds each policy × seed once. */
async function expectEachRunOnce(stdout: string) {
  const report = JSON.parse(stdout) as { policies: Record<string, { criticalSteps: { values: number[] } }> };
  for (const policy of ['heuristic', 'fixed:all/medium'])
    expect(report.policies[policy]?.criticalSteps.values).toHaveLength(SEEDS);
  const client = (redis as TestRedis).client();
  const [key] = await client.keys('swarmflight:sweep:*:done');
  expect(await client.hlen(key as string)).toBe(RUNS);
  const stalled = await jobEvents(client, 'stalled');
  client.disconnect();
  return stalled;
}

describe('a sweep across workers, under faults', () => {
  it('a worker killed with SIGKILL mid-job: its job is taken again, nothing lost, nothing counted twice', async () => {
    redis = await startRedis();
    const first = await startWorker(redis.url);
    procs.push(first);
    const sweep = runCli([...sweepArgs(SEEDS), '--redis', redis.url]);
    const client = redis.client();
    await runsDone(client, 10);
    // A worker with jobs waiting always holds one: the kill lands mid-job.
    first.child.kill('SIGKILL');
    procs.push(await startWorker(redis.url));
    const remote = await sweep;
    client.disconnect();
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(await local());
    const stalled = await expectEachRunOnce(remote.stdout);
    expect(stalled.size).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('a worker stopped with SIGTERM mid-sweep finishes the job it holds, exits 0, and loses nothing', async () => {
    redis = await startRedis();
    const leaving = await startWorker(redis.url);
    procs.push(leaving, await startWorker(redis.url));
    const sweep = runCli([...sweepArgs(SEEDS), '--redis', redis.url]);
    const client = redis.client();
    await runsDone(client, 10);
    client.disconnect();
    const { code, signal } = await stopProcess(leaving, 'SIGTERM');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const remote = await sweep;
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(await local());
    // It finished its job rather than leaving it to stall: no job had to be taken back.
    const stalled = await expectEachRunOnce(remote.stdout);
    expect(stalled.size).toBe(0);
  }, 120_000);

  it('a stalled worker (SIGSTOP): its job is taken back, and its late result is not counted twice', async () => {
    redis = await startRedis();
    const hung = await startWorker(redis.url);
    procs.push(hung);
    const sweep = runCli([...sweepArgs(SEEDS), '--redis', redis.url]);
    const client = redis.client();
    await runsDone(client, 10);
    hung.child.kill('SIGSTOP');
    procs.push(await startWorker(redis.url));
    const remote = await sweep;
    client.disconnect();
    // Woken after the sweep: it finishes the job it held, whose lock is long gone.
    hung.child.kill('SIGCONT');
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(await local());
    const stalled = await expectEachRunOnce(remote.stdout);
    expect(stalled.size).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('a launcher killed mid-sweep: --resume finishes it without running a finished run again', async () => {
    redis = await startRedis();
    procs.push(await startWorker(redis.url), await startWorker(redis.url));
    const launcher = startSwarm([...sweepArgs(SEEDS), '--redis', redis.url]);
    procs.push(launcher);
    const client = redis.client();
    await runsDone(client, 10);
    launcher.child.kill('SIGKILL');
    const resumed = await runCli([...sweepArgs(SEEDS), '--redis', redis.url, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resuming launch 1/);
    const already = Number(/(\d+) of 80 runs already done/.exec(resumed.stderr)?.[1]);
    expect(already).toBeGreaterThanOrEqual(10);
    expect(withoutWallClock(resumed.stdout)).toEqual(await local());
    await expectEachRunOnce(resumed.stdout);
    // Each run was made once: none was made again by the resumed launcher. It queues the runs
    // with no record; one whose job completes (and is removed) in that moment is queued again,
    // and its worker finds the record and returns "already" without running it. Under load a
    // worker can also miss renewing its 1 s lock and BullMQ runs that job again (its result is
    // still counted once, above); such a job shows a 'stalled' event, a job queued again does not.
    const completed = await jobEvents(client, 'completed');
    const made = await jobEvents(client, 'completed', 'done');
    const stalled = await jobEvents(client, 'stalled');
    client.disconnect();
    // Every job completed. A job taken back after a stall whose first worker had already written
    // its record completes as "already" only (its first worker's completion came too late).
    expect(completed.size).toBe(RUNS);
    const again = [...made].filter(([, n]) => n > 1).map(([id]) => id);
    expect(again.filter((id) => !stalled.has(id))).toEqual([]);
  }, 120_000);

  for (const aof of [true, false]) {
    it(`Redis restarted mid-sweep ${aof ? 'with AOF' : 'without persistence'}: the sweep completes, the same`, async () => {
      redis = await startRedis({ aof });
      procs.push(await startWorker(redis.url), await startWorker(redis.url));
      const sweep = runCli([...sweepArgs(SEEDS), '--redis', redis.url]);
      const client = redis.client();
      const before = await runsDone(client, 10);
      client.disconnect();
      expect(before).toBeLessThan(RUNS);
      await redis.restart();
      const remote = await sweep;
      expect(remote.code, remote.stderr).toBe(0);
      expect(withoutWallClock(remote.stdout)).toEqual(await local());
      if (!aof) expect(remote.stderr).toMatch(/Redis lost the sweep/);
      // While the server was down, the launcher said why it waited (at most every 10 s).
      expect(remote.stderr).toMatch(
        /Redis at redis:\/\/127\.0\.0\.1:\d+ does not answer \(.*\): waiting for it/,
      );
      await expectEachRunOnce(remote.stdout);
    }, 120_000);
  }
});
