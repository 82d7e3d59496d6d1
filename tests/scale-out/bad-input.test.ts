import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { startRedis, type TestRedis } from '../support/redis-server';
import { sweepArgs } from './support';

// Issue 43, "Bad input": each a message naming the problem, exit code 2, no password shown.
const PASSWORD = 'right-horse-battery';
let redis: TestRedis;

beforeAll(async () => {
  redis = await startRedis({ password: PASSWORD });
}, 30_000);

afterAll(async () => {
  await redis?.stop();
});

/** A port nothing listens on: taken, then given back. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const bench = (...extra: string[]) => runCli([...sweepArgs(2), ...extra]);

describe('bad input to a sweep across machines', () => {
  it('a Redis that cannot be reached: refused after a short bounded wait', async () => {
    const port = await closedPort();
    for (const command of [
      () => bench('--redis', `redis://:hunter2@127.0.0.1:${port}`),
      () => runCli(['worker', '--redis', `redis://:hunter2@127.0.0.1:${port}`]),
    ]) {
      const started = Date.now();
      const { code, stdout, stderr } = await command();
      const waited = Date.now() - started;
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(
        new RegExp(
          `cannot reach Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port} \\(tried for 3 s\\): connect ECONNREFUSED`,
        ),
      );
      expect(stderr).not.toContain('hunter2');
      expect(waited).toBeGreaterThanOrEqual(2500);
      expect(waited).toBeLessThan(15_000);
    }
  }, 60_000);

  it('a wrong password, and none where one is needed', async () => {
    const wrong = await bench('--redis', `redis://:wrong-pass@127.0.0.1:${redis.port}`);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      /Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ refused the user name or password/,
    );
    expect(wrong.stderr).not.toContain('wrong-pass');
    const none = await runCli(['worker', '--redis', `redis://127.0.0.1:${redis.port}`]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/needs a password: give it in the URL .* or in SWARM_REDIS_PASSWORD/);
  });

  it('a queue name that does not exist', async () => {
    const unknown = await runCli(['worker', '--redis', redis.url, '--queues', 'bench,benhc']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /--queues: "benhc" is not a queue this worker serves \(bench, train, subagents\)/,
    );
    const pace = await runCli(['worker', '--redis', redis.url, '--queues', 'bench', '--pace', '100']);
    expect(pace.code).toBe(2);
    expect(pace.stderr).toMatch(/--pace does not apply: it paces the simulated model of the subagents queue/);
  });

  it('--resume of a sweep that does not exist', async () => {
    const { code, stderr } = await bench('--seed-start', '77', '--redis', redis.url, '--resume');
    expect(code).toBe(2);
    expect(stderr).toMatch(/--resume: there is no sweep \w{16} on redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ /);
    expect(stderr).not.toContain(PASSWORD);
  });

  it('flags that do not go together', async () => {
    const cases: [string[], RegExp][] = [
      [['--resume'], /--resume does not apply: it continues a sweep through Redis: give --redis URL/],
      [['--redis', 'http://127.0.0.1:6379'], /--redis must start with redis:\/\/ or rediss:\/\/ \(TLS\)/],
      [['--redis', 'not a url'], /--redis must be a URL such as redis:\/\/127\.0\.0\.1:6379/],
      [['--redis', 'redis://127.0.0.1:6379/99'], /--redis: the database is a number from 0 to 15/],
      [
        ['--redis', redis.url, '--trace-dir', 'x'],
        /--trace-dir does not apply: with --redis the runs are made on the workers/,
      ],
      [
        ['--redis', redis.url, '--provider', 'openai', '--endpoint', 'http://127.0.0.1:1/v1'],
        /--redis does not apply: a sweep across machines runs on the simulated provider/,
      ],
    ];
    for (const [extra, message] of cases) {
      const { code, stderr } = await bench(...extra);
      expect(code, extra.join(' ')).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr).not.toContain(PASSWORD);
    }
  });
});
