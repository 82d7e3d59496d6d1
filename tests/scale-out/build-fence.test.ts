/**
 * Issue 57, item 4: a worker of another build. The attack is a real one: a copy of this checkout
 * with one byte of one scenario file changed, its worker started from the copy, as a machine left
 * at another commit would run it. It leaves the sweep's jobs to a worker of the launcher's build
 * (not failing them, using up no try), and the launcher names it and its build; the report is the
 * local one.
 */

import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildIdentity,
  IDENTITY_FILES,
  IDENTITY_SOURCES,
  identityOf,
} from '../../src/cli/scale-out/build-identity';
import { PREFIX } from '../../src/cli/scale-out/sweep-protocol';
import { runCli } from '../support/cli';
import { startRedis } from '../support/redis-server';
import { type SwarmProcess, startSwarm, startWorker, stopProcess } from '../support/swarm-process';
import { sweepArgs, withoutWallClock } from './support';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const copy = mkdtempSync(join(tmpdir(), 'swarm-other-build-'));
for (const part of [...IDENTITY_SOURCES, ...IDENTITY_FILES, 'tsconfig.json'])
  cpSync(join(repo, part), join(copy, part), { recursive: true });
symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'));
const sameAsCopied = identityOf(copy);
// One byte more in one scenario file: the code is the same, the build is not.
appendFileSync(join(copy, 'scenarios/mix.json'), '\n');

const redis = await startRedis();
const processes: SwarmProcess[] = [];

afterAll(async () => {
  await Promise.all(processes.map((p) => stopProcess(p, 'SIGKILL')));
  await redis.stop();
  rmSync(copy, { recursive: true, force: true });
});

describe('the build fence', { timeout: 180_000 }, () => {
  it('is the same for two copies of one checkout and differs when one byte of a scenario does', () => {
    expect(identityOf(repo)).toBe(buildIdentity());
    expect(sameAsCopied).toBe(buildIdentity());
    expect(identityOf(copy)).not.toBe(buildIdentity());
  });

  it('a worker of another build leaves every job to a worker of this one; the launcher names it; the report is the local one', async () => {
    const local = withoutWallClock((await runCli(sweepArgs(6))).stdout);
    const other = await startWorker(redis.url, ['--queues', 'bench,train'], {}, { root: copy, cwd: copy });
    processes.push(other);
    const launcher = startSwarm([...sweepArgs(6), '--redis', redis.url]);
    processes.push(launcher);
    // Only the other build's worker is there: it takes a job, and puts it back. The launcher
    // waits, naming the worker, and after 10 s says no worker of its build has taken a job.
    await other.waitFor(/left the jobs of sweep \w+ to other workers: they were made by build [0-9a-f]{12}/);
    await launcher.waitFor(
      new RegExp(
        `none of build ${buildIdentity()} has taken a job yet: waiting for \`swarm worker\` from this checkout`,
      ),
      60_000,
    );
    const own = await startWorker(redis.url);
    processes.push(own);
    const exit = await launcher.exited();
    const remote = { code: exit.code, stdout: launcher.stdout(), stderr: launcher.stderr() };
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(local);
    const otherBuild = identityOf(copy);
    expect(remote.stderr).toContain(`refused its jobs: it runs build ${otherBuild} (`);
    expect(remote.stderr).toContain(
      `, build ${otherBuild}), the sweep is build ${buildIdentity()}'s; it leaves them to workers of build ${buildIdentity()}`,
    );
    expect(remote.stderr).toMatch(
      /12\/12 runs done, 0 left, 1 worker seen, 1 of another build left its jobs/,
    );
    // Not one job failed or used up a try, and every run was made by this build's worker.
    const client = redis.client();
    const [workersKey] = await client.keys(`${PREFIX}:sweep:*:1:workers`);
    expect(await client.smembers(workersKey as string)).toEqual([
      own.stderr().match(/worker (\S+): taking/)?.[1],
    ]);
    client.disconnect();
    const queue = new Queue('bench', { connection: { host: '127.0.0.1', port: redis.port }, prefix: PREFIX });
    expect(await queue.getFailedCount()).toBe(0);
    await queue.close();
    for (const w of [other, own]) expect(w.child.exitCode, w.stderr()).toBeNull();
  });

  it("a training's episodes too: the other build's worker leaves them, the launcher names it, the checkpoint is the local one", async () => {
    const other = processes[0] as SwarmProcess;
    const dir = mkdtempSync(join(tmpdir(), 'swarm-fence-train-'));
    const args = (out: string) => [
      'train',
      ...['--scenario', 'mix', '--policy', 'parl', '--seed', '3', '--episodes', '16', '--batch', '16'],
      ...['--out', join(dir, out)],
    ];
    try {
      expect((await runCli([...args('local.json'), '--rollout-workers', '1'])).code).toBe(0);
      const launcher = runCli([...args('remote.json'), '--redis', redis.url]);
      // Only the other build's worker serves `train` yet.
      await other.waitFor(/left train jobs of build [0-9a-f]{12} to other workers/);
      const own = await startWorker(redis.url, ['--queues', 'train']);
      processes.push(own);
      const remote = await launcher;
      expect(remote.code, remote.stderr).toBe(0);
      expect(readFileSync(join(dir, 'remote.json'), 'utf8')).toBe(
        readFileSync(join(dir, 'local.json'), 'utf8'),
      );
      expect(remote.stderr).toContain(`refused its episodes: it runs build ${identityOf(copy)} (`);
      expect(other.child.exitCode, other.stderr()).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
