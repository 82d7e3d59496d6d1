import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { startRedis, type TestRedis } from '../support/redis-server';
import { type SwarmProcess, startSwarm, startWorker, stopProcess } from '../support/swarm-process';
import { sweepArgs, withoutWallClock } from './support';

// Issue 43, "Security": a Redis that speaks only TLS and wants a password, as docs/scale-out.md
// says to run one that other machines reach. Its certificate is self-signed: the processes trust
// it through NODE_EXTRA_CA_CERTS, as a cluster with a private authority would.
const PASSWORD = 'tls-only-Pa55word';
let redis: TestRedis & { readonly cert?: string };
let workers: SwarmProcess[] = [];
let trust: Record<string, string>;

beforeAll(async () => {
  redis = await startRedis({ password: PASSWORD, tls: true });
  trust = { NODE_EXTRA_CA_CERTS: redis.cert as string };
  workers = await Promise.all([startWorker(redis.url, [], trust), startWorker(redis.url, [], trust)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => stopProcess(w)));
  await redis?.stop();
});

describe('a sweep over rediss:// with a password', () => {
  it('gives the local report, and prints the password nowhere', async () => {
    expect(redis.url).toMatch(/^rediss:\/\//);
    const launcher = startSwarm([...sweepArgs(20), '--redis', redis.url], trust);
    const { code } = await launcher.exited();
    expect(code, launcher.stderr()).toBe(0);
    const local = await runCli(sweepArgs(20));
    expect(withoutWallClock(launcher.stdout())).toEqual(withoutWallClock(local.stdout));
    expect(launcher.stderr()).toMatch(/on rediss:\/\/:\*\*\*@127\.0\.0\.1:\d+/);
    for (const text of [launcher.stdout(), launcher.stderr(), ...workers.map((w) => w.stderr())])
      expect(text).not.toContain(PASSWORD);
  }, 120_000);

  it('a certificate the client does not trust is refused with exit code 2, naming TLS', async () => {
    // In-process: this process was not started with NODE_EXTRA_CA_CERTS.
    const { code, stderr } = await runCli([...sweepArgs(2), '--redis', redis.url]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /TLS with Redis at rediss:\/\/:\*\*\*@127\.0\.0\.1:\d+ failed: self-signed certificate/,
    );
    expect(stderr).not.toContain(PASSWORD);
  });

  it('redis:// to the TLS port says the port speaks TLS and names the rediss:// URL, not only ECONNRESET', async () => {
    // Issue 57, item 7: this said only "read ECONNRESET", after 3 s of retries.
    const plain = redis.url.replace(/^rediss:/, 'redis:');
    for (const command of [
      () => runCli([...sweepArgs(2), '--redis', plain]),
      () => runCli(['worker', '--redis', plain]),
    ]) {
      const { code, stdout, stderr } = await command();
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(
        /Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:(\d+) hung up \([^)]+\): that port speaks TLS, and redis:\/\/ sends plain text\. Use rediss:\/\/:\*\*\*@127\.0\.0\.1:\1$/,
      );
      expect(stderr).not.toContain(PASSWORD);
    }
  });

  it('the password may come from SWARM_REDIS_PASSWORD instead of the URL', async () => {
    const bare = redis.url.replace(`:${PASSWORD}@`, '');
    const worker = await startWorker(bare, [], { ...trust, SWARM_REDIS_PASSWORD: PASSWORD });
    const { code } = await stopProcess(worker);
    expect(code, worker.stderr()).toBe(0);
    expect(worker.stderr()).toMatch(/taking bench jobs from rediss:\/\/127\.0\.0\.1:\d+/);
    expect(worker.stderr()).not.toContain(PASSWORD);
  }, 60_000);
});
