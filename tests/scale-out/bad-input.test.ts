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

  it('a malformed Redis URL: one line naming the part that is wrong, exit 2, the password hidden', async () => {
    // Issue 57, item 9: a bad % escape in the password ended in an uncaught URIError (exit 1).
    const secret = 's3cret';
    const cases: [string, string][] = [
      [
        `redis://:${secret}%zz@127.0.0.1:6379`,
        '--redis: the password holds a % that is not an escape of UTF-8 text (%XX, two hex digits); write a % itself as %25: redis://:***@127.0.0.1:6379',
      ],
      [`redis://:${secret}%@127.0.0.1:6379`, '--redis: the password holds a % that is not an escape'],
      // %e0 is an escape, but of no UTF-8 text.
      [`redis://us%e0er:${secret}@127.0.0.1`, '--redis: the user name holds a % that is not an escape'],
      [
        `redis://:${secret}@127.0.0.1:99999`,
        '--redis: the port is a number from 1 to 65535, got "99999" in redis://:***@127.0.0.1:99999',
      ],
      [`redis://:${secret}@127.0.0.1:0`, '--redis: the port is a number from 1 to 65535, got 0'],
      [`redis://:${secret}@127.0.0.1:63x9`, '--redis: the port is a number from 1 to 65535, got "63x9"'],
      [`redis://:${secret}@:6379`, '--redis names no host: redis://:***@:6379'],
      [`redis://:${secret}@ho%2Fst:6379`, '--redis: the host holds a %, which no host name has'],
      [`redis://:${secret}@127.0.0.1:6379?tls=true`, '--redis takes no "?…" or "#…"'],
      [
        `redis://:${secret}@127.0.0.1:6379/0x1`,
        '--redis: the database is a number from 0 to 15 after the last /, got "0x1"',
      ],
      [
        `redis://:${secret}@[::1:6379`,
        '--redis must be a URL such as redis://127.0.0.1:6379, got "redis://:***@[::1:6379"',
      ],
      [`redis://:pa/${secret}@127.0.0.1:6379`, '--redis'],
      [
        `unix://:${secret}@127.0.0.1:6379`,
        '--redis must start with redis:// or rediss:// (TLS), got "unix://"',
      ],
    ];
    for (const [url, message] of cases) {
      for (const command of [
        () => bench('--redis', url),
        () => runCli(['worker', '--redis', url]),
        () => runCli(['train', '--scenario', 'mixed-coding', '--redis', url]),
      ]) {
        const { code, stdout, stderr } = await command();
        expect(code, url).toBe(2);
        expect(stdout).toBe('');
        expect(stderr, url).toContain(message);
        expect(stderr.trim().split('\n'), url).toHaveLength(1);
        expect(stderr).not.toMatch(/URIError|\n\s+at /);
        expect(stderr, url).not.toContain(secret);
      }
    }
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
