/**
 * `swarm experiment NAME --redis`: each arm's training played on the workers' train queue and the
 * bench after it swept on their bench queue give the local experiment's JSON, wall-clock figures
 * (each arm's seconds, wallClockMs) apart; `experiment aux-rewards --redis` trains its arms there.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { startRedis } from '../support/redis-server';
import { type SwarmProcess, startWorker, stopProcess } from '../support/swarm-process';

const redis = await startRedis();
const dir = mkdtempSync(join(tmpdir(), 'swarm-experiment-'));
const processes: SwarmProcess[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => stopProcess(p, 'SIGKILL')));
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

const withoutWallClock = (text: string): unknown =>
  JSON.parse(text, (key, value) =>
    key === 'wallClockMs' || key === 'seconds' || key === 'command' ? undefined : value,
  );

describe('an experiment across machines', { timeout: 180_000 }, () => {
  it('trains each arm and benches them on the workers, to the local JSON', async () => {
    const args = (out: string) => [
      ...['experiment', 'serial-collapse', '--episodes', '32', '--seeds', '8'],
      ...['--out-dir', join(dir, out), '--json'],
    ];
    const local = await runCli(args('local'));
    expect(local.code, local.stderr).toBe(0);
    processes.push(
      ...(await Promise.all([
        startWorker(redis.url, ['--queues', 'bench,train']),
        startWorker(redis.url, ['--queues', 'bench,train']),
      ])),
    );
    const remote = await runCli([...args('remote'), '--redis', redis.url]);
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(withoutWallClock(local.stdout));
    // The report is a real one: the heuristic and both arms, each over the 8 seeds.
    const scores = (JSON.parse(local.stdout) as { scores: Record<string, unknown> }).scores;
    expect(Object.keys(scores)).toEqual(['heuristic', 'λ1 annealed 0.1→0', 'λ1 = 0']);
    // The command it quotes is the one given, the password hidden had there been one.
    expect((JSON.parse(remote.stdout) as { command: string }).command).toContain(`--redis ${redis.url}`);
  });

  it('aux-rewards: every arm trained on the workers gives the local report', async () => {
    const args = [
      ...['experiment', 'aux-rewards', '--scenario', 'mix', '--train-seeds', '1'],
      ...['--episodes', '64', '--seeds', '10', '--json'],
    ];
    const local = await runCli(args);
    expect(local.code, local.stderr).toBe(0);
    const remote = await runCli([...args, '--redis', redis.url]);
    expect(remote.code, remote.stderr).toBe(0);
    expect(withoutWallClock(remote.stdout)).toEqual(withoutWallClock(local.stdout));
    expect((JSON.parse(local.stdout) as { rows: unknown[] }).rows).toHaveLength(4);
  });
});
