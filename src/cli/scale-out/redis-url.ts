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

/** The `--redis URL` flag of the commands that only serve or read a Redis server (worker, queue status). */
export const redisServerFlag = {
  name: 'redis',
  type: 'string',
  value: 'URL',
  required: true,
  help: `redis://[:PASSWORD@]HOST[:PORT][/DB], or rediss:// for TLS; the password may come from ${PASSWORD_ENV} instead, and is never printed`,
} as const;

export function redisTarget(
  raw: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): RedisTarget {
  const url = parsed(raw);
  // Refusals quote what was typed, password hidden: text after a stray # or ? may hold it too.
  const quoted = hidePassword(raw);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new UsageError(
      `--redis must start with redis:// or rediss:// (TLS), got "${url.protocol}//" in ${quoted}`,
    );
  if (url.hostname === '') throw new UsageError(`--redis names no host: ${quoted}`);
  if (url.hostname.includes('%'))
    throw new UsageError(`--redis: the host holds a %, which no host name has: ${quoted}`);
  // ioredis reads options from a URL's query; this parser does not, so none is silently dropped.
  if (url.search !== '' || url.hash !== '')
    throw new UsageError(
      `--redis takes no "?…" or "#…" (TLS is the scheme rediss://, the database the number after the last /): ${quoted}`,
    );
  const password = decoded(url.password, 'password', quoted) || env[PASSWORD_ENV] || '';
  const username = decoded(url.username, 'user name', quoted);
  const dbText = url.pathname.replace(/^\//, '');
  const db = dbText === '' ? 0 : /^\d{1,2}$/.test(dbText) ? Number(dbText) : -1;
  if (db < 0 || db > 15)
    throw new UsageError(
      `--redis: the database is a number from 0 to 15 after the last /, got "${hidePassword(dbText)}"`,
    );
  const port = url.port === '' ? 6379 : Number(url.port);
  if (port === 0) throw new UsageError(`--redis: the port is a number from 1 to 65535, got 0 in ${quoted}`);
  const tls = url.protocol === 'rediss:';
  // URL keeps IPv6 hosts in brackets; a socket wants them bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const shownUrl = new URL(url.href);
  if (shownUrl.password !== '') shownUrl.password = '***';
  const shown = shownUrl.href.replace(/\/$/, '');
  return {
    shown,
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

/** The URL, or a UsageError saying what part of it is wrong, the password hidden. */
function parsed(raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    // `URL` says only "Invalid URL": the port and the host are the parts people get wrong.
    const parts = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]/?#]*\]?|[^:/?#]*)(?::([^/?#]*))?/i.exec(
      raw.trim(),
    );
    const [, host, port] = parts ?? [];
    if (parts && host === '') throw new UsageError(`--redis names no host: ${hidePassword(raw)}`);
    if (parts && port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) <= 65535))
      throw new UsageError(
        `--redis: the port is a number from 1 to 65535, got "${hidePassword(port)}" in ${hidePassword(raw)}`,
      );
    throw new UsageError(`--redis must be a URL such as redis://127.0.0.1:6379, got "${hidePassword(raw)}"`);
  }
}

/**
 * A user name or password as the URL %-encodes it. `decodeURIComponent` throws a URIError on a `%`
 * that begins no escape, or escapes that are not UTF-8: that is bad input, said so, not a crash.
 */
function decoded(part: string, what: string, quoted: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new UsageError(
      `--redis: the ${what} holds a % that is not an escape of UTF-8 text (%XX, two hex digits); write a % itself as %25: ${quoted}`,
    );
  }
}

/** `text` with every occurrence of the password replaced by ***. */
export function scrub(text: string, target: Pick<RedisTarget, 'password'>): string {
  return target.password === '' ? text : text.split(target.password).join('***');
}

/**
 * A URL-ish string with what stands between `scheme://user:` and the last `@` hidden, for a URL that
 * did not parse or names no host (a password may hold a / or an @ that broke it, the // may be missing).
 */
function hidePassword(raw: string): string {
  // Control characters, a line break included, as JSON escapes: the message stays one line.
  raw = raw.replace(/\p{Cc}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (/^.*?\/\/[^/@:]*:.*@/s.test(raw)) return raw.replace(/^(.*?\/\/[^/@:]*:).*@/s, '$1***@');
  // No "//user:" to keep: everything up to the last @ may be the password.
  return raw.replace(/^([a-z][a-z0-9+.-]*:)?.*@/is, '$1***@');
}

/** A command line as a report quotes it: every Redis URL's password hidden. */
export function argvWithoutPasswords(argv: readonly string[]): string[] {
  return argv.map((arg) => arg.replace(/^((?:--redis=)?rediss?:\/\/[^/@:]*:)[^@/]*@/, '$1***@'));
}
