import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { startRedis, type TestRedis } from '../support/redis-server';
import { type SwarmProcess, startWorker, stopProcess } from '../support/swarm-process';
import { sweepArgs, withoutWallClock } from './support';

// Issue 43, "Same report" and "Security", at 30 seeds: two real `swarm worker` processes on a
// password-protected Redis of the test's own.
const PASSWORD = 'pw-Zq8-not-to-be-seen';
let redis: TestRedis;
let workers: SwarmProcess[] = [];
let dir: string;

beforeAll(async () => {
  redis = await startRedis({ password: PASSWORD });
  // The second takes two jobs at once: --concurrency gives the same report too.
  workers = await Promise.all([startWorker(redis.url), startWorker(redis.url, ['--concurrency', '2'])]);
  dir = mkdtempSync(join(tmpdir(), 'swarm-sweep-'));
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => stopProcess(w)));
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('swarm bench --redis', () => {
  it('prints the local report, wall-clock figures apart, and the password nowhere', async () => {
    const local = await runCli(sweepArgs(30));
    const remote = await runCli([...sweepArgs(30), '--redis', redis.url, '--out', join(dir, 'report')]);
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(withoutWallClock(local.stdout));
    // Progress: runs done and left, and the workers seen.
    expect(remote.stderr).toMatch(/60\/60 runs done, 0 left, 2 workers seen/);
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toContain('redis://:***@127.0.0.1');
    const client = redis.client();
    const stored = [];
    for (const key of await client.keys('swarmflight:sweep:*'))
      if ((await client.type(key)) === 'hash') stored.push(JSON.stringify(await client.hgetall(key)));
    client.disconnect();
    for (const text of [
      remote.stdout,
      remote.stderr,
      md,
      readFileSync(join(dir, 'report.json'), 'utf8'),
      ...stored,
      ...workers.map((w) => w.stderr()),
    ])
      expect(text).not.toContain(PASSWORD);
  }, 120_000);

  it('gives the local report for a task scenario and a graph scenario too', async () => {
    for (const args of [
      [
        'bench',
        '--scenario',
        'wide-search',
        '--size',
        '12',
        '--seeds',
        '3',
        '--policies',
        'serial,heuristic,llm',
      ],
      [
        'bench',
        '--scenario',
        'wide-fanout',
        '--seeds',
        '3',
        '--policies',
        'serial,critical-path',
        '--workers',
        '4',
      ],
    ]) {
      const local = await runCli([...args, '--json']);
      const remote = await runCli([...args, '--json', '--redis', redis.url]);
      expect(remote.code, remote.stderr).toBe(0);
      expect(withoutWallClock(remote.stdout)).toEqual(withoutWallClock(local.stdout));
    }
  }, 120_000);

  it('carries a trained checkpoint to the workers: parl:FILE gives the local report', async () => {
    const checkpoint = join(dir, 'parl.json');
    const trained = await runCli([
      ...['train', '--scenario', 'wide-search', '--policy', 'parl', '--episodes', '6'],
      ...['--batch', '3', '--group', '1', '--window', '3', '--out', checkpoint, '--json'],
    ]);
    expect(trained.code, trained.stderr).toBe(0);
    const args = ['bench', '--scenario', 'wide-search', '--size', '12', '--seeds', '3'];
    const policies = ['--policies', `heuristic,parl:${checkpoint}`, '--json'];
    const local = await runCli([...args, ...policies]);
    const remote = await runCli([...args, ...policies, '--redis', redis.url]);
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(withoutWallClock(local.stdout));
  }, 120_000);

  it('swarm grid --redis names the same best settings with the same figures', async () => {
    const args = ['grid', '--scenario', 'mix', '--seeds', '3', '--json'];
    const local = await runCli(args);
    const remote = await runCli([...args, '--redis', redis.url]);
    expect(remote.code, remote.stderr).toBe(0);
    expect(remote.stderr).toMatch(/runs done, 0 left/);
    expect(JSON.parse(remote.stdout)).toEqual(JSON.parse(local.stdout));
  }, 120_000);

  it('swarm chaos --redis gives the local report, its wall-clock mttrMs apart', async () => {
    const args = [
      'chaos',
      '--scenario',
      'wide-search',
      '--faults',
      'hang,crash,loop',
      '--seeds',
      '4',
      '--json',
    ];
    const noWall = (text: string) => JSON.parse(text, (key, value) => (key === 'mttrMs' ? undefined : value));
    const local = await runCli(args);
    const remote = await runCli([...args, '--redis', redis.url]);
    expect(remote.code, remote.stderr).toBe(0);
    expect(remote.stderr).toMatch(/4\/4 runs done, 0 left/);
    expect(noWall(remote.stdout)).toEqual(noWall(local.stdout));
    const refused = await runCli([...args, '--redis', redis.url, '--knowledge', join(dir, 'k.json')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--redis does not apply: with --knowledge each run learns/);
  }, 120_000);

  it('--resume of a finished sweep runs nothing again and prints the same report', async () => {
    const first = await runCli([...sweepArgs(30), '--redis', redis.url]);
    const again = await runCli([...sweepArgs(30), '--redis', redis.url, '--resume']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/60 of 60 runs already done, 0 to run/);
    expect(withoutWallClock(again.stdout)).toEqual(withoutWallClock(first.stdout));
  }, 120_000);

  it('a worker stopped with SIGTERM says so and exits 0', async () => {
    const extra = await startWorker(redis.url);
    const { code, signal } = await stopProcess(extra, 'SIGTERM');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(extra.stderr()).toMatch(/SIGTERM: finishing the jobs it holds/);
    expect(extra.stderr()).toMatch(/stopped after \d+ jobs?/);
  }, 60_000);
});
