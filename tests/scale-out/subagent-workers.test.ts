/**
 * A swarm run's subagents on other processes: `swarm run --redis` sends every attempt to
 * `swarm worker --queues subagents` processes through a Redis server of the test's own. The run
 * is the local run (its trace, apart from wall clock and workers, byte for byte), the trace names
 * the worker of every attempt, and a worker killed with SIGKILL mid-attempt costs a retry that the
 * trace shows, on the worker still alive, never the run.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scenarioKinds } from '../../src/core/scenarios/registry';
import { decodeTrace, withoutWallClock } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';
import { playerBackend, startModelServer, subtasksOf } from '../support/loopback-model-server';
import { wideSearchSpec } from '../support/pool-contract';
import { startRedis } from '../support/redis-server';
import { type SwarmProcess, startSwarm, startWorker, stopProcess } from '../support/swarm-process';

const redis = await startRedis();
const dir = mkdtempSync(join(tmpdir(), 'swarm-subagents-'));
const processes: SwarmProcess[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => stopProcess(p, 'SIGKILL')));
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

const events = (file: string) => {
  const decoded = decodeTrace(readFileSync(file, 'utf8'));
  if (!decoded.ok) throw new Error(JSON.stringify(decoded.problems));
  return decoded.events;
};

async function workers(n: number, pace: number) {
  const started = await Promise.all(
    Array.from({ length: n }, () =>
      startWorker(redis.url, ['--queues', 'subagents', '--concurrency', '4', '--pace', String(pace)]),
    ),
  );
  processes.push(...started);
  return started;
}

describe('subagents on other processes', { timeout: 120_000 }, () => {
  it('call the worker’s own model: a worker with --endpoint runs every attempt on a model server near it', async () => {
    const spec = wideSearchSpec();
    const kind = scenarioKinds[spec.kind];
    const instance = kind.generate(spec as never, 5, spec.size.default);
    const server = await startModelServer(playerBackend(subtasksOf(kind as never, instance)));
    try {
      const worker = await startWorker(redis.url, [
        ...['--queues', 'subagents', '--concurrency', '4'],
        ...['--endpoint', server.url, '--model', 'near-model'],
      ]);
      processes.push(worker);
      const trace = join(dir, 'endpoint.jsonl');
      const r = await runCli([
        'run',
        '--scenario',
        'wide-search',
        '--seed',
        '5',
        '--trace',
        trace,
        '--redis',
        redis.url,
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^done: /m);
      const log = events(trace);
      const finished = log.filter((e) => e.type === 'task.finished');
      // One attempt a planned task, every one done: a good model behind the endpoint.
      expect(finished.length).toBe(kind.plan(instance as never, 'swarm').tasks.length);
      // Every model turn went over HTTP to this server, asking for the worker's model.
      const turns = log.filter((e) => e.type === 'llm.turn').length;
      expect(server.requests.length).toBe(turns);
      expect(server.requests.every((q) => q.body.model === 'near-model')).toBe(true);
      await stopProcess(worker);
    } finally {
      await server.close();
    }
  });

  it('run as the local run does, and the trace names each attempt’s worker', async () => {
    const local = join(dir, 'local.jsonl');
    const remote = join(dir, 'remote.jsonl');
    const [a, b] = await workers(2, 0);
    expect((await runCli(['run', '--scenario', 'wide-search', '--seed', '5', '--trace', local])).code).toBe(
      0,
    );
    const r = await runCli([
      'run',
      '--scenario',
      'wide-search',
      '--seed',
      '5',
      '--trace',
      remote,
      '--redis',
      redis.url,
    ]);
    expect(r.code).toBe(0);
    const ran = events(remote).flatMap((e) => (e.type === 'task.finished' ? [e.worker] : []));
    expect(ran.length).toBeGreaterThanOrEqual(10);
    // Every attempt names a worker, and it is one of the two.
    const names = [a, b].map(
      (w) => (/worker (\S+): taking/.exec((w as SwarmProcess).stderr()) as RegExpExecArray)[1],
    );
    expect(ran.every((w) => names.includes(w as string))).toBe(true);
    expect(withoutWallClock(events(remote))).toEqual(withoutWallClock(events(local)));
    await Promise.all([a, b].map((w) => stopProcess(w as SwarmProcess)));
  });

  it('lose a killed worker’s attempts to a retry on the other worker, shown in the trace, and still finish', async () => {
    const trace = join(dir, 'killed.jsonl');
    // Paced, so that an attempt lasts long enough to be killed in the middle of.
    const [doomed, survivor] = (await workers(2, 100)) as [SwarmProcess, SwarmProcess];
    const launcher = startSwarm([
      'run',
      '--scenario',
      'wide-search',
      '--seed',
      '5',
      '--redis',
      redis.url,
      '--trace',
      trace,
    ]);
    processes.push(launcher);
    // The doomed worker has taken attempts (its first turns are under way) when it is killed.
    const client = redis.client();
    for (let i = 0; i < 200 && (await client.llen('swarmflight:subagents:active')) < 4; i++)
      await new Promise((r) => setTimeout(r, 25));
    client.disconnect();
    doomed.child.kill('SIGKILL');
    const exit = await launcher.exited();
    expect(exit.code).toBe(0);
    expect(launcher.stdout()).toMatch(/^done: /m);
    const log = events(trace);
    const failed = log.filter((e) => e.type === 'task.failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) {
      expect(f).toMatchObject({
        final: false,
        error: expect.stringMatching(/^worker crashed: the worker running it stopped answering/),
      });
      // Retried, and the retry finished on the worker still alive.
      const retry = log.find((e) => e.type === 'task.finished' && e.task === (f as { task: string }).task);
      expect(retry).toMatchObject({ attempt: 2 });
    }
    const survivorName = (/worker (\S+): taking/.exec(survivor.stderr()) as RegExpExecArray)[1];
    const retried = new Set(failed.map((f) => (f as { task: string }).task));
    const finished = log.filter((e) => e.type === 'task.finished');
    expect(finished.filter((e) => retried.has(e.task)).every((e) => e.worker === survivorName)).toBe(true);
    // Nothing counted twice: each task finished once.
    expect(new Set(finished.map((e) => e.task)).size).toBe(finished.length);
    expect(log.some((e) => e.type === 'task.retried')).toBe(true);
  });
});
