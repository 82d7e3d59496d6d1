import { type Job, Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProfiles, readScenario } from '../../src/cli/scale-out/../scenario-file';
import { runBenchSweep } from '../../src/cli/scale-out/bench-sweep';
import { type BenchSweepSpec, benchSetup } from '../../src/cli/scale-out/bench-sweep-spec';
import { eventsFromNow, jobFinished } from '../../src/cli/scale-out/job-finished';
import { redisTarget } from '../../src/cli/scale-out/redis-url';
import { ATTEMPTS, jobIdOf, PREFIX, SWEEP_VERSION } from '../../src/cli/scale-out/sweep-protocol';
import { runBench } from '../../src/core/bench/run-bench';
import { startRedis, type TestRedis } from '../support/redis-server';
import { type SwarmProcess, startWorker, stopProcess } from '../support/swarm-process';
import { withoutWallClock } from './support';

// Issue 43, "Faults": a job that throws every time, and a launcher of another version. The
// launcher is called in-process with a sweep `swarm bench` would refuse to make (a graph with a
// cycle, which every run throws on) or with another version in its jobs; the worker is real.
let redis: TestRedis;
let worker: SwarmProcess;

beforeAll(async () => {
  redis = await startRedis();
  worker = await startWorker(redis.url);
}, 60_000);

afterAll(async () => {
  await stopProcess(worker);
  await redis?.stop();
});

const sweep = (overrides: Partial<BenchSweepSpec>): BenchSweepSpec => ({
  kind: 'bench',
  version: SWEEP_VERSION,
  scenario: {
    type: 'graph',
    graph: {
      kind: 'graph',
      id: 'two-chain',
      tasks: [
        { id: 'a', steps: 1, deps: [] },
        { id: 'b', steps: 2, deps: ['a'] },
      ],
    },
  },
  profiles: readProfiles(),
  policies: ['critical-path'],
  checkpoints: {},
  seeds: [1, 2],
  healing: 'off',
  ...overrides,
});

const launch = (spec: BenchSweepSpec, window?: number) => {
  const said: string[] = [];
  return {
    said,
    report: runBenchSweep(spec, [{ name: 'critical-path', plan: 'swarm' }], {
      target: redisTarget(redis.url),
      resume: false,
      err: (t) => said.push(t),
      stallCheckMs: 1000,
      ...(window !== undefined ? { window } : {}),
    }),
  };
};

describe('jobs a sweep cannot finish', () => {
  it('a sound sweep of the same shape goes through, as the local bench, one job queued at a time', async () => {
    // Eight seeds queued one job at a time (the launcher's window): the order of the report is
    // the local loop's, whatever order the jobs ran in.
    const sound = sweep({ seeds: [1, 2, 3, 4, 5, 6, 7, 8] });
    const report = await launch(sound, 1).report;
    const { options } = await benchSetup(sound);
    const strip = (r: unknown) => withoutWallClock(JSON.stringify(r));
    expect(strip(report)).toEqual(strip(await runBench(options)));
    expect(report.policies['critical-path']?.criticalSteps.values).toHaveLength(8);
  }, 60_000);

  it('a run whose record exists is not made again when its job is queued again (a launcher racing its completion)', async () => {
    // A resumed launcher queues every run with no record; a job that completes and is removed in
    // that moment is queued again under the same id. Its worker finds the record and does not
    // make the run a second time: the record stays the first one's.
    const client = redis.client();
    const [doneKeyFound] = await client.keys(`${PREFIX}:sweep:*:1:done`);
    const [, sweepId] = /^swarmflight:sweep:(\w+):1:done$/.exec(doneKeyFound as string) ?? [];
    const before = await client.hget(doneKeyFound as string, '0:1');
    expect(before).not.toBeNull();
    const queue = new Queue('bench', { connection: { port: redis.port, host: '127.0.0.1' }, prefix: PREFIX });
    const data = { version: SWEEP_VERSION, sweep: sweepId as string, launch: 1, policy: 0, seed: 1 };
    const events = await eventsFromNow(queue, {
      connection: { port: redis.port, host: '127.0.0.1' },
      prefix: PREFIX,
    });
    // Listening before the job exists (job-finished.ts): BullMQ's waitUntilFinished listens after,
    // and missed the end of a job this quick now and then.
    const finished = jobFinished<string>(events, jobIdOf(data));
    await queue.add('run', data, { jobId: jobIdOf(data) });
    const returned = await finished.done;
    await Promise.all([queue.close(), events.close()]);
    expect(returned).toBe('already');
    expect(await client.hget(doneKeyFound as string, '0:1')).toBe(before);
    client.disconnect();
  }, 60_000);

  it('a sweep record that fails the checks the CLI applies is failed at once, naming the problem', async () => {
    // `swarm bench` refuses a graph with a cycle; written into Redis by hand, the worker refuses it too.
    const cyclic = sweep({
      scenario: {
        type: 'graph',
        graph: {
          kind: 'graph',
          id: 'cycle',
          tasks: [
            { id: 'a', steps: 1, deps: ['b'] },
            { id: 'b', steps: 1, deps: ['a'] },
          ],
        },
      },
    });
    await expect(launch(cyclic).report).rejects.toThrow(
      /2 of 2 runs of sweep \w+ failed[\s\S]*critical-path seed 1: the record of sweep \w+ fails the checks the CLI applies: its graph: cycle a → b → a \(1 try\)/,
    );
  }, 60_000);

  it('a sweep record with a raised size.max is failed at once, as the CLI refuses the file', async () => {
    // The attack of issue 57: size.max raised in the record kept a worker busy for minutes.
    const scenario = readScenario('wide-search');
    if (scenario.type !== 'task') throw new Error('wide-search is a task scenario');
    const raised = { ...scenario.spec, size: { ...scenario.spec.size, max: 1_000_000_000 } };
    const spec = sweep({ scenario: { type: 'task', spec: raised }, policies: ['heuristic'], seeds: [1] });
    await expect(launch(spec).report).rejects.toThrow(
      /heuristic seed 1: the record of sweep \w+ fails the checks the CLI applies: its scenario: size\.max: .* \(1 try\)/,
    );
  }, 60_000);

  it(`a job that throws every time is reported with its policy and seed after ${ATTEMPTS} tries`, async () => {
    // A policy this worker does not know: the record passes its checks, every try throws.
    const cyclic = sweep({ policies: ['no-such-policy'] });
    const { report } = launch(cyclic);
    await expect(report).rejects.toThrow(
      new RegExp(
        `2 of 2 runs of sweep \\w+ failed[\\s\\S]*no-such-policy seed 1: cannot set up sweep \\w+: "no-such-policy" is not a policy \\(one of: [^)]*\\) \\(${ATTEMPTS} tries\\)[\\s\\S]*no-such-policy seed 2: cannot`,
      ),
    );
    // BullMQ's own count agrees: tried ATTEMPTS times, then left failed, not retried again.
    const queue = new Queue('bench', { connection: { port: redis.port, host: '127.0.0.1' }, prefix: PREFIX });
    const failed = await queue.getFailed();
    const tries = failed
      .filter((j: Job) => j.data.seed === 1 && /no-such-policy/.test(j.failedReason))
      .map((j: Job) => j.attemptsMade);
    await queue.close();
    expect(tries).toEqual([ATTEMPTS]);
    // --resume tries the failed runs again (a cause fixed meanwhile would let them through), and
    // reports them again when they fail again.
    const resumed = runBenchSweep(cyclic, [{ name: 'critical-path', plan: 'swarm' }], {
      target: redisTarget(redis.url),
      resume: true,
      err: () => {},
    });
    await expect(resumed).rejects.toThrow(/2 of 2 runs of sweep \w+ failed[\s\S]*\(3 tries\)/);
  }, 60_000);

  it('a job of another build is left on the queue for a worker of that build: not failed, no try used, the refusal noted', async () => {
    // Pushed by hand as a launcher of another checkout would make it, into the sound sweep's launch.
    const client = redis.client();
    const [doneKeyFound] = await client.keys(`${PREFIX}:sweep:*:1:done`);
    const [, sweepId] = /^swarmflight:sweep:(\w+):1:done$/.exec(doneKeyFound as string) ?? [];
    const other = 'swarmflight 0.1.0, sweep protocol 2, build 0123456789ab';
    const queue = new Queue('bench', { connection: { port: redis.port, host: '127.0.0.1' }, prefix: PREFIX });
    const data = { version: other, sweep: sweepId as string, launch: 1, policy: 0, seed: 3 };
    await queue.add('run', data, { jobId: 'other-build', attempts: ATTEMPTS });
    await worker.waitFor(/left the jobs of sweep \w+ to other workers: they were made by build 0123456789ab/);
    // Taken and put back again and again, never failed: a worker of its build would still run it.
    const job = await queue.getJob('other-build');
    expect(['delayed', 'waiting', 'active', 'prioritized']).toContain(await job?.getState());
    expect(job?.attemptsMade).toBe(0);
    const refused = await client.hgetall(`${PREFIX}:sweep:${sweepId}:1:refused`);
    expect(Object.values(refused)).toEqual([SWEEP_VERSION]);
    expect(await client.ttl(`${PREFIX}:sweep:${sweepId}:1:refused`)).toBeGreaterThan(0);
    await queue.close();
    client.disconnect();
  }, 60_000);
});
