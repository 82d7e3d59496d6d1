import { describe, expect, it } from 'vitest';
import { argvWithoutPasswords, redisTarget, scrub } from '../../src/cli/scale-out/redis-url';
import { decodeRecord, encodeRecord, jobIdOf, SWEEP_VERSION } from '../../src/cli/scale-out/sweep-protocol';

describe('what crosses Redis', () => {
  it('a record keeps every number as it was, NaN, infinities and −0 included', () => {
    const record = {
      a: Number.NaN,
      b: Number.POSITIVE_INFINITY,
      c: Number.NEGATIVE_INFINITY,
      d: -0,
      e: 0.1 + 0.2,
      f: [1, null],
    };
    const back = decodeRecord<typeof record>(encodeRecord(record));
    expect(back.a).toBeNaN();
    expect(back.b).toBe(Number.POSITIVE_INFINITY);
    expect(back.c).toBe(Number.NEGATIVE_INFINITY);
    expect(Object.is(back.d, -0)).toBe(true);
    expect(back.e).toBe(0.1 + 0.2);
    expect(back.f).toEqual([1, null]);
  });

  it("a job's id is made from the sweep, the launch, the policy's index and the seed, with no colon", () => {
    expect(jobIdOf({ sweep: 'abc', launch: 2, policy: 1, seed: 40 })).toBe('abc-2-1-40');
    expect(SWEEP_VERSION).toMatch(/^swarmflight \d+\.\d+\.\d+, sweep protocol \d+, build [0-9a-f]{12}$/);
  });
});

describe('--redis URL', () => {
  it('takes a password, a user and a database, and shows the URL without the password', () => {
    const t = redisTarget('redis://ops:s%40cret@10.0.0.5:6380/3', {});
    expect(t.options).toMatchObject({
      host: '10.0.0.5',
      port: 6380,
      db: 3,
      username: 'ops',
      password: 's@cret',
    });
    expect(t.options.tls).toBeUndefined();
    expect(t.shown).toBe('redis://ops:***@10.0.0.5:6380/3');
    expect(scrub('AUTH failed for s@cret', t)).toBe('AUTH failed for ***');
  });

  it('rediss:// is TLS, checked against the host name', () => {
    const t = redisTarget('rediss://redis.lab.example:6390', {});
    expect(t.options.tls).toEqual({ servername: 'redis.lab.example' });
    expect(redisTarget('rediss://127.0.0.1', {}).options).toMatchObject({ port: 6379, tls: {} });
  });

  it('the password may come from SWARM_REDIS_PASSWORD; the URL wins when it has one', () => {
    expect(redisTarget('redis://h', { SWARM_REDIS_PASSWORD: 'envpw' }).options.password).toBe('envpw');
    expect(redisTarget('redis://:urlpw@h', { SWARM_REDIS_PASSWORD: 'envpw' }).options.password).toBe('urlpw');
    expect(redisTarget('redis://h', { SWARM_REDIS_PASSWORD: 'envpw' }).shown).toBe('redis://h');
  });

  it('a command line quoted in a report hides every Redis password', () => {
    expect(
      argvWithoutPasswords(['--redis', 'rediss://u:p%40ss@h:1/2', '--redis=redis://:x@h', '--seeds', '3']),
    ).toEqual(['--redis', 'rediss://u:***@h:1/2', '--redis=redis://:***@h', '--seeds', '3']);
  });

  it('a URL that does not parse is quoted with its password hidden', () => {
    expect(() => redisTarget('redis://:pw@[bad', {})).toThrow(/got "redis:\/\/:\*\*\*@\[bad"/);
  });
});
