/**
 * `swarm train --redis`: a PARL training whose batches are played by `swarm worker --queues train`
 * processes gives the checkpoint of the same training played here, byte for byte, even when a
 * worker is killed in the middle of it; and an episode's outcome crosses Redis bit for bit.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeExact, encodeExact } from '../../src/cli/scale-out/train-protocol';
import { runCli } from '../support/cli';
import { startRedis } from '../support/redis-server';
import { type SwarmProcess, startSwarm, startWorker, stopProcess } from '../support/swarm-process';

const redis = await startRedis();
const dir = mkdtempSync(join(tmpdir(), 'swarm-train-'));
const processes: SwarmProcess[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => stopProcess(p, 'SIGKILL')));
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

// A short training: 6 batches of 16 (4 groups of 4) on the mix.
const train = (out: string, ...extra: string[]) => [
  'train',
  ...['--scenario', 'mix', '--policy', 'parl', '--seed', '3', '--episodes', '96', '--batch', '16'],
  ...['--out', out, ...extra],
];

describe('training rollouts on other processes', { timeout: 180_000 }, () => {
  it('keep −0, NaN, infinities and typed arrays exactly', () => {
    const value = {
      x: Float64Array.of(-0, 0.1 + 0.2, Number.NaN, 1e-310, Number.POSITIVE_INFINITY),
      mask: Uint8Array.of(0, 1, 1),
      nested: [{ y: Float64Array.of(-1.5) }],
    };
    const back = decodeExact<typeof value>(encodeExact(value));
    expect(back.x).toBeInstanceOf(Float64Array);
    expect(back.mask).toBeInstanceOf(Uint8Array);
    expect(Object.is(back.x[0], -0)).toBe(true);
    expect([...back.x].slice(1)).toEqual([0.1 + 0.2, Number.NaN, 1e-310, Number.POSITIVE_INFINITY]);
    expect(back.nested[0]?.y).toEqual(Float64Array.of(-1.5));
  });

  it('give the local checkpoint byte for byte, with a worker killed mid-training', async () => {
    const local = join(dir, 'local.json');
    const remote = join(dir, 'remote.json');
    expect((await runCli(train(local, '--rollout-workers', '1'))).code).toBe(0);
    const [doomed, other] = await Promise.all([
      startWorker(redis.url, ['--queues', 'train']),
      startWorker(redis.url, ['--queues', 'train']),
    ]);
    processes.push(doomed, other);
    const launcher = startSwarm(train(remote, '--redis', redis.url));
    processes.push(launcher);
    // Killed once the training is under way: its episodes are played again elsewhere.
    await launcher.waitFor(/episode \d+\/96/, 60_000);
    doomed.child.kill('SIGKILL');
    const exit = await launcher.exited();
    expect(exit.code, launcher.stderr()).toBe(0);
    expect(readFileSync(remote, 'utf8')).toBe(readFileSync(local, 'utf8'));
  });
});
