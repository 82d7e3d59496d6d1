/**
 * Connections to the sweep's Redis. First a probe with a bounded wait, so that a server that
 * cannot be reached, or refuses the password, is a message and exit code 2 at once rather than a
 * process that retries in silence; then the long-lived connections, which wait out a restart of
 * the server (BullMQ needs maxRetriesPerRequest null on them).
 */

import { isIP } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { Redis } from 'ioredis';
import { UsageError } from '../errors';
import { type RedisTarget, scrub } from './redis-url';

/** How long the probe tries before it gives up on a server that does not answer. */
export const CONNECT_WAIT_MS = 3000;

/** Options for a connection that outlives a restart of the server: it retries, and its commands wait. */
export function lastingOptions(target: RedisTarget) {
  return {
    ...target.options,
    maxRetriesPerRequest: null,
    // A restarted server is back within seconds; a missing one is reported by the probe, not here.
    retryStrategy: (times: number) => Math.min(100 * times, 1000),
  };
}

/**
 * A lasting connection of our own (BullMQ makes its own from the same options). `onTrouble`
 * hears of a lost server at most every 10 s, so that a launcher waiting for it says why.
 */
export function lastingConnection(target: RedisTarget, onTrouble?: (message: string) => void): Redis {
  const redis = new Redis(lastingOptions(target));
  let said = 0;
  // Without a listener ioredis prints every reconnection failure itself.
  redis.on('error', (error: Error) => {
    if (!onTrouble || Date.now() - said < 10_000) return;
    said = Date.now();
    onTrouble(`Redis at ${target.shown} does not answer (${scrub(error.message, target)}): waiting for it`);
  });
  return redis;
}

/**
 * Connects once and pings, within `waitMs`: resolves when the server answers, and throws a
 * UsageError naming the problem (unreachable, password refused, TLS) when it does not.
 */
export async function probeRedis(target: RedisTarget, waitMs = CONNECT_WAIT_MS): Promise<void> {
  const started = Date.now();
  let triedTls = false;
  for (;;) {
    const redis = new Redis({
      ...target.options,
      lazyConnect: true,
      connectTimeout: Math.max(200, waitMs),
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    let last: Error | undefined;
    redis.on('error', (error: Error) => {
      last = error;
    });
    try {
      await redis.connect();
      await redis.ping();
      return;
    } catch (error) {
      const seen = last ?? (error as Error);
      // A TLS server hangs up on the plain text of redis:// and ioredis says only ECONNRESET: a
      // TLS handshake of our own (nothing sent after it) tells that apart from a server that
      // restarts, so the message names the cause at once.
      if (!triedTls && target.options.tls === undefined && HUNG_UP.test(seen.message)) {
        triedTls = true;
        if (await speaksTls(target, Math.max(200, Math.min(1000, waitMs))))
          throw new UsageError(plainToTls(target, scrub(seen.message, target)));
      }
      // A server that is starting, or a network that blinks, is tried again until the wait is
      // over; a refused password or a failed handshake is final.
      const final =
        !/ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|Connection is closed|LOADING/i.test(
          seen.message,
        );
      if (final || Date.now() - started + 200 >= waitMs)
        throw new UsageError(problemOf(target, seen, waitMs));
    } finally {
      redis.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What ioredis says of a server that took the connection and then hung up on it. */
const HUNG_UP = /ECONNRESET|EPIPE|Connection is closed/i;

/** The message for redis:// to a port that speaks TLS: which URL to give instead. */
export function plainToTls(target: RedisTarget, said: string): string {
  const tlsUrl = target.shown.replace(/^redis:/, 'rediss:');
  return `Redis at ${target.shown} hung up (${said}): that port speaks TLS, and redis:// sends plain text. Use ${tlsUrl}`;
}

/**
 * Whether the server at the target's host and port completes a TLS handshake. Its certificate is
 * not checked here and nothing is sent over the connection: the answer only names the cause of a
 * refusal, and the connection that follows (rediss://) checks the certificate as always.
 */
export function speaksTls(target: RedisTarget, waitMs: number): Promise<boolean> {
  const { host = '127.0.0.1', port = 6379 } = target.options;
  return new Promise((resolve) => {
    const socket = tlsConnect({
      host,
      port,
      rejectUnauthorized: false,
      ...(isIP(host) === 0 ? { servername: host } : {}),
    });
    const done = (answer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.once('secureConnect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** What went wrong, in words, from what ioredis or the server said. */
export function problemOf(target: RedisTarget, error: Error, waitMs: number): string {
  const said = scrub(error.message, target);
  if (/WRONGPASS|invalid username-password|invalid password/i.test(said))
    return `Redis at ${target.shown} refused the user name or password (${said.split('\n')[0]})`;
  if (/NOAUTH/i.test(said))
    return `Redis at ${target.shown} needs a password: give it in the URL (redis://:PASSWORD@host:port) or in SWARM_REDIS_PASSWORD`;
  if (/without any password configured/i.test(said))
    return `Redis at ${target.shown} has no password set, and one was given: remove it, or set requirepass on the server`;
  if (/SSL|TLS|certificate|EPROTO/i.test(said)) return `TLS with Redis at ${target.shown} failed: ${said}`;
  const tls =
    target.options.tls !== undefined
      ? ' (rediss:// speaks TLS: does the server listen with TLS on that port?)'
      : '';
  return `cannot reach Redis at ${target.shown} (tried for ${(waitMs / 1000).toFixed(0)} s): ${said}${tls}`;
}
