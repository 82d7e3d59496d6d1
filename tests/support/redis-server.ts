/**
 * A Redis server of a test's own: redis-server on 127.0.0.1, on a free port, in a temporary
 * directory, stopped (and its directory removed) by `stop`. Never skipped: .ci/run installs
 * Debian's redis-server when it is missing, and a test without it fails, saying so.
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface TestRedis {
  readonly port: number;
  /** redis://127.0.0.1:PORT, with the password when there is one. */
  readonly url: string;
  readonly dir: string;
  /** A client for the test's own look at the keys. */
  client(): Redis;
  /** Stops the server (SIGTERM: with AOF on, it writes everything first) and starts it again, same port and directory. */
  restart(options?: { readonly downMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function redisBinary(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('redis-server is not installed: `apt-get install redis-server` (.ci/run installs it)');
  }
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made by openssl in `dir`: the server's,
 * and the authority a client trusts (NODE_EXTRA_CA_CERTS) to talk to it over rediss://.
 */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2'],
      ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

export async function startRedis(
  options: { readonly password?: string; readonly aof?: boolean; readonly tls?: boolean } = {},
): Promise<TestRedis & { readonly cert?: string }> {
  const bin = redisBinary();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'swarm-redis-'));
  const tls = options.tls ? selfSignedCertificate(dir) : undefined;
  const args = [
    ...['--bind', '127.0.0.1', '--dir', dir, '--save', ''],
    // With TLS, the plain port is closed: TLS only, as docs/scale-out.md says to run it.
    ...(tls
      ? ['--port', '0', '--tls-port', String(port), '--tls-cert-file', tls.cert, '--tls-key-file', tls.key]
      : ['--port', String(port)]),
    ...(tls ? ['--tls-ca-cert-file', tls.cert, '--tls-auth-clients', 'no'] : []),
    ...(options.aof ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
    ...(options.password ? ['--requirepass', options.password] : []),
    // BullMQ wants no key evicted.
    ...['--maxmemory-policy', 'noeviction', '--loglevel', 'warning'],
  ];
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(bin, args, { stdio: 'ignore' });
    const probe = new Redis({
      port,
      host: '127.0.0.1',
      ...(tls ? { tls: { ca: readFileSync(tls.cert) } } : {}),
      ...(options.password ? { password: options.password } : {}),
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    for (let i = 0; ; i++) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch (error) {
        if (i > 100)
          throw new Error(`redis-server on port ${port} did not start: ${(error as Error).message}`);
        probe.disconnect();
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    probe.disconnect();
  };
  const halt = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await launch();
  const auth = options.password ? `:${options.password}@` : '';
  return {
    port,
    url: `${tls ? 'rediss' : 'redis'}://${auth}127.0.0.1:${port}`,
    ...(tls ? { cert: tls.cert } : {}),
    dir,
    client: () => {
      const c = new Redis({
        port,
        host: '127.0.0.1',
        ...(options.password ? { password: options.password } : {}),
      });
      c.on('error', () => {});
      return c;
    },
    async restart({ downMs = 300 } = {}) {
      await halt();
      await new Promise((r) => setTimeout(r, downMs));
      await launch();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
