/**
 * `--redis URL`: the Redis server a sweep's launcher and its workers meet at. `redis://` or
 * `rediss://` (TLS), with an optional user and password and a database number. The password is
 * never shown: every message names the server by `shown`, with the password as `***`, and
 * anything a library says about it is scrubbed (`scrub`) before it is printed.
 */

import { isIP } from 'node:net';
import type { RedisOptions } from 'ioredis';
import { UsageError } from '../errors';

export interface RedisTarget {
  /** The server as messages name it: the URL with its password replaced by ***. */
  readonly shown: string;
  /** ioredis's options for it (no retry settings: each connection adds its own). */
  readonly options: RedisOptions;
  /** The password, to scrub from what libraries say; '' when there is none. */
  readonly password: string;
}

/**
 * Where a password may also come from, so that it need not be on the command line (where `ps`
 * shows it to every user of the machine): used when the URL carries none.
 */
export const PASSWORD_ENV = 'SWARM_REDIS_PASSWORD';

export function redisTarget(
  raw: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): RedisTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--redis must be a URL such as redis://127.0.0.1:6379, got "${hidePassword(raw)}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new UsageError(
      `--redis must start with redis:// or rediss:// (TLS), got "${url.protocol}//" in ${hidePassword(raw)}`,
    );
  if (url.hostname === '') throw new UsageError(`--redis names no host: ${hidePassword(raw)}`);
  const password = decodeURIComponent(url.password) || env[PASSWORD_ENV] || '';
  const username = decodeURIComponent(url.username);
  const dbText = url.pathname.replace(/^\//, '');
  const db = dbText === '' ? 0 : Number(dbText);
  if (!Number.isSafeInteger(db) || db < 0 || db > 15)
    throw new UsageError(`--redis: the database is a number from 0 to 15 after the last /, got "${dbText}"`);
  const port = url.port === '' ? 6379 : Number(url.port);
  const tls = url.protocol === 'rediss:';
  // URL keeps IPv6 hosts in brackets; a socket wants them bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const shownUrl = new URL(url.href);
  if (shownUrl.password !== '') shownUrl.password = '***';
  return {
    shown: shownUrl.href.replace(/\/$/, ''),
    password,
    options: {
      host,
      port,
      db,
      ...(username !== '' ? { username } : {}),
      ...(password !== '' ? { password } : {}),
      // The server's certificate is checked as any TLS client checks it (NODE_EXTRA_CA_CERTS adds
      // a private authority; docs/scale-out.md).
      ...(tls ? { tls: isIP(host) === 0 ? { servername: host } : {} } : {}),
    },
  };
}

/** `text` with every occurrence of the password replaced by ***. */
export function scrub(text: string, target: Pick<RedisTarget, 'password'>): string {
  return target.password === '' ? text : text.split(target.password).join('***');
}

/** A URL-ish string with what stands between `//user:` and `@` hidden, for a URL that did not parse. */
function hidePassword(raw: string): string {
  return raw.replace(/(\/\/[^/@:]*:)[^@/]*@/, '$1***@');
}

/** A command line as a report quotes it: every Redis URL's password hidden. */
export function argvWithoutPasswords(argv: readonly string[]): string[] {
  return argv.map((arg) => arg.replace(/^((?:--redis=)?rediss?:\/\/[^/@:]*:)[^@/]*@/, '$1***@'));
}
